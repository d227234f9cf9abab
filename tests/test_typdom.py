"""TYP-DOM rules: the rulebook's examples, placements, jokers, the two variants' ends.

Positions are built as plain data: a table of words (row, col, direction) and
the current player's rack, made of the real tiles, so the 80 tiles stay whole.
"""

from __future__ import annotations

import json

import pytest
from wortwurf import engine
from wortwurf.errors import IllegalAction
from wortwurf.games.typdom import crossword as typdom, moves as typdom_moves, table
from wortwurf.games.typdom.table import key
from wortwurf.games.typdom.tiles import JOKER, TILES, VALUES
from wortwurf.games.typdom.words import is_word

RED_JOKER = TILES.index((JOKER, "red"))
BLACK_JOKER = TILES.index((JOKER, "black"))


def position(words=(), rack="", players=2, variant="kreuzwort", racks=None, seed=1) -> dict:
    """A deal with `words` on the table [(word, row, col, "across"|"down")] and the current player's rack
    ("*" the red joker, "+" the black one). Tiles come out of the real set; the rest go to the pool."""
    state = engine.new_game("typdom", [f"P{i}" for i in range(players)], {"variant": variant}, seed)
    free = list(range(len(TILES)))

    def take(letter, colour=None):
        for t in free:
            if TILES[t][0] == letter and (colour is None or TILES[t][1] == colour):
                free.remove(t)
                return t
        raise AssertionError(f"no tile {letter} left")

    cells = {}
    for word, row, col, direction in words:
        for i, letter in enumerate(word):
            r, c = (row, col + i) if direction == "across" else (row + i, col)
            if key(r, c) not in cells:
                cells[key(r, c)] = [take(letter), letter]
    all_racks = racks or [rack] + [""] * (players - 1)
    taken = [[take(JOKER, "red") if ch == "*" else take(JOKER, "black") if ch == "+" else take(ch) for ch in r]
             for r in all_racks]
    state.update({"cells": cells, "racks": taken, "pool": free, "start": 0, "turn": 0})
    return state


def tiles_of(state, letters, cells, joker_letters=None):
    """A place action: the current rack's tiles for `letters` ("*"/"+" the red/black joker) at the given cells."""
    rack = list(state["racks"][state["turn"] % len(state["players"])])
    items = []
    for i, (letter, (row, col)) in enumerate(zip(letters, cells)):
        wanted = {"*": (JOKER, "red"), "+": (JOKER, "black")}.get(letter)
        tile = next(t for t in rack if (TILES[t] == wanted if wanted else TILES[t][0] == letter))
        letter = JOKER if wanted else letter
        rack.remove(tile)
        item = {"tile": tile, "row": row, "col": col}
        if letter == JOKER:
            item["letter"] = (joker_letters or {})[i]
        items.append(item)
    return {"type": "place", "tiles": items}


def refused(state, action) -> IllegalAction:
    before = json.dumps(state)
    error = refused_call(engine.apply, state, action)
    assert json.dumps(state) == before
    return error


def test_the_tile_set_is_the_rulebooks():
    assert len(TILES) == 80
    assert sum(colour == "red" for _, colour in TILES) == 30
    assert sorted(letter for letter, colour in TILES if colour == "red" and letter != JOKER) == sorted("AAAAAAAEEEEEEEEEIIIIOOOOUUUUY")


def test_stern_touching_w_is_refused_naming_rw():
    # TAG across, and WO down whose W sits next to where STERN's R would go.
    state = position([("TAG", 0, 0, "across"), ("WO", 2, 1, "down")], rack="SERN")
    action = tiles_of(state, "SERN", [(-1, 0), (1, 0), (2, 0), (3, 0)])  # S T(old) E R N down through T
    error = refused(state, action)
    assert error.code == "not_a_word" and error.params == {"word": "RW"}


def test_naht_joining_two_words_is_accepted_and_grants_a_second_word():
    state = position([("NEU", 0, 0, "down"), ("TAG", 0, 3, "down")], rack="AHENS")
    state = engine.apply(state, tiles_of(state, "AH", [(0, 1), (0, 2)]))
    assert state["events"][0]["words"] == ["NAHT"]
    assert state["second"] and state["placed"]
    assert engine.view(state)["current"] == 0  # still the same player's turn
    state = engine.apply(state, tiles_of(state, "EN", [(3, 3), (4, 3)]))  # TAG -> TAGEN
    assert not state["second"] and engine.view(state)["current"] == 1


