"""TYP-DOM Presto through the engine: the deal, the race's actions, the whole-table check on hand-made tables,
the scoring, the solver, computer racers and the puzzle of the day (rulebook 004, rules notes)."""

from __future__ import annotations

import json
import re

import pytest

from wortwurf import engine, table
from wortwurf.errors import IllegalAction
from wortwurf.games.presto import rules, solver
from wortwurf.games.typdom.tiles import JOKER, TILES
from wortwurf.words import default_lexicon
from wortwurf.words.tags import KNOWN


def tiles(letters: str) -> list[int]:
    """Tile ids for these letters ("*r" / "*b" for the red and black joker), each tile once."""
    taken, ids, i = set(), [], 0
    while i < len(letters):
        if letters[i] == "*":
            want, i = (JOKER, {"r": "red", "b": "black"}[letters[i + 1]]), i + 2
        else:
            want, i = (letters[i], None), i + 1
        tile = next(t for t, (x, colour) in enumerate(TILES) if t not in taken and x == want[0]
                    and (want[1] is None or colour == want[1]))
        taken.add(tile)
        ids.append(tile)
    return ids


def across(row: int, col: int, word: str, hand: list[int], used: set) -> dict:
    """Cells laying `word` across from (row, col) with the hand's tiles for its letters."""
    cells = {}
    for i, letter in enumerate(word):
        tile = next(t for t in hand if t not in used and TILES[t][0] == letter)
        used.add(tile)
        cells[f"{row},{col + i}"] = [tile, letter]
    return cells


def racing(hand: list[int], options: dict | None = None, players: int = 1) -> dict:
    """A game whose first player races with `hand`."""
    state = engine.new_game("presto", [f"P{i}" for i in range(players)], options or {}, 42)
    state["hands"][0] = hand
    return engine.apply(state, {"type": "go"})


def refusal(state: dict, action: dict) -> IllegalAction:
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, action)
    assert json.dumps(state, sort_keys=True) == before
    return caught.value


@pytest.mark.parametrize("players, red, black", [(1, 7, 12), (2, 7, 12), (3, 7, 12), (4, 7, 12), (5, 6, 10),
                                                 (6, 5, 8)])
def test_every_player_gets_the_rulebook_hand_for_the_table_and_no_tile_twice(players, red, black):
    state = engine.new_game("presto", [f"P{i}" for i in range(players)], {}, 7)
    held = [t for hand in state["hands"] for t in hand]
    assert len(held) == len(set(held))
    for hand in state["hands"]:
        assert sum(TILES[t][1] == "red" for t in hand) == red and sum(TILES[t][1] == "black" for t in hand) == black


def test_a_solo_hand_has_the_size_chosen_and_the_puzzle_of_the_day_is_the_same_for_everyone_that_day():
    for size, red in ((13, 5), (16, 6), (19, 7)):
        [hand] = engine.new_game("presto", ["Ada"], {"hand": size}, 1)["hands"]
        assert len(hand) == size and sum(TILES[t][1] == "red" for t in hand) == red
    today = rules.puzzle_of_the_day("2026-11-25")
    assert today == rules.puzzle_of_the_day("2026-11-25") != rules.puzzle_of_the_day("2026-11-26")
    assert today["options"] == {"hand": 13, "day": 20261125}
    for bad in ("2026-02-30", "heute", None, 20261125):
        with pytest.raises(IllegalAction) as caught:
            rules.puzzle_of_the_day(bad)
        assert caught.value.code == "bad_day"


def test_a_race_is_started_and_run_by_its_own_racer_only():
    state = engine.new_game("presto", ["Ada", "Bo"], {}, 3)
    state = engine.apply(state, {"type": "go"})  # naming no one: the next in turn
    assert state["status"] == ["racing", "waiting"]
    assert refusal(state, {"type": "go"}).code == "race_on"  # one at a time, unless a race is named
    for step in ({"type": "give_up", "seconds": 1, "player": 1}, {"type": "go", "player": 0}):
        assert rules.mover(state, step) is None and refusal(state, step).code in ("no_race", "race_on")
    assert engine.apply(state, {"type": "give_up", "seconds": 1, "player": 0})["status"][0] == "out"


