"""Random playouts: 256 complete seeded FOR-GET-IT games with random legal choices (`build.py soak N`
plays N more of every game under the contract's checks).

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

GAMES = 256  # about 5 s of one core; the JSON round trip per step dominates (soak plays more)
CHUNKS = 8  # one test per chunk of 32 consecutive games; game i has 1 + i % 8 players, every fourth 8 real dice
SYLLABLES = ("FOR", "GET", "IT")
NUMBERS = (1, 2, 3, 4, 5)
STOP_CHANCE = 0.3  # bias towards ending turns so every game finishes
GREEDY_CHANCE = 0.8  # mostly set aside as many dice as allowed, so all nine go aside now and then
LUCKY_CHANCE = 0.3  # a typed-in die (real dice) shows the turn's number this often


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
        elif state["turn"]["number"] and rng.random() < LUCKY_CHANCE:
            face = state["turn"]["number"]
        else:
            face = rng.choice(NUMBERS)
        faces.append(face)
    return faces


def choose(rng, state, physical):
    legal = engine.legal_actions(state)
    if physical:  # a roll needs the faces the table sees, so none is listed
        assert {"type": "roll"} not in legal
        legal.insert(0, {"type": "roll"})
    assert legal, "a running game always has a legal action"
    stop = {"type": "stop"}
    asides = [a for a in legal if a["type"] == "set_aside"]
    if stop in legal and all(d["aside"] for d in state["turn"]["dice"]):
        action = rng.choice(legal)  # all nine aside: pick them all up again or stop
    elif stop in legal and rng.random() < STOP_CHANCE:
        action = stop
    elif asides and rng.random() < GREEDY_CHANCE:
        most = max(len(a["dice"]) for a in asides)
        action = rng.choice([a for a in asides if len(a["dice"]) == most])
    else:
        action = rng.choice(legal)
    if action["type"] == "roll" and physical:
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


def check_state(state, totals, entries):
    check_dice(state["turn"]["dice"], state["turn"])
    assert engine.view(state)["pad"]["totals"] == totals
    assert [len(column) for column in state["pad"]] == entries
    assert json.loads(json.dumps(state)) == state


def play(i):
    rng = random.Random(i)
    players = [f"P{p}" for p in range(1 + i % 8)]
    physical = (i // 8) % 4 == 3  # every fourth game with dice at the table
    state = engine.new_game("forgetit", players, {"physical": physical}, rng.getrandbits(53))
    record = engine.record_of(state)
    totals = [0] * len(players)
    entries = [0] * len(players)
    seen = Counter()
    check_state(state, totals, entries)
    while not state["over"]:
        action = choose(rng, state, physical)
        state = engine.apply(state, action)
        record["actions"].append(action)
        seen["steps"] += 1
        assert seen["steps"] < 20_000, f"game {i} does not end"
        for event in state["events"]:
            seen[event["e"]] += 1
            seen["picked_up"] += bool(event.get("picked_up"))
            if event["e"] in ("stopped", "bust"):
                player, points = event["player"], event.get("points", 0)
                totals[player] += points
                entries[player] += 1
                assert state["pad"][player][-1] == {"points": points, "bust": event["e"] == "bust"}
                check_dice(state["last_turn"]["dice"])  # the dice as the turn ended
        check_state(state, totals, entries)

    assert entries == [12] * len(players)
    assert engine.legal_actions(state) == []
    assert engine.replay(record)["state"] == state
    scores = engine.result(state)["scores"]
    assert scores == totals
    assert engine.result(state)["winners"] == [p for p, s in enumerate(totals) if s == max(totals)]
    return seen


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts(chunk):
    size = GAMES // CHUNKS
    seen = Counter()
    for i in range(chunk * size, (chunk + 1) * size):
        seen += play(i)
    # the playouts reach every part of a turn: busts, stops, pick-ups of all nine
    assert seen["over"] == size
    assert seen["bust"] > 0 and seen["stopped"] > 0 and seen["set_aside"] > 0
    assert seen["picked_up"] > 0
    assert seen["steps"] >= 2 * seen["stopped"] + seen["bust"]  # a roll before every stop