def test_a_single_crossing_grants_no_second_word():
    state = position([("WORT", 0, 0, "across")], rack="E")
    state = engine.apply(state, tiles_of(state, "E", [(0, 4)]))
    assert state["events"][0]["words"] == ["WORTE"] and not state["events"][0]["second_allowed"]


def test_eis_becomes_reise_by_adding_on_both_sides():
    state = position([("EIS", 0, 1, "across")], rack="RE")
    state = engine.apply(state, tiles_of(state, "RE", [(0, 0), (0, 4)]))
    assert state["events"][0]["words"] == ["REISE"]


def test_spiel_with_a_joker_for_e_and_the_joker_colour_rule():
    state = position(rack="SPI*L")
    cells = [(0, c) for c in range(5)]
    state_after = engine.apply(state, tiles_of(state, "SPI*L", cells, {3: "E"}))
    assert state_after["events"][0]["words"] == ["SPIEL"]
    assert refused(state, tiles_of(state, "SPI*L", cells, {3: "R"})).code == "joker_letter_colour"


def test_a_joker_stands_for_exactly_one_letter():
    state = position(rack="O+T")
    cells = [(0, c) for c in range(3)]
    assert engine.apply(state, tiles_of(state, "O+T", cells, {1: "R"}))["events"][0]["words"] == ["ORT"]
    for not_one_letter in ("", "ST", "RS"):  # (each a piece of the alphabet's string)
        assert refused(state, tiles_of(state, "O+T", cells, {1: not_one_letter})).code == "joker_letter_colour"


def test_a_joker_is_swapped_for_its_letter_unless_enclosed_on_three_sides():
    state = position([("SPIEL", 0, 0, "across")], rack="E")
    joker_cell = key(0, 3)
    state["cells"][joker_cell] = [RED_JOKER, "E"]
    state["pool"].remove(RED_JOKER)
    e_tile = state["racks"][0][0]
    swapped = engine.apply(state, {"type": "swap", "cell": [0, 3], "tile": e_tile})
    assert swapped["cells"][joker_cell] == [e_tile, "E"] and swapped["racks"][0] == [RED_JOKER]
    enclosed = json.loads(json.dumps(state))
    enclosed["cells"][key(-1, 3)] = [enclosed["pool"].pop(enclosed["pool"].index(TILES.index(("A", "red")))), "A"]
    enclosed["cells"][key(1, 3)] = [enclosed["pool"].pop(enclosed["pool"].index(TILES.index(("B", "black")))), "B"]
    assert refused(enclosed, {"type": "swap", "cell": [0, 3], "tile": e_tile}).code == "joker_enclosed"


@pytest.mark.parametrize("letters, cells, code", [
    ("SE", [(1, 0), (2, 1)], "not_in_line"),
    ("SE", [(1, 0), (3, 0)], "not_contiguous"),
    ("SE", [(5, 5), (5, 6)], "must_cross"),
    ("E", [(0, 1)], "cell_taken"),
])
def test_placements_out_of_line_with_gaps_apart_or_on_taken_places_are_refused(letters, cells, code):
    state = position([("WORT", 0, 0, "across")], rack="SE")
    assert refused(state, tiles_of(state, letters, cells)).code == code


def test_the_kreuzwort_example_pays_the_first_out_30():
    # Four players; players 1-3 are left with B and the black joker, FKLV, AAUYBJM; player 4 lays the last tile.
    state = position([("WORT", 0, 0, "across")], players=4, racks=["E", "B+", "FKLV", "AAUYBJM"])
    state = engine.apply(state, tiles_of(state, "E", [(0, 4)]))
    assert state["deal_over"] and state["over"]
    assert state["scores"] == [30, 0, 0, 0]  # 11 + 4 + 15
    assert engine.result(state) == {"scores": [30, 0, 0, 0], "winners": [0]}
    left = engine.view(state)["leftover"]  # the arithmetic the table checks, shown at the deal's end
    assert left[1] == {"tiles": ["B", "*"], "values": [1, 10], "sum": 11}
    assert [seat["sum"] for seat in left] == [0, 11, 4, 15]