def solved(state: dict, seat: int) -> dict:
    found = solver.solve(state["hands"][seat], state["options"])
    assert found["solved"]
    return found["cells"]


def test_several_race_at_once_when_their_actions_name_them_and_finish_in_any_order():
    state = engine.new_game("presto", ["Ada", "Bo", "Cy"], {}, 12)  # (every hand solved)
    state = engine.apply(state, {"type": "go", "player": 1, "clock": 1000})
    state = engine.apply(state, {"type": "go", "player": 0, "clock": 1500})  # while Bo races
    assert state["status"] == ["racing", "racing", "waiting"] and state["clocks"] == [1500, 1000, None]
    assert [rules.mover(state, {"type": "done", "player": p}) for p in range(3)] == [0, 1, None]
    assert rules.mover(state, {"type": "go", "player": 2}) == 2
    assert refusal(state, {"type": "done", "cells": {}, "seconds": 5, "player": 2}).code == "no_race"
    assert refusal(state, {"type": "go", "player": 1}).code == "race_on"
    # each keeps its own table and clock
    state = engine.apply(state, {"type": "arrange", "cells": {}, "seconds": 30, "player": 1})
    assert state["seconds"] == [0, 30, 0]
    # Ada finishes first but slower: places go by time, not by the order of the finishes
    state = engine.apply(state, {"type": "done", "cells": solved(state, 0), "seconds": 90, "player": 0})
    assert state["status"] == ["finished", "racing", "waiting"] and not state["deal_over"]
    assert refusal(state, {"type": "give_up", "seconds": 95, "player": 0}).code == "no_race"
    state = engine.apply(state, {"type": "go", "player": 2})
    state = engine.apply(state, {"type": "done", "cells": solved(state, 1), "seconds": 60.5, "player": 1})
    assert not state["deal_over"]  # Cy still races
    state = engine.apply(state, {"type": "give_up", "seconds": 12, "player": 2})
    assert state["deal_over"] and rules.places(state) == [2, 1, None] and state["scores"] == [2, 4, 0]


def test_every_racer_s_steps_are_listed_naming_them_and_a_computer_races_beside_people():
    state = engine.new_game("presto", ["Ada", "Bo", "Bot"], {"computer": [0, 0, 2]}, 12)
    assert engine.legal_actions(state) == [{"type": "go", "player": p} for p in range(3)]
    state = engine.apply(state, {"type": "go", "player": 1})
    assert {"type": "time_up", "player": 1} in engine.legal_actions(state)
    assert engine.computer_action(state) == {"type": "go", "player": 2}  # while Bo races
    state = engine.apply(state, engine.computer_action(state))
    action = engine.computer_action(state)
    assert action["player"] == 2 and action["type"] == "done"


def test_a_linked_seat_is_helped_and_told_only_about_its_own_race():
    state = engine.new_game("presto", ["Ada", "Bo", "Cy"], {}, 12)
    state = engine.apply(engine.apply(state, {"type": "go", "player": 0}), {"type": "go", "player": 1})

    def ask(seat, name, *args):
        try:
            return table.guest_request(state, seat, {"n": 1, "call": name, "args": list(args)})["answer"]
        except IllegalAction as refused:
            return refused.code

    bo = set(state["hands"][1])
    assert ask(1, "solution") == "race_on" and ask(1, "solution", 1) == "race_on"  # (once given up: test_table)
    assert {tile["tile"] for tile in ask(1, "race_hint")["tiles"]} <= bo
    cells = {"0,0": [state["hands"][1][0], TILES[state["hands"][1][0]][0]]}
    assert ask(1, "table_marks", cells) == []  # (one tile: no line) where Ada's hand would refuse the tile
    assert ask(0, "table_marks", cells) == "bad_table"
    assert ask(1, "solution", 0) == "not_your_seat" and ask(1, "race_hint", 0) == "not_your_seat"
    assert ask(2, "race_hint") == "not_your_turn"  # Cy's race has not begun


