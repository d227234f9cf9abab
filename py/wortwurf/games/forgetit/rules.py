"""FOR-GET-IT: push-your-luck with nine dice, one number collected per turn.

Rulebook 003 plus the rules notes. Each die shows 1-5 or its syllable; three
dice carry FOR, three GET, three IT. Rolled syllables are set aside at once; the
player may set aside dice of the turn's number (the first time at least two,
which fixes the number), and rolls on or stops. FOR, GET and IT all among the
set-aside syllables busts the turn. With all nine set aside, all nine may be
picked up again: the syllables start afresh, the number and count carry on.

A die's faces are keyed to (seed, turn, roll, die), so the same step of the
same game always rolls the same faces, whatever was undone in between.
"""

from __future__ import annotations

from itertools import combinations

from ...chance import keyed
from ...errors import IllegalAction
from ..options import check_seats, computer_seats, flag, standings

MIN_PLAYERS = 1
MAX_PLAYERS = 8
ROUNDS = 12
SUBTOTAL_AFTER = 10  # the pad adds up after this round
DOUBLED_ROUNDS = (11, 12)  # these rounds count twice
SYLLABLES = ("FOR", "GET", "IT")
DICE_PER_SYLLABLE = 3
DICE = DICE_PER_SYLLABLE * len(SYLLABLES)
NUMBERS = (1, 2, 3, 4, 5)
ACTION_TYPES = frozenset({"roll", "set_aside", "stop"})
OPTIONS = (flag("physical"), computer_seats())  # physical: players roll real dice and type the faces
# computer: per seat 0 a person, 1 reckless, 2 cautious, 3 optimal (see players)


def multiplier(count: int) -> int:
    """Four of the number double it, five treble it, six or more quadruple it."""
    if count >= 6:
        return 4
    return {4: 2, 5: 3}.get(count, 1)


def turn_score(number: int | None, count: int, round_no: int) -> int:
    if number is None:
        return 0
    doubled = 2 if round_no in DOUBLED_ROUNDS else 1
    return number * count * multiplier(count) * doubled


def new_game(players: list[str], options: dict, seed: int) -> dict:
    check_seats(options, players)
    start = keyed(seed, "start") % len(players)  # the start player is drawn by lot
    return {
        "game": "forgetit",
        "seed": seed,
        "players": players,
        "options": options,
        "start": start,
        "turn_index": 0,
        "pad": [[] for _ in players],
        "turn": _fresh_turn(),
        "last_turn": None,
        "over": False,
        "events": [{"e": "started", "start": start}],
    }


def current_player(state: dict) -> int:
    return (state["start"] + state["turn_index"]) % len(state["players"])


def mover(state: dict, action: dict) -> int:
    """Every step is the player's on turn."""
    return current_player(state)


