"""FOR-GET-IT rolls that show chosen faces, for tests that set up a position.

With real dice the faces are stated, as at a table. The app's own dice take no dictated faces (the engine
refuses them), so there the engine's keyed roll is made to show them: the position is one the app's dice
could have rolled, reached the way a game reaches it.
"""

from __future__ import annotations

from contextlib import contextmanager
from unittest.mock import patch

from wortwurf import engine
from wortwurf.games.forgetit import rules as forgetit


@contextmanager
def dice_showing(state, faces):
    """While open, the app's next roll from `state` shows `faces` (a multiset for the dice in hand, as a table
    states them): each syllable on a die that carries it, the numbers from the lowest on the other dice."""
    dice = state["turn"]["dice"]
    free = [slot for slot, die in enumerate(dice) if not die["aside"]] or list(range(len(dice)))
    assert len(faces) == len(free), "one face for each die in hand"
    by_slot = {}
    for face in sorted(faces, key=lambda f: (f not in forgetit.SYLLABLES, str(f))):
        slot = next((s for s in free if face not in forgetit.SYLLABLES or dice[s]["kind"] == face), None)
        assert slot is not None, f"no die in hand carries {face}"
        free.remove(slot)
        by_slot[slot] = face
    with patch.object(forgetit, "_keyed_face", lambda _state, slot, _kind: by_slot[slot]):
        yield


def roll(state, *faces):
    """A roll showing `faces`: stated with real dice, else the app's own roll made to show them."""
    if state["options"]["physical"]:
        return engine.apply(state, {"type": "roll", "faces": list(faces)})
    with dice_showing(state, faces):
        return engine.apply(state, {"type": "roll"})