def test_a_hand_is_seen_only_by_its_player_once_their_race_has_begun():
    state = engine.new_game("presto", ["Ada", "Bo"], {}, 3)
    assert engine.view(state, 0)["hands"] == {} and engine.view(state, None)["hands"] == {}
    state = engine.apply(state, {"type": "go"})
    assert list(engine.view(state, 0)["hands"]) == [0] and engine.view(state, 1)["hands"] == {}
    assert engine.view(state, None)["hands"] == {}


def test_the_whole_table_check_accepts_a_crossword_of_every_tile():
    hand = tiles("HAUSAUM")  # HAUS across, MAUS down ending in its S
    state = racing(hand)
    used = set()
    cells = across(3, 0, "HAUS", hand, used)
    for i, letter in enumerate("MAU"):
        tile = next(t for t in hand if t not in used and TILES[t][0] == letter)
        used.add(tile)
        cells[f"{i},3"] = [tile, letter]
    done = engine.apply(state, {"type": "done", "cells": cells, "seconds": 61.234})
    assert done["status"][0] == "finished" and done["seconds"][0] == 61.23 and done["left"][0] == 0
    assert done["over"] and done["scores"] == [4]


def test_a_table_that_does_not_hang_together_is_refused_and_the_clock_runs_on():
    hand = tiles("HAUSEIS")
    state = racing(hand)
    used = set()
    cells = {**across(0, 0, "HAUS", hand, used), **across(2, 0, "EIS", hand, used)}
    assert refusal(state, {"type": "done", "cells": cells, "seconds": 10}).code == "presto_apart"
    # Keeping the table as it lies is fine: nothing is final before "done".
    kept = engine.apply(state, {"type": "arrange", "cells": cells, "seconds": 10})
    assert kept["tables"][0] == cells and kept["status"][0] == "racing"


def test_a_stray_two_letter_line_that_is_not_a_word_is_named():
    hand = tiles("HAUSX")
    state = racing(hand)
    used = set()
    cells = across(0, 0, "HAUS", hand, used)
    x = next(t for t in hand if t not in used)
    cells["1,0"] = [x, "X"]  # HX down
    found = refusal(state, {"type": "done", "cells": cells, "seconds": 5})
    assert found.code == "presto_not_words" and found.params["words"] == "HX"
    marks = engine.view(engine.apply(state, {"type": "arrange", "cells": cells, "seconds": 5}), 0)["tables"][0]["marks"]
    assert [(m["word"], m["counts"]) for m in marks] == [("HAUS", True), ("HX", False)]


def test_a_red_joker_stands_only_for_a_vowel_and_a_black_one_only_for_a_consonant():
    hand = tiles("H*rUS")
    state = racing(hand)
    h, joker, u, s = hand
    as_consonant = {"0,0": [h, "H"], "0,1": [joker, "S"], "0,2": [u, "U"], "0,3": [s, "S"]}
    assert refusal(state, {"type": "arrange", "cells": as_consonant, "seconds": 1}).code == "joker_colour"
    as_vowel = {**as_consonant, "0,1": [joker, "A"]}
    assert engine.apply(state, {"type": "done", "cells": as_vowel, "seconds": 2})["status"][0] == "finished"
    black = tiles("HAU*b")
    state = racing(black)
    assert refusal(state, {"type": "arrange", "cells": {"0,0": [black[3], "E"]}, "seconds": 1}).code == "joker_colour"


@pytest.mark.parametrize("one_left, accepted", [(False, False), (True, True)])
def test_one_tile_left_finishes_only_under_the_house_option_and_scores_half(one_left, accepted):
    hand = tiles("HAUSQ")
    state = racing(hand, {"one_left": one_left})
    cells = across(0, 0, "HAUS", hand, set())
    action = {"type": "done", "cells": cells, "seconds": 30}
    if not accepted:
        found = refusal(state, action)
        assert (found.code, found.params) == ("presto_tiles_left", {"count": 1})
        return
    done = engine.apply(state, action)
    assert done["left"][0] == 1 and done["scores"] == [2]  # the first place's 4, halved


def test_two_tiles_left_are_refused_even_under_the_house_option():
    hand = tiles("HAUSQX")
    state = racing(hand, {"one_left": True})
    found = refusal(state, {"type": "done", "cells": across(0, 0, "HAUS", hand, set()), "seconds": 30})
    assert (found.code, found.params) == ("presto_tiles_left", {"count": 2})


