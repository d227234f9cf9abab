"""TYP-DOM's Kreuzwort-Spiel and Point-Typ-Dom: letter tiles laid crossword-fashion on a table without edges.

Rulebook 004 plus the rules notes; two variants: the Kreuzwort-Spiel (shed
your tiles; the first out collects for the tiles left) and Point-Typ-Dom (every
placed word scores its letters' values). The table is a dict of cells keyed
"row,col" with no bounds. A placement puts rack tiles in one line so that they
make one contiguous word through at least one tile already on the table; every
line of two or more touching tiles it makes or changes must be a word. Joining
letters of two words already on the table grants a second word. A joker on the
table that is free on at least two sides may be swapped for the real tile. The
tiles are in `tiles`, the geometry of the cells in `table`, and which forms count
in `words`; this module is the turn's flow and the scoring of both variants.

Racks are secret: a view shows a rack only to its owner. The pool is shuffled
from the seed and drawn from the front, so a record replays exactly.
"""

from __future__ import annotations

from ...errors import IllegalAction
from ..options import Option, check_seats, computer_seats
from .match import DEALS, end_deal, match_view, new_match, next_deal, opened_for_a_move
from .match import result  # noqa: F401 (the engine's `result`: the match's standings)
from .table import drawn_cell, key, placement_words, word_points
from .tiles import JOKER, TILES, VALUES, dealt, hands_filled, joker_may_show, shuffled
from .words import HOUSE_RULES, is_word, refused_words

MIN_PLAYERS = 2
MAX_PLAYERS = 5
JOKER_LEFT = -10  # Point: a joker still in hand at the end
# Kreuzwort: what the first out collects per tile left with the others.
COLLECT = {"black": 1, "red": 3, JOKER: 10}
OUT_BONUS = 10  # Point: the first player out
VARIANTS = ("kreuzwort", "point")
HANDS = ((5, 8), (8, 10), (8, 12))  # (red, black) per player; the larger ones are Point options


def most_players(hand) -> int:
    """How many players a hand of (red, black) tiles can be dealt to: every rack full from the set's tiles."""
    return min(MAX_PLAYERS, hands_filled(*hand))


OPTIONS = (
    Option("variant", "choice", "kreuzwort", values=VARIANTS),
    Option("hand", "choice", list(HANDS[0]), values=tuple(map(list, HANDS)), when=("variant", "point"),
           most_players=tuple(map(most_players, HANDS))),
    DEALS,
    *HOUSE_RULES,
    computer_seats(),  # 1 to 3: from weak to strong
)
ACTION_TYPES = frozenset({"place", "swap", "draw", "stop", "next_deal"})


def new_game(players: list[str], options: dict, seed: int) -> dict:
    if options["variant"] == "kreuzwort" and tuple(options["hand"]) != HANDS[0]:
        raise IllegalAction("bad_option", option="hand")
    check_seats(options, players)
    return new_match("typdom", players, options, seed, _start_deal)


def deal_racks(seed: int, deal: int, players: int, hand) -> tuple[list[list[int]], list[int], int]:
    """Shuffle (keyed to the seed and the deal), give each player their reds and blacks: the racks, the pool
    left (drawn from the front) and the start player (the letter nearest Z; ties: the next-highest, then seat)."""
    racks, pool = dealt(shuffled(seed, deal, "shuffle"), players, *hand)
    start = max(range(len(racks)), key=lambda p: (_start_key(racks[p]), -p))
    return racks, pool, start


def _start_deal(state: dict) -> None:
    racks, pool, start = deal_racks(state["seed"], state["deal"], len(state["players"]), state["options"]["hand"])
    state.update({
        "pool": pool,
        "racks": racks,
        "cells": {},
        "turn": 0,
        "start": start,
        "placed": False,  # has the player placed a word this turn
        "second": False,  # may the player place a second word this turn
        "passes": 0,  # turns in a row that placed nothing, with the pool empty
        "out": None,  # the first player out of tiles
        "scores": [0] * len(state["players"]),
        "log": [],  # per turn: player, words, points
        "deal_over": False,
    })
    state["events"].append({"e": "dealt", "deal": state["deal"] + 1, "start": start})