def round_number(state: dict) -> int:
    return min(state["turn_index"] // len(state["players"]) + 1, ROUNDS)


def apply(state: dict, action: dict) -> dict:
    """The state after one action; the given state is never changed."""
    if state["over"]:
        raise IllegalAction("game_over")
    state = _next_state(state)
    if action["type"] == "roll":
        _roll(state, action.get("faces"))
    elif action["type"] == "set_aside":
        _set_aside(state, action.get("dice"))
    else:
        _stop(state)
    return state


def _next_state(state: dict) -> dict:
    """A copy of `state` sharing nothing that an action changes (pad entries are only ever added)."""
    turn = state["turn"]
    return {
        **state,
        "pad": [list(column) for column in state["pad"]],
        "turn": {**turn, "dice": [dict(die) for die in turn["dice"]]},
        "events": [],
    }


def sound(state: dict) -> bool:
    """Whether the state has its nine dice: the helpers' search grows sixfold with every die, so a state
    handed back with more would never be answered."""
    dice = state["turn"]["dice"]
    return isinstance(dice, list) and len(dice) == DICE


def undoable(state: dict) -> bool:
    """Whether the action that led to `state` may be taken back: setting dice aside and stopping may; a roll
    of the app's dice never; a roll of real dice may, to correct a face typed wrongly (the dice still lie on
    the table). Its events tell which it was."""
    if not state["events"]:
        return False
    kind = state["events"][0]["e"]
    return kind in ("set_aside", "stopped") or (kind == "rolled" and state["options"]["physical"])


def accounted(state: dict) -> bool:
    """Nine dice, three of each syllable's kind, each showing a number, its own syllable or nothing yet."""
    dice = state["turn"]["dice"]
    return sorted(d["kind"] for d in dice) == sorted(SYLLABLES * DICE_PER_SYLLABLE) and all(
        d["face"] is None or d["face"] in NUMBERS or d["face"] == d["kind"] for d in dice)


# --- rolling -------------------------------------------------------------


def _roll(state: dict, faces) -> None:
    turn = state["turn"]
    dice = turn["dice"]
    hand = _hand(dice)
    picked_up = not hand
    if picked_up:  # all nine set aside: pick them all up, syllables start afresh
        hand = list(range(DICE))
        aside_syllables = dict.fromkeys(SYLLABLES, 0)
    else:
        aside_syllables = _aside_syllables(dice)
    if faces is None:
        if state["options"]["physical"]:
            raise IllegalAction("faces_required")
        rolled = {slot: _keyed_face(state, slot, dice[slot]["kind"]) for slot in hand}
    elif not state["options"]["physical"]:
        raise IllegalAction("faces_need_real_dice")
    else:
        _check_faces(faces, len(hand), aside_syllables)
        if picked_up:
            for die in dice:
                die["aside"] = False
        rolled = _assign_faces(dice, hand, faces)
    if picked_up:
        turn["passes"] += 1
    for slot, face in rolled.items():
        dice[slot].update(face=face, aside=face in SYLLABLES)
    turn["rolls"] += 1
    player = current_player(state)
    state["events"].append(
        {"e": "rolled", "player": player, "faces": _sorted_faces(rolled.values()), "picked_up": picked_up}
    )
    if all(_aside_syllables(dice).values()):
        state["events"].append({"e": "bust", "player": player})
        _end_turn(state, 0, bust=True)


def _keyed_face(state: dict, slot: int, kind: str):
    side = keyed(state["seed"], state["turn_index"], state["turn"]["rolls"], slot) % 6
    return NUMBERS[side] if side < len(NUMBERS) else kind


def _check_faces(faces, count: int, aside_syllables: dict) -> None:
    if (
        not isinstance(faces, list)
        or len(faces) != count
        or not all(_is_face(f) for f in faces)
    ):
        raise IllegalAction("bad_faces", count=count)
    for syllable in SYLLABLES:
        available = DICE_PER_SYLLABLE - aside_syllables[syllable]
        if faces.count(syllable) > available:
            raise IllegalAction("too_many_syllables", available=available, syllable=syllable)


def _is_face(face) -> bool:
    return (type(face) is int and face in NUMBERS) or (type(face) is str and face in SYLLABLES)


def _assign_faces(dice: list, hand: list[int], faces: list) -> dict:
    """Put stated faces on the dice in hand.

    A syllable must land on a die of that syllable. When the hand has none
    left, a die set aside with a number must have been one: the two dice trade
    syllables, which nobody could see, since a number hides which syllable a
    die carries. `_check_faces` has made sure such a die exists.
    """
    free = list(hand)
    rolled = {}
    pending = []
    for face in _sorted_faces(faces):
        if face in SYLLABLES:
            slot = next((s for s in free if dice[s]["kind"] == face), None)
            if slot is None:
                pending.append(face)
                continue
            free.remove(slot)
            rolled[slot] = face
    for face in pending:
        donor = next(s for s, d in enumerate(dice) if d["aside"] and d["kind"] == face and d["face"] in NUMBERS)
        slot = free.pop(0)
        dice[donor]["kind"], dice[slot]["kind"] = dice[slot]["kind"], face
        rolled[slot] = face
    for slot, face in zip(free, (f for f in _sorted_faces(faces) if f in NUMBERS)):
        rolled[slot] = face
    return dict(sorted(rolled.items()))


def _sorted_faces(faces) -> list:
    return sorted(faces, key=lambda f: (f in SYLLABLES, SYLLABLES.index(f) if f in SYLLABLES else f))


# --- setting aside and stopping -------------------------------------------


def _set_aside(state: dict, chosen) -> None:
    turn = state["turn"]
    dice = turn["dice"]
    if turn["rolls"] == 0:
        raise IllegalAction("must_roll_first")
    if not isinstance(chosen, list) or any(
        isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < DICE for s in chosen
    ) or len(set(chosen)) != len(chosen):
        raise IllegalAction("bad_dice", last=DICE - 1)
    if not chosen:
        raise IllegalAction("nothing_set_aside")
    for slot in chosen:
        if dice[slot]["aside"]:
            raise IllegalAction("die_not_showing", die=slot)
    faces = {dice[slot]["face"] for slot in chosen}
    if len(faces) > 1:
        raise IllegalAction("mixed_numbers")
    (face,) = faces
    if turn["number"] is None and len(chosen) < 2:
        raise IllegalAction("need_pair")
    if turn["number"] not in (None, face):
        raise IllegalAction("wrong_number", number=turn["number"], face=face)
    turn["number"] = face
    turn["count"] += len(chosen)
    for slot in chosen:
        dice[slot]["aside"] = True
    state["events"].append(
        {"e": "set_aside", "player": current_player(state), "number": face, "dice": len(chosen)}
    )


def _stop(state: dict) -> None:
    turn = state["turn"]
    if turn["rolls"] == 0:
        raise IllegalAction("must_roll_first")
    points = turn_score(turn["number"], turn["count"], round_number(state))
    state["events"].append(
        {"e": "stopped", "player": current_player(state), "number": turn["number"],
         "count": turn["count"], "points": points}
    )
    _end_turn(state, points, bust=False)


def _end_turn(state: dict, points: int, bust: bool) -> None:
    player = current_player(state)
    state["pad"][player].append({"points": points, "bust": bust})
    state["last_turn"] = {"player": player, "points": points, "bust": bust, "dice": state["turn"]["dice"]}
    state["turn_index"] += 1
    state["turn"] = _fresh_turn()
    if state["turn_index"] == ROUNDS * len(state["players"]):
        state["over"] = True
        state["events"].append({"e": "over", **result(state)})


def _fresh_turn() -> dict:
    kinds = [s for s in SYLLABLES for _ in range(DICE_PER_SYLLABLE)]
    return {
        "rolls": 0,
        "passes": 0,
        "number": None,
        "count": 0,
        "dice": [{"kind": kind, "face": None, "aside": False} for kind in kinds],
    }


def _hand(dice: list) -> list[int]:
    return [slot for slot, die in enumerate(dice) if not die["aside"]]


def settable(turn: dict) -> list[int]:
    """The dice in hand that may be set aside now: the turn's number, or before it has one any number showing
    on two dice or more (the page dims the others)."""
    hand = [slot for slot in _hand(turn["dice"]) if turn["dice"][slot]["face"] in NUMBERS]
    showing = [turn["dice"][slot]["face"] for slot in hand]
    if turn["number"] is not None:
        return [slot for slot in hand if turn["dice"][slot]["face"] == turn["number"]]
    return [slot for slot in hand if showing.count(turn["dice"][slot]["face"]) >= 2]


def _aside_syllables(dice: list) -> dict:
    counts = dict.fromkeys(SYLLABLES, 0)
    for die in dice:
        if die["aside"] and die["face"] in SYLLABLES:
            counts[die["face"]] += 1
    return counts


# --- what the table sees ---------------------------------------------------


def totals(state: dict) -> list[int]:
    return [sum(entry["points"] for entry in column) for column in state["pad"]]


def result(state: dict) -> dict | None:
    return standings(totals(state)) if state["over"] else None


def legal_actions(state: dict) -> list[dict]:
    """Every action open now; with real dice no roll, which needs the faces the table sees."""
    if state["over"]:
        return []
    turn = state["turn"]
    roll = [] if state["options"]["physical"] else [{"type": "roll"}]
    if turn["rolls"] == 0:
        return roll
    actions = roll + [{"type": "stop"}]
    dice = turn["dice"]
    hand = _hand(dice)
    for face in NUMBERS:
        showing = [slot for slot in hand if dice[slot]["face"] == face]
        if turn["number"] not in (None, face):
            continue
        smallest = 2 if turn["number"] is None else 1
        for size in range(smallest, len(showing) + 1):
            actions += [{"type": "set_aside", "dice": list(c)} for c in combinations(showing, size)]
    return actions


def view(state: dict, player: int | None = None) -> dict:
    """Everything on the table; FOR-GET-IT has no secrets, so every seat sees the same."""
    turn = state["turn"]
    dice = turn["dice"]
    round_no = round_number(state)
    rolled = turn["rolls"] > 0
    pad_rows = [
        [column[r] if r < len(column) else None for column in state["pad"]] for r in range(ROUNDS)
    ]
    return {
        "game": "forgetit",
        "players": state["players"],
        "options": state["options"],
        "round": round_no,
        "rounds": ROUNDS,
        "doubled": round_no in DOUBLED_ROUNDS,
        "faces": [*NUMBERS, *SYLLABLES],  # what a die can show (what a pad for real dice offers)
        "current": current_player(state),
        "over": state["over"],
        "turn": {
            "rolls": turn["rolls"],
            "passes": turn["passes"],
            "number": turn["number"],
            "count": turn["count"],
            "multiplier": multiplier(turn["count"]),
            "stop_score": turn_score(turn["number"], turn["count"], round_no),
            "dice": [dict(die, slot=slot) for slot, die in enumerate(dice)],
            "hand": _hand(dice) if rolled else [],
            "to_roll": len(_hand(dice)) if rolled and _hand(dice) else DICE,
            "all_aside": rolled and not _hand(dice),
            "syllables": _aside_syllables(dice),
            "first_needs_pair": turn["number"] is None,
            "settable": settable(turn) if rolled and not state["over"] else [],
        },
        "can": {
            "roll": not state["over"],
            "stop": rolled and not state["over"],
            "set_aside": rolled and bool(_hand(dice)),
            "undo": undoable(state),
        },
        "last_turn": state["last_turn"],
        "pad": {
            "rows": pad_rows,
            "subtotal_after": SUBTOTAL_AFTER,
            "subtotals": [sum(e["points"] for e in column[:SUBTOTAL_AFTER]) for column in state["pad"]],
            "totals": totals(state),
        },
        "result": result(state),
        "events": state["events"],
    }