def test_tables_are_checked_as_tiles_before_anything_else():
    hand = tiles("HAUS")
    state = racing(hand)
    other = next(t for t in range(len(TILES)) if t not in hand)
    for cells in ({"0,0": [other, TILES[other][0]]}, {"0,0": [hand[0], "A"]}, {"0,0": [hand[0], "H"], "0,1": [hand[0], "H"]},
                  {"0,x": [hand[0], "H"]}, {"00,1": [hand[0], "H"]}, {"0,999": [hand[0], "H"]}, ["0,0"], None):
        assert refusal(state, {"type": "arrange", "cells": cells, "seconds": 1}).code == "bad_table"
    assert refusal(state, {"type": "done", "cells": {}, "seconds": 1}).code == "presto_empty"


def test_the_clock_runs_forward_and_not_past_the_limit():
    state = racing(tiles("HAUS"), {"minutes": 2})
    state = engine.apply(state, {"type": "arrange", "cells": {}, "seconds": 50})
    for seconds in (49.9, 120.01, "50", None, True):
        assert refusal(state, {"type": "arrange", "cells": {}, "seconds": seconds}).code == "bad_time"
    out = engine.apply(state, {"type": "time_up"})
    assert out["status"][0] == "out" and out["seconds"][0] == 120 and out["scores"] == [0]


def finish(state: dict, seconds: float) -> dict:
    """The racer lays the solver's table for their hand."""
    state = engine.apply(state, {"type": "go"})
    seat = rules.racer(state)
    found = solver.solve(state["hands"][seat], state["options"])
    assert found["solved"]
    return engine.apply(state, {"type": "done", "cells": found["cells"], "seconds": seconds})


def test_places_go_by_time_equal_times_share_the_better_place_and_a_match_keeps_running_totals():
    state = engine.new_game("presto", ["Ada", "Bo", "Cy", "Di"], {"deals": 2}, 12)  # (every hand solved)
    state = finish(state, 100.0)
    state = finish(state, 80.5)
    state = engine.apply(engine.apply(state, {"type": "go"}), {"type": "give_up", "seconds": 12})
    state = finish(state, 100.0)
    assert state["deal_over"] and not state["over"]
    assert rules.places(state) == [2, 1, None, 2] and state["scores"] == [2, 4, 0, 2]
    state = engine.apply(state, {"type": "next_deal"})
    assert state["status"] == ["waiting"] * 4 and state["tables"] == [{}] * 4 and state["totals"] == [2, 4, 0, 2]
    for seconds in (10, 20, 30, 40):
        state = finish(state, seconds)
    assert state["over"] and state["totals"] == [6, 6, 0, 2]
    assert engine.result(state) == {"scores": [6, 6, 0, 2], "winners": [0, 1]}
    assert engine.view(state)["result"]["places"] == [1, 1, 4, 3]  # the end screen's ranking: a tie shares


@pytest.mark.parametrize("size", [13, 16, 19])
def test_the_solver_s_tables_pass_the_whole_table_check_with_exactly_the_hand_s_tiles(size):
    solved = 0
    for seed in range(15):
        state = engine.apply(engine.new_game("presto", ["Ada"], {"hand": size}, seed), {"type": "go"})
        found = solver.solve(state["hands"][0], state["options"])
        laid = sorted(t for t, _ in found["cells"].values())
        assert sorted(laid + found["left"]) == sorted(state["hands"][0])
        assert found["solved"] == (not found["left"])
        if found["solved"]:
            solved += 1
            assert rules.problems(state, state["hands"][0], found["cells"]) is None
        else:  # the most it could lay, still all words and in one piece
            assert rules.connected(found["cells"]) and all(m["counts"] for m in rules.marks(state, found["cells"]))
    assert solved >= 12  # (bench: about 94 % of 200 hands per size)