def _start_key(rack: list[int]) -> list[str]:
    """The rack's letters from Z downwards: the highest letter begins, ties go to the next-highest."""
    return sorted((TILES[t][0] for t in rack if TILES[t][0] != JOKER), reverse=True)


def current_player(state: dict) -> int:
    return (state["start"] + state["turn"]) % len(state["players"])


def mover(state: dict, action: dict) -> int | None:
    """Every step of a deal is the player's on turn; the next deal is the table's."""
    return None if action["type"] == "next_deal" or state["deal_over"] else current_player(state)


def apply(state: dict, action: dict) -> dict:
    """The state after one action; the given state is never changed."""
    kind = action["type"]
    state = opened_for_a_move(state, kind)
    if kind == "place":
        _place(state, action.get("tiles"), action.get("overrule", False))
    elif kind == "swap":
        swap_joker(state, current_player(state), action.get("cell"), action.get("tile"))
    elif kind == "draw":
        _draw(state, action.get("count", 1))
    elif kind == "stop":
        _stop(state)
    else:
        next_deal(state, _start_deal)
    return state


def undoable(state: dict) -> bool:
    """A placement (or a swap) may be taken back until the next player has seen anything: a draw never."""
    return bool(state["events"]) and state["events"][0]["e"] in ("placed", "swapped") and not state["deal_over"]


def accounted(state: dict) -> bool:
    """Each of the 80 tiles is in exactly one place: the pool, a rack or the table."""
    held = [*state["pool"], *(t for rack in state["racks"] for t in rack), *(t for t, _ in state["cells"].values())]
    return sorted(held) == list(range(len(TILES)))


# --- placing ------------------------------------------------------------------------------


def _place(state: dict, tiles, overrule) -> None:
    """Lay tiles from the rack: checked whole, words named when refused. With `overrule` the table has
    agreed to words the lexicon refuses (a word missing from it): everything else is checked as ever, and
    the words it let through are logged."""
    player = current_player(state)
    if state["placed"] and not state["second"]:
        raise IllegalAction("already_placed")
    if type(overrule) is not bool:
        raise IllegalAction("bad_placement")
    new = _placement(state, player, tiles)
    words, joined = placement_words(state["cells"], new)
    refused = refused_words(state, words)
    if refused and not overrule:
        raise IllegalAction("not_a_word", word=refused[0])
    if overrule and not refused:
        raise IllegalAction("nothing_to_overrule")
    cells = state["cells"]
    for (row, col), (tile, letter) in new.items():
        cells[key(row, col)] = [tile, letter]
        state["racks"][player].remove(tile)
    points = word_points(cells, words[0][1])
    scored = points if state["options"]["variant"] == "point" else 0
    state["scores"][player] += scored
    second_word = state["placed"]  # this placement is the second word of the turn
    state["placed"] = True
    state["second"] = joined and not second_word
    state["passes"] = 0
    state["events"].append({"e": "placed", "player": player, "words": [w for w, _ in words], "points": scored,
                            "cells": [[r, c, letter] for (r, c), (_, letter) in new.items()],
                            "second_allowed": state["second"], "overruled": refused})
    state["log"].append({"player": player, "words": [w for w, _ in words], "points": scored, "overruled": refused})
    if not state["racks"][player]:
        _goes_out(state, player)
    elif not state["second"]:
        _end_turn(state)


def preview(state: dict, tiles) -> dict:
    """A placement before it is played: every word it makes and whether each counts, the main word's
    points, and the problem that would refuse it (None if it would be accepted). Changes nothing."""
    try:
        if state["deal_over"]:
            raise IllegalAction("deal_over")
        if state["placed"] and not state["second"]:
            raise IllegalAction("already_placed")
        new = _placement(state, current_player(state), tiles)
        words, _ = placement_words(state["cells"], new)
    except IllegalAction as error:
        return {"words": [], "points": 0, "problem": error.as_dict()}
    listed = [{"word": word, "valid": is_word(state, word)} for word, _ in words]
    wrong = next((item["word"] for item in listed if not item["valid"]), None)
    cells = {**state["cells"], **{key(r, c): [t, letter] for (r, c), (t, letter) in new.items()}}
    return {"words": listed, "points": word_points(cells, words[0][1]),
            "problem": IllegalAction("not_a_word", word=wrong).as_dict() if wrong else None}


