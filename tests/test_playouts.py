"""Random playouts: thousands of complete seeded FOR-GET-IT games with random legal choices.

Game i is driven by `random.Random(i)`, which draws the game seed and every
choice, so a failure names a game that replays exactly. After every step the
nine dice are accounted for, the pad agrees with the events, and the state is
plain JSON; at the end the record replays to the same state and the winners
are the players with the most points.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from wortwurf import engine

GAMES = 2000
CHUNKS = 8  # one test per chunk of consecutive games; game i has 1 + i % 8 players
SYLLABLES = ("FOR", "GET", "IT")
NUMBERS = (1, 2, 3, 4, 5)
STOP_CHANCE = 0.3  # bias towards ending turns so every game finishes
STATED_CHANCE = 0.2  # in digital games, sometimes type the faces in as at a table


def stated_faces(rng, state):
    """A random roll for the dice in hand that a real table could show."""
    dice = state["turn"]["dice"]
    hand = [d for d in dice if not d["aside"]]
    if not hand:  # all nine are picked up again, syllables start afresh
        hand, available = dice, dict.fromkeys(SYLLABLES, 3)
    else:
        available = {s: 3 - sum(d["aside"] and d["face"] == s for d in dice) for s in SYLLABLES}
    faces = []
    for _ in hand:
        open_syllables = [s for s in SYLLABLES if available[s]]
        if open_syllables and rng.random() < 1 / 6:
            face = rng.choice(open_syllables)
            available[face] -= 1
        else:
            face = rng.choice(NUMBERS)
        faces.append(face)
    return faces


def choose(rng, state, physical):
    legal = engine.legal_actions(state)
    assert legal, "a running game always has a legal action"
    stop = {"type": "stop"}
    if stop in legal and rng.random() < STOP_CHANCE:
        action = stop
    else:
        action = rng.choice(legal)
    if action["type"] == "roll" and (physical or rng.random() < STATED_CHANCE):
        action = {"type": "roll", "faces": stated_faces(rng, state)}
    return action


def check_dice(dice, turn=None):
    assert len(dice) == 9
    assert Counter(d["kind"] for d in dice) == {"FOR": 3, "GET": 3, "IT": 3}
    for die in dice:
        if die["face"] in SYLLABLES:
            assert die["aside"] and die["face"] == die["kind"]
        elif die["aside"]:
            assert die["face"] in NUMBERS
    if turn is None:
        return
    collected = [d["face"] for d in dice if d["aside"] and d["face"] in NUMBERS]
    assert set(collected) <= {turn["number"]}
    assert turn["count"] >= len(collected)
    if turn["passes"] == 0:
        assert turn["count"] == len(collected)
    if turn["rolls"] == 0:
        assert all(d["face"] is None and not d["aside"] for d in dice)
    syllables = Counter(d["face"] for d in dice if d["aside"] and d["face"] in SYLLABLES)
    assert not all(syllables[s] for s in SYLLABLES), "a bust must end the turn"


def play(i):
    rng = random.Random(i)
    players = [f"P{p}" for p in range(1 + i % 8)]
    physical = (i // 8) % 4 == 3  # every fourth game with dice at the table
    state = engine.new_game("forgetit", players, {"physical": physical}, rng.getrandbits(53))
    record = engine.record_of(state)
    totals = [0] * len(players)
    entries = [0] * len(players)
    steps = 0
    while not state["over"]:
        action = choose(rng, state, physical)
        state = engine.apply(state, action)
        record["actions"].append(action)
        steps += 1
        assert steps < 20_000, f"game {i} does not end"

        for event in state["events"]:
            if event["e"] == "stopped":
                totals[event["player"]] += event["points"]
                entries[event["player"]] += 1
            elif event["e"] == "bust":
                entries[event["player"]] += 1
        check_dice(state["turn"]["dice"], state["turn"])
        if state["last_turn"] is not None:
            check_dice(state["last_turn"]["dice"])
        view = engine.view(state)
        assert view["pad"]["totals"] == totals
        assert [len(column) for column in state["pad"]] == entries
        assert json.loads(json.dumps(state)) == state

    assert entries == [12] * len(players)
    assert engine.legal_actions(state) == []
    assert engine.replay(record)["state"] == state
    scores = engine.result(state)["scores"]
    assert scores == totals
    assert engine.result(state)["winners"] == [p for p, s in enumerate(totals) if s == max(totals)]
    return steps


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts(chunk):
    size = GAMES // CHUNKS
    games = range(chunk * size, (chunk + 1) * size)
    steps = sum(play(i) for i in games)
    assert steps > len(games) * 12  # every turn takes at least a roll
