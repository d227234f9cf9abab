"""Saved games made before the games moved into packages of their own still load, to the very same state.

Each fixture is a record played with the code of that time (FOR-GET-IT and DICEWORDS also with real dice,
Frigiti, TYP-DOM's Kreuzwort-Spiel and Point) and the SHA-256 of the state it replayed to then.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from wortwurf import engine

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.json"))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_saved_game_of_the_earlier_format_replays_to_the_same_state(path):
    saved = json.loads(path.read_text(encoding="utf-8"))
    state = engine.replay(saved["record"])["state"]
    assert state["over"] == saved["over"]
    assert hashlib.sha256(json.dumps(state, sort_keys=True, ensure_ascii=False).encode()).hexdigest() \
        == saved["state_sha256"]


def test_every_kind_of_game_has_a_saved_game():
    kinds = {(s["record"]["game"], s["record"]["options"].get("physical", False),
              s["record"]["options"].get("variant")) for s in map(lambda p: json.loads(p.read_text()), FIXTURES)}
    assert kinds >= {("forgetit", False, None), ("forgetit", True, None), ("dicewords", False, None),
                     ("dicewords", True, None), ("frigiti", False, None), ("typdom", False, "kreuzwort"),
                     ("typdom", False, "point")}