def _placement(state: dict, player: int, tiles) -> dict[tuple[int, int], tuple[int, str]]:
    """{(row, col): (tile, letter)} from the action, each tile from the rack, each joker given a fitting letter."""
    if not isinstance(tiles, list) or not tiles:
        raise IllegalAction("bad_placement")
    new = {}
    for item in tiles:
        if not isinstance(item, dict):
            raise IllegalAction("bad_placement")
        tile, row, col = item.get("tile"), item.get("row"), item.get("col")
        if any(type(v) is not int for v in (tile, row, col)) or not 0 <= tile < len(TILES) or abs(row) > 10**6 \
                or abs(col) > 10**6:
            raise IllegalAction("bad_placement")
        if tile not in state["racks"][player] or any(t == tile for t, _ in new.values()):
            raise IllegalAction("tile_not_in_rack")
        if key(row, col) in state["cells"] or (row, col) in new:
            raise IllegalAction("cell_taken", row=row, col=col)
        letter, colour = TILES[tile]
        if letter == JOKER:
            letter = str(item.get("letter", "")).upper()
            if not joker_may_show(colour, letter):
                raise IllegalAction("joker_letter_colour", colour=colour)
        new[(row, col)] = (tile, letter)
    return new


# --- swapping a joker -----------------------------------------------------------------------


def swap_joker(state: dict, player: int, cell, tile) -> None:
    """`player` takes a joker from the table for the real tile it stands for (both TYP-DOM games): refused if
    the joker is enclosed on three sides or the tile shows another letter."""
    if not isinstance(cell, list) or len(cell) != 2 or any(type(v) is not int for v in cell):
        raise IllegalAction("bad_placement")
    row, col = cell
    found = state["cells"].get(key(row, col))
    if not found or TILES[found[0]][0] != JOKER:
        raise IllegalAction("no_joker_there")
    neighbours = sum(key(row + dr, col + dc) in state["cells"] for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))
    if neighbours >= 3:
        raise IllegalAction("joker_enclosed")
    if type(tile) is not int or tile not in state["racks"][player] or TILES[tile][0] != found[1]:
        raise IllegalAction("swap_needs_letter", letter=found[1])
    state["cells"][key(row, col)] = [tile, found[1]]
    state["racks"][player].remove(tile)
    state["racks"][player].append(found[0])
    state["events"].append({"e": "swapped", "player": player, "cell": [row, col], "letter": found[1]})


# --- not placing ------------------------------------------------------------------------------


def _draw(state: dict, count) -> None:
    """Not placing (or declining the second word): draw and end the turn. With the pool empty, a pass."""
    player = current_player(state)
    most = 1 if state["options"]["variant"] == "kreuzwort" else 3
    if type(count) is not int or not 1 <= count <= most:
        raise IllegalAction("bad_draw", most=most)
    if state["placed"] and not state["second"]:
        raise IllegalAction("already_placed")
    drawn = state["pool"][:count]
    state["pool"] = state["pool"][count:]
    state["racks"][player].extend(drawn)
    if not state["placed"]:
        state["passes"] = state["passes"] + 1 if not drawn else 0
    state["events"].append({"e": "drew", "player": player, "count": len(drawn)})
    state["log"].append({"player": player, "words": [], "points": 0, "drew": len(drawn)})
    _end_turn(state)


def _stop(state: dict) -> None:
    """Point-Typ-Dom: decline the second word and end the turn."""
    if state["options"]["variant"] != "point" or not state["second"]:
        raise IllegalAction("nothing_to_stop")
    state["events"].append({"e": "stopped", "player": current_player(state)})
    _end_turn(state)