@pytest.mark.parametrize("word, points", [
    ("MEXICO", 19), ("WIND", 12), ("MOND", 9), ("RUF", 6), ("RUDOLF", 12), ("GELB", 11), ("SARAJEVO", 20),
])
def test_point_values_of_the_rulebook_words(word, points):
    assert sum(VALUES[letter] for letter in word) == points


def test_point_placements_score_their_words_old_letters_included_and_the_joker_nothing():
    state = position(rack="MEXICO", racks=["MEXICO", "TE*S"], variant="point")
    state = engine.apply(state, tiles_of(state, "MEXICO", [(0, c) for c in range(6)]))
    assert state["scores"] == [19 + 10, 0]  # MEXICO, and out first: +10
    state = engine.apply(state, tiles_of(state, "TE*S", [(-2, 2), (-1, 2), (1, 2), (2, 2)], {2: "A"}))
    assert state["events"][0]["words"] == ["TEXAS"] and state["events"][0]["points"] == 15
    assert state["deal_over"]  # the round is complete, and the second player went out too
    assert state["scores"] == [29, 15]


def test_point_leftovers_are_subtracted_and_a_joker_costs_ten():
    state = position([("WORT", 0, 0, "across")], racks=["E", "L*"], variant="point")
    state = engine.apply(state, tiles_of(state, "E", [(0, 4)]))  # WORTE: 6+1+2+3+1 = 13, out: +10
    state = engine.apply(state, {"type": "draw", "count": 1})
    assert state["deal_over"]
    assert state["scores"][0] == 23
    assert state["scores"][1] == -2 - 10 - VALUES[TILES[state["racks"][1][-1]][0]]


def test_start_player_holds_the_letter_nearest_z():
    for seed in range(20):
        state = engine.new_game("typdom", ["A", "B", "C"], {}, seed)
        keys = [sorted((TILES[t][0] for t in rack if TILES[t][0] != JOKER), reverse=True) for rack in state["racks"]]
        best = max(keys)
        assert state["start"] == keys.index(best)


@pytest.mark.parametrize("hand, most", [([5, 8], 5), ([8, 10], 3), ([8, 12], 3)])
def test_a_hand_is_dealt_only_to_as_many_players_as_the_tiles_fill(hand, most):
    """30 red tiles make three hands of eight: a fourth player at 8+10 would get six."""
    names = [f"P{i}" for i in range(most)]
    state = engine.new_game("typdom", names, {"variant": "point", "hand": hand}, 1)
    assert all(sorted(TILES[t][1] for t in rack).count("red") == hand[0] for rack in state["racks"])
    if most < typdom.MAX_PLAYERS:
        with pytest.raises(IllegalAction) as caught:
            engine.new_game("typdom", [*names, "One too many"], {"variant": "point", "hand": hand}, 1)
        assert caught.value.code == "too_many_players" and caught.value.params == {"option": "hand", "most": most}
    listed = next(o for o in engine.catalogue() if o["id"] == "typdom")["options"]
    shown = next(o for o in listed if o["name"] == "hand")  # what a setup offers a table of each size
    assert shown["most_players"][shown["values"].index(hand)] == most


def test_drawing_ends_the_turn_and_tiles_stay_eighty():
    state = engine.new_game("typdom", ["A", "B"], {}, 3)
    for _ in range(10):
        state = engine.apply(state, {"type": "draw", "count": 1})
        held = sum(len(r) for r in state["racks"]) + len(state["pool"]) + len(state["cells"])
        assert held == 80
    assert refused(state, {"type": "draw", "count": 2}).code == "bad_draw"
    view = engine.view(state, 0)
    assert view["rack"] is not None and engine.view(state)["rack"] is None
    assert "racks" not in json.dumps(engine.view(state, 1)).replace('"rack_sizes"', "")