def test_the_hint_is_a_word_that_leaves_the_rest_solvable():
    state = engine.apply(engine.new_game("presto", ["Ada"], {"hand": 13}, 5), {"type": "go"})
    hint = engine.hint(state)
    cells = {f"{t['row']},{t['col']}": [t["tile"], t.get("letter", TILES[t["tile"]][0])] for t in hint["tiles"]}
    assert rules.marks(state, cells)[0]["word"] == hint["word"]
    state = engine.apply(state, {"type": "arrange", "cells": cells, "seconds": 3})
    assert solver.solve(state["hands"][0], state["options"], state["tables"][0])["solved"]


def test_giving_up_shows_a_solution_and_records_no_time():
    state = engine.apply(engine.new_game("presto", ["Ada"], {"hand": 13}, 5), {"type": "go"})
    with pytest.raises(IllegalAction):
        solver.solution(state, 0)  # (not while racing)
    out = engine.apply(state, {"type": "give_up", "seconds": 40})
    assert out["status"] == ["out"] and out["scores"] == [0] and rules.places(out) == [None]
    shown = solver.solution(out, 0)
    assert shown["solved"] and rules.problems(state, state["hands"][0], shown["cells"]) is None


@pytest.mark.parametrize("strength", [1, 2, 3])
def test_computer_racers_lay_a_real_solution_in_a_time_drawn_from_their_strength(strength):
    state = engine.new_game("presto", ["Ada", "Bot"], {"computer": [0, strength], "minutes": 5}, 21)
    state = finish(state, 150)
    assert engine.computer_action(state) == {"type": "go", "player": 1}
    state = engine.apply(state, engine.computer_action(state))
    action = engine.computer_action(state)
    low, high = solver.PACE[strength]
    assert action["type"] == "done" and low * 300 <= action["seconds"] <= high * 300
    state = engine.apply(state, action)
    assert state["status"][1] == "finished"
    with pytest.raises(IllegalAction):
        engine.computer_action(state)  # the deal is over: a person starts the next


def test_a_deal_code_gives_every_phone_its_seat_of_the_same_deal():
    from wortwurf.games.presto import codes

    code = codes.deal_code(5, 7, True, 2**32 - 1)
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{3}", code)
    at_one_table = engine.new_game("presto", [f"P{i}" for i in range(5)], {"minutes": 7, "one_left": True}, 2**32 - 1)
    for seat in range(5):
        typed = code.lower().replace("-", " ").replace("1", "l").replace("0", "o")  # as people type
        joined = codes.join_deal(typed, seat)
        assert joined["options"] == {"minutes": 7, "one_left": True, "table_of": 5, "seat": seat}
        phone = engine.new_game("presto", ["Me"], joined["options"], joined["seed"])
        assert phone["hands"] == [at_one_table["hands"][seat]] and len(phone["hands"][0]) == 16
    with pytest.raises(IllegalAction) as caught:
        codes.join_deal(code, 5)
    assert caught.value.code == "bad_seat"
    for wrong in (code[:-1] + ("0" if code[-1] != "0" else "1"), code[:5], "HALLO", "", None, "!" * 11):
        with pytest.raises(IllegalAction) as caught:
            codes.join_deal(wrong, 0)
        assert caught.value.code == "bad_code"
    with pytest.raises(IllegalAction):  # a shared seat is a game of one, with the table's own hand
        engine.new_game("presto", ["Me", "You"], {"table_of": 4, "seat": 1}, 3)


def test_a_table_code_gives_back_the_table_and_is_about_a_character_a_tile():
    from wortwurf.games.presto import codes

    def shape(table):  # where each letter lies, from the table's first tile in reading order
        cells = sorted((tuple(map(int, place.split(","))), TILES[laid[0]], laid[1]) for place, laid in table.items())
        (top, left), _, _ = cells[0]
        return [((row - top, col - left), kind, letter) for (row, col), kind, letter in cells]

    for seed in range(12):
        joined = codes.join_deal(codes.deal_code(2 + seed % 5, 5, False, seed * 7919), 0)
        state = engine.apply(engine.new_game("presto", ["Me"], joined["options"], joined["seed"]), {"type": "go"})
        hand, table = state["hands"][0], solver.solve(state["hands"][0], state["options"])["cells"]
        code = codes.table_code(hand, table)
        assert re.fullmatch(r"[0-9A-Z]{1,4}(-[0-9A-Z]{1,4})*", code)
        assert len(code.replace("-", "")) <= len(hand) + 4  # (naming each tile's cell took two a tile)
        assert shape(codes._table_from(hand, code)) == shape(table)
        with pytest.raises(IllegalAction) as caught:  # a character too many is not taken as some other table
            codes._table_from(hand, code + "7")
        assert caught.value.code == "bad_code"
    with pytest.raises(IllegalAction) as caught:  # tiles apart have no table code
        codes.table_code(hand, {"0,0": table[next(iter(table))], "5,5": table[list(table)[1]]})
    assert caught.value.code == "bad_table"