def _end_turn(state: dict) -> None:
    state["turn"] += 1
    state["placed"] = False
    state["second"] = False
    players = len(state["players"])
    round_done = state["turn"] % players == 0
    if state["out"] is not None and round_done:
        _finish_deal(state)
    elif not state["pool"] and state["passes"] >= players:
        _finish_deal(state, blocked=True)


def _goes_out(state: dict, player: int) -> None:
    """A rack emptied: Kreuzwort ends at once; Point gives +10 and plays the round out."""
    if state["options"]["variant"] == "kreuzwort":
        state["out"] = player
        _finish_deal(state)
        return
    if state["out"] is None:
        state["out"] = player
        state["scores"][player] += OUT_BONUS
        state["events"].append({"e": "out", "player": player, "bonus": OUT_BONUS})
    _end_turn(state)


def tile_value(tile: int, variant: str) -> int:
    """What a tile left in hand is worth at the end of a deal."""
    letter, colour = TILES[tile]
    if variant == "kreuzwort":
        return COLLECT[JOKER] if letter == JOKER else COLLECT[colour]
    return JOKER_LEFT if letter == JOKER else -VALUES[letter]


def _finish_deal(state: dict, blocked: bool = False) -> None:
    variant = state["options"]["variant"]
    left = [[tile_value(t, variant) for t in rack] for rack in state["racks"]]
    players = range(len(state["players"]))
    if variant == "kreuzwort":
        if blocked:  # the least tiles left wins, and collects for the others' tiles
            fewest = min(len(rack) for rack in state["racks"])
            winners = [p for p in players if len(state["racks"][p]) == fewest]
        else:
            winners = [state["out"]]
        collected = sum(sum(left[p]) for p in players if p not in winners)
        for p in winners:
            state["scores"][p] += collected
    else:
        for p in players:
            state["scores"][p] += sum(left[p])
        best = max(state["scores"])
        winners = [p for p in players if state["scores"][p] == best]
    end_deal(state, {"blocked": blocked, "winners": winners, "scores": list(state["scores"]), "left": left})


# --- views ------------------------------------------------------------------------------------


def legal_actions(state: dict) -> list[dict]:
    """Drawing, and stopping after a word; placements are many (the move generator lists them)."""
    if state["over"]:
        return []
    if state["deal_over"]:
        return [{"type": "next_deal"}]
    actions = []
    if not state["placed"] or state["second"]:
        most = 1 if state["options"]["variant"] == "kreuzwort" else 3
        actions += [{"type": "draw", "count": n} for n in range(1, most + 1)]
    if state["second"] and state["options"]["variant"] == "point":
        actions.append({"type": "stop"})
    return actions


def leftover(state: dict) -> list[dict] | None:
    """At a deal's end, the arithmetic for the table to check: each player's tiles left (letters, "*" a joker),
    what each is worth, and their sum."""
    if not state["deal_over"]:
        return None
    variant = state["options"]["variant"]
    return [{"tiles": [TILES[t][0] for t in rack], "values": [tile_value(t, variant) for t in rack],
             "sum": sum(tile_value(t, variant) for t in rack)} for rack in state["racks"]]


def view(state: dict, player: int | None = None) -> dict:
    """The table, the scores and the pool's size for everyone; a rack only for its owner; the tiles left
    for everyone once the deal is over."""
    return {
        "game": "typdom",
        **match_view(state),
        "leftover": leftover(state),
        "current": current_player(state),
        "round": state["turn"] // len(state["players"]) + 1,
        "cells": [drawn_cell(place, laid) for place, laid in sorted(state["cells"].items())],
        "pool": len(state["pool"]),
        "rack_sizes": [len(rack) for rack in state["racks"]],
        "rack": [{"tile": t, "letter": TILES[t][0], "colour": TILES[t][1], "value": VALUES[TILES[t][0]]}
                 for t in state["racks"][player]] if player is not None else None,
        "second": state["second"],
        "values": VALUES,  # per letter, and the joker's
        "log": state["log"],
        "can": {"undo": undoable(state)},
    }
