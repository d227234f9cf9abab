"""TYP-DOM's computer players and hint: the move generator's placements, ranked as each variant scores."""

from __future__ import annotations

from ...chance import keyed
from ..options import seat_strength
from .moves import Placement, search
from .crossword import current_player
from .tiles import JOKER, TILES, VALUES
from .words import spelled

def worth(found: Placement, variant: str) -> tuple:
    """How good a placement is: Point counts its word's points; Kreuzwort the tiles it sheds, the hard ones
    first (a joker is the last tile to give away: it fits almost anywhere later)."""
    letters = [TILES[tile][0] for tile in found.tiles]
    hard = sum(VALUES[letter] for letter in letters)
    if variant == "point":
        return found.points, len(letters), hard
    return len(letters), hard, -letters.count(JOKER)


def placements(state: dict, lexicon=None) -> list[Placement]:
    """The current player's placements, if placing is what the turn allows."""
    if state["over"] or state["deal_over"] or (state["placed"] and not state["second"]):
        return []
    return search(state, current_player(state), lexicon)


def merit(variant: str):
    """The order of placements, best last: by worth, ties in a fixed order (word, then cells), so a replay
    chooses alike."""
    return lambda found: (worth(found, variant), found.word, found.direction, found.line, found.laid)


def preferred(variant: str):
    """The order a hint and the computers choose in, best last: a word people know before any other (the
    lexicon's "frequent": an AAK or SAXE feels like a broken player), then by `merit`."""
    by_merit = merit(variant)
    return lambda found: (found.known, by_merit(found))


def ranked(state: dict, lexicon=None) -> list[Placement]:
    """The current player's placements of words people know, best first; all of them where there are none."""
    found = placements(state, lexicon)
    known = [placement for placement in found if placement.known]
    (known or found).sort(key=merit(state["options"]["variant"]), reverse=True)
    return known or found


def hint(state: dict) -> dict:
    """A possible move for the player to move: the best one of a word people know (of any word if none is),
    its word spelled as the Wörterbuch spells it (NACHPRÜFBAREN, laid as U, E); and how many there are."""
    found = placements(state)
    best = max(found, key=preferred(state["options"]["variant"])) if found else None
    if best is None:
        return {"move": None, "count": 0}
    return {"move": {**best.as_move(), "word": spelled(best.word)}, "count": len(found)}


def computer_action(state: dict, lexicon=None) -> dict:
    """What the computer player in the current seat does: of the placements of words people know (any where
    there are none: `ranked`), the best (strength 3), one of the better quarter (2) or of the weaker half (1);
    without one, it stops (a declined second word) or draws one tile."""
    strength = seat_strength(state, current_player(state))
    if state["deal_over"]:
        return {"type": "next_deal"}
    found = ranked(state, lexicon)
    if not found:
        return {"type": "stop"} if state["second"] and state["options"]["variant"] == "point" else {"type": "draw", "count": 1}
    if strength == 3:
        chosen = found[0]
    else:
        pool = found[: max(1, len(found) // 4)] if strength == 2 else found[len(found) // 2:]
        chosen = pool[keyed(state["seed"], state["deal"], len(state["log"]), "computer") % len(pool)]
    return {"type": "place", "tiles": chosen.as_move()["tiles"]}