def test_a_check_code_verifies_a_finished_table_and_refuses_a_changed_one():
    from wortwurf.games.presto import codes

    code = codes.deal_code(4, 5, False, 12)
    joined = codes.join_deal(code, 1)
    state = engine.apply(engine.new_game("presto", ["Me"], joined["options"], joined["seed"]), {"type": "go"})
    found = solver.solve(state["hands"][0], state["options"])
    state = engine.apply(state, {"type": "done", "cells": found["cells"], "seconds": 95.25})
    shown = codes.shared_result(state)
    assert shown["deal"] == code and shown["seat"] == 1 and shown["seconds"] == 95.25
    verified = codes.verify(code, 1, 95.25, shown["table"], shown["check"])
    assert sorted(verified["words"]) == sorted(m["word"] for m in rules.marks(state, found["cells"]))
    for changed in ({"seconds": 90.25}, {"seat": 2}):
        args = {"deal": code, "seat": 1, "seconds": 95.25, "table": shown["table"], "check": shown["check"], **changed}
        with pytest.raises(IllegalAction) as caught:
            codes.verify(**args)
        assert caught.value.code == "bad_check"
    # A table code changed (one tile moved) and its check code made again: the table itself is refused.
    digits = shown["table"].replace("-", "")
    moved = digits[:2] + ("1" if digits[2] != "1" else "2") + digits[3:]
    check = codes.check_code(code, 1, 95.25, moved)
    with pytest.raises(IllegalAction) as caught:
        codes.verify(code, 1, 95.25, moved, check)
    assert caught.value.code in ("presto_apart", "presto_not_words", "bad_code")
    assert codes.shared_result(engine.new_game("presto", ["Me"], {}, 1)) is None


@pytest.mark.parametrize("hand, most", [(0, 6), (13, 6), (16, 5), (19, 4)])
def test_a_hand_is_dealt_only_to_as_many_players_as_the_80_tiles_fill(hand, most):
    """30 red and 50 black tiles: six hands of 5 + 8, five of 6 + 10, four of 7 + 12 (as Point declares it)."""
    for players in range(1, most + 1):
        state = engine.new_game("presto", [f"P{i}" for i in range(players)], {"hand": hand}, 5)
        assert all(len(h) == rules.hand_size(state["options"], players) for h in state["hands"])
    if most < rules.MAX_PLAYERS:
        with pytest.raises(IllegalAction) as caught:
            engine.new_game("presto", [f"P{i}" for i in range(most + 1)], {"hand": hand}, 5)
        assert caught.value.code == "too_many_players" and caught.value.params == {"option": "hand", "most": most}
    [shown] = [o for g in engine.catalogue() if g["id"] == "presto" for o in g["options"] if o["name"] == "hand"]
    assert shown["most_players"][shown["values"].index(hand)] == most


def test_go_keeps_the_page_s_wall_clock_at_los_for_a_reload():
    state = engine.new_game("presto", ["Ada", "Bo"], {}, 3)
    for clock in ("1", -1, True, 2**53, float("nan")):
        assert refusal(state, {"type": "go", "clock": clock}).code == "bad_time"
    state = engine.apply(state, {"type": "go", "clock": 1_764_000_000_123})
    assert state["clocks"] == [1_764_000_000_123, None] and engine.view(state, 0)["clocks"][0] == 1_764_000_000_123
    assert engine.apply(engine.new_game("presto", ["Ada"], {}, 3), {"type": "go"})["clocks"] == [None]