def test_preview_lists_every_word_with_its_validity_and_changes_nothing():
    state = position([("TAG", 0, 0, "across"), ("WO", 2, 1, "down")], rack="SERN")
    before = json.dumps(state)
    stern = tiles_of(state, "SERN", [(-1, 0), (1, 0), (2, 0), (3, 0)])["tiles"]
    shown = typdom.preview(state, stern)
    assert shown["words"] == [{"word": "STERN", "valid": True}, {"word": "RW", "valid": False},
                              {"word": "NO", "valid": True}]  # das No, Japan's theatre (Wiktionary's nouns, issue 37)
    assert shown["problem"]["code"] == "not_a_word" and shown["problem"]["params"] == {"word": "RW"}
    tage = tiles_of(state, "E", [(0, 3)])["tiles"]
    assert typdom.preview(state, tage) == {"words": [{"word": "TAGE", "valid": True}], "points": 3 + 1 + 4 + 1,
                                           "problem": None}
    assert typdom.preview(state, [stern[0], stern[3]])["problem"]["code"] == "not_contiguous"
    assert json.dumps(state) == before


def test_computer_seats_are_chosen_per_seat_and_checked():
    with pytest.raises(IllegalAction) as caught:
        engine.new_game("typdom", ["A", "B"], {"computer": [0]}, 1)
    assert caught.value.params == {"option": "computer"}
    with pytest.raises(IllegalAction):
        engine.new_game("typdom", ["A", "B"], {"computer": [0, 4]}, 1)
    state = position([("WORT", 0, 0, "across")], rack="E")
    assert refused_call(engine.computer_action, state).code == "not_computer"


def refused_call(fn, *args) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        fn(*args)
    return caught.value


def test_the_hint_and_the_strongest_computer_play_the_best_move():
    state = position([("WORT", 0, 0, "across")], rack="ESN")
    state["options"] = {**state["options"], "variant": "point", "computer": [3, 0]}
    shown = engine.hint(state)
    assert shown["count"] > 1
    assert shown["move"]["points"] == max(m["points"] for m in typdom_moves.moves(state, 0))
    assert engine.computer_action(state) == {"type": "place", "tiles": shown["move"]["tiles"]}
    nothing = position([("WORT", 0, 0, "across")], rack="QXY")
    nothing["options"] = {**nothing["options"], "computer": [1, 1]}
    assert engine.hint(nothing) == {"move": None, "count": 0}
    assert engine.computer_action(nothing) == {"type": "draw", "count": 1}


def crossword_words(cells: dict) -> list[str]:
    """Every line of two or more touching tiles on the table, across and down."""
    found = []
    for k in cells:
        row, col = table.cell_of(k)
        for d_row, d_col in ((0, 1), (1, 0)):
            if table.key(row - d_row, col - d_col) not in cells and table.key(row + d_row, col + d_col) in cells:
                found.append(table.word_of(cells, table.run(cells, row, col, d_row, d_col)))
    return found


def connected(cells: dict) -> bool:
    todo, seen = [next(iter(cells))], set()
    while todo:
        k = todo.pop()
        if k in seen:
            continue
        seen.add(k)
        row, col = table.cell_of(k)
        todo += [n for n in (table.key(row + 1, col), table.key(row - 1, col), table.key(row, col + 1),
                             table.key(row, col - 1)) if n in cells]
    return len(seen) == len(cells)