def test_the_puzzle_of_the_day_names_its_day_and_nothing_else_may():
    puzzle = rules.puzzle_of_the_day("2026-11-25")
    state = engine.new_game("presto", ["Me"], puzzle["options"], puzzle["seed"])
    assert state["options"]["day"] == 20261125 and len(state["hands"][0]) == 13
    for players, options, seed in ((["Me"], puzzle["options"], puzzle["seed"] + 1),
                                   (["Me", "You"], puzzle["options"], puzzle["seed"]),
                                   (["Me"], {**puzzle["options"], "hand": 19}, puzzle["seed"]),
                                   (["Me"], {**puzzle["options"], "day": 20261126}, puzzle["seed"])):
        with pytest.raises(IllegalAction) as caught:
            engine.new_game("presto", players, options, seed)
        assert caught.value.code == "bad_option" and caught.value.params == {"option": "day"}


def test_the_record_of_the_days_counts_played_solved_the_streak_and_the_best_and_median_time():
    days = {"2026-11-20": {"solved": True, "seconds": 50.0}, "2026-11-22": {"solved": True, "seconds": 70.5},
            "2026-11-23": {"solved": False, "seconds": None}, "2026-11-24": {"solved": True, "seconds": 40.0},
            "2026-11-25": {"solved": True, "seconds": 90.0}}
    figures = rules.daily_record(days, "2026-11-25")
    assert figures == {"played": 5, "solved": 4, "streak": 2, "best": 40.0, "median": 60.25}
    assert rules.daily_record(days, "2026-11-26")["streak"] == 2  # today still open: the streak stands
    assert rules.daily_record({**days, "2026-11-26": {"solved": False, "seconds": None}}, "2026-11-26")["streak"] == 0
    assert rules.daily_record(days, "2026-11-27")["streak"] == 0
    assert rules.daily_record({}, "2026-11-25") == {"played": 0, "solved": 0, "streak": 0, "best": None, "median": None}


def test_one_phone_collects_the_checked_finishes_of_a_shared_deal_into_its_ranking_and_points():
    from wortwurf.games.presto import codes

    code = codes.deal_code(3, 5, False, 12)
    reports = []
    for seat, seconds in ((0, 80.5), (2, 61.0)):
        joined = codes.join_deal(code, seat)
        state = engine.apply(engine.new_game("presto", ["Me"], joined["options"], joined["seed"]), {"type": "go"})
        found = solver.solve(state["hands"][0], state["options"])
        assert found["solved"]
        shown = codes.shared_result(engine.apply(state, {"type": "done", "cells": found["cells"], "seconds": seconds}))
        assert shown["name"] == "Me"
        reports.append({key: shown[key] for key in ("seat", "seconds", "table", "check")})
    reports[1]["name"] = " Cy "  # (a name as typed on the checking phone, if given)
    ranking = codes.shared_standings(code.lower(), reports)
    assert ranking["deal"] == code
    assert [(row["seat"], row["name"], row["place"], row["points"]) for row in ranking["rows"]] == [
        (2, "Cy", 1, 4), (0, "", 2, 2)]
    for wrong in ([reports[0], reports[0]], [{**reports[1], "seconds": 60.0}], reports * 2, "x",
                  [{**reports[0], "name": "x" * 41}], [{**reports[0], "name": 7}]):
        with pytest.raises(IllegalAction):
            codes.shared_standings(code, wrong)


def test_the_race_hint_names_words_people_know():
    """Round 3: hints played words nobody knows; the solver lays words people know first where it can."""
    named = []
    for seed in range(1, 9):
        state = engine.apply(engine.new_game("presto", ["Ada"], {}, seed), {"type": "go", "player": 0})
        named.append(solver.race_hint(state, 0)["word"])
    known = [word for word in named if word and default_lexicon().lookup(word).bits & KNOWN]
    assert len(known) >= 6, named


def test_the_race_hint_spells_its_word_as_the_woerterbuch_does():
    """(Seed 0: the first word is laid E N T S C H A E R F E N.) Round 3: a hint said NACHPRUEFBAREN."""
    state = engine.apply(engine.new_game("presto", ["Ada"], None, 0), {"type": "go", "player": 0})
    assert solver.race_hint(state, 0)["word"] == "ENTSCHÄRFEN"