@pytest.mark.parametrize("variant, seed, strengths", [
    ("kreuzwort", 1, [1, 2]), ("kreuzwort", 2, [2, 1, 1]), ("point", 3, [1, 2]), ("point", 4, [2, 2, 1]),
])
def test_whole_games_between_computer_players_keep_every_rule(variant, seed, strengths):
    """Tiles conserved, the table always a connected crossword of words, Point scores the logged sums,
    nobody's rack in another seat's view, and the record replays to the same state through JSON."""
    names = [f"C{i}" for i in range(len(strengths))]
    state = engine.new_game("typdom", names, {"variant": variant, "computer": strengths, "deals": 2}, seed)
    record = engine.record_of(state)
    while not state["over"]:
        action = engine.computer_action(state)
        record["actions"].append(action)
        state = json.loads(json.dumps(engine.apply(state, action)))
        assert sum(map(len, state["racks"])) + len(state["pool"]) + len(state["cells"]) == len(TILES)
        held = [t for rack in state["racks"] for t in rack] + state["pool"] + [t for t, _ in state["cells"].values()]
        assert sorted(held) == list(range(len(TILES)))
        if state["cells"]:
            assert connected(state["cells"])
            assert all(is_word(state, word) for word in crossword_words(state["cells"]))
        if variant == "point" and not state["deal_over"]:
            logged = [0] * len(names)
            for line in state["log"]:
                logged[line["player"]] += line["points"]
            assert [s - (typdom.OUT_BONUS if p == state["out"] else 0) for p, s in enumerate(state["scores"])] == logged
        for seat in range(len(names)):
            seen = engine.view(state, seat)
            assert [t["tile"] for t in seen["rack"]] == state["racks"][seat] and "racks" not in seen
    assert state["deal"] == 1  # two deals played
    assert any(line["words"] for line in state["log"])
    assert engine.replay(json.loads(json.dumps(record)))["state"] == state


def test_a_word_the_lexicon_lacks_is_laid_when_the_table_overrules_and_nothing_else_is_let_through():
    state = position([("TAG", 0, 0, "across")], rack="POLLE")
    polla = tiles_of(state, "POLL", [(-4, 1), (-3, 1), (-2, 1), (-1, 1)])  # the rulebook's POLLA, down through A
    assert refused(state, polla).params == {"word": "POLLA"}
    laid = engine.apply(state, {**polla, "overrule": True})
    assert laid["events"][0]["words"] == ["POLLA"] and laid["events"][0]["overruled"] == ["POLLA"]
    assert laid["log"][-1]["overruled"] == ["POLLA"]
    tage = tiles_of(state, "E", [(0, 3)])
    assert refused(state, {**tage, "overrule": True}).code == "nothing_to_overrule"
    assert engine.apply(state, tage)["events"][0]["overruled"] == []
    apart = tiles_of(state, "PO", [(-2, 1), (-1, 2)])
    assert refused(state, {**apart, "overrule": True}).code == "not_in_line"  # only words are overruled
    assert refused(state, {**polla, "overrule": "yes"}).code == "bad_placement"


def test_an_overruled_placement_is_kept_in_the_record_replayed_and_undone():
    state = engine.new_game("typdom", ["Ada", "Bo"], {"variant": "kreuzwort"}, 5)
    player = typdom.current_player(state)
    first, second = state["racks"][player][:2]
    word = TILES[first][0] + TILES[second][0]
    place = {"type": "place", "tiles": [{"tile": first, "row": 0, "col": 0}, {"tile": second, "row": 0, "col": 1}],
             "overrule": True}
    assert JOKER not in word and not is_word(state, word)  # seed 5's first two tiles make no word
    laid = engine.apply(state, place)
    record = {**engine.record_of(state), "actions": [place]}
    assert engine.replay(record)["state"] == laid
    assert engine.undo(record)["record"]["actions"] == []


def test_the_hint_and_the_computers_prefer_words_people_know_and_the_hint_spells_them_as_the_dictionary():
    """Round 3: hints and computers laid AAK, SAXE, UMHALSTES. Where a word people know (the lexicon's
    "frequent") can be laid, the hint names one, spelled as the Wörterbuch spells it, and the computers lay
    one; a rarer word only where none can."""
    from wortwurf.games.typdom import players
    from wortwurf.words import default_lexicon

    lexicon, rarer_best = default_lexicon(), 0
    for seed in range(8):
        state = engine.new_game("typdom", ["A", "B"], {"variant": "point", "computer": [3, 3]}, seed)
        found = players.placements(state)
        hint = engine.hint(state)["move"]
        entry = lexicon.lookup(hint["word"])
        assert entry.word == hint["word"]
        assert entry.has("frequent") == any(placement.known for placement in found)
        placed = engine.apply(state, engine.computer_action(state))["events"][0]["words"]
        assert all(lexicon.lookup(word).has("frequent") for word in placed) or not any(p.known for p in found)
        rarer_best += not max(found, key=players.merit("point")).known
    assert rarer_best >= 2  # (positions where the most points lay a rarer word)
