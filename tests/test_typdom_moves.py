"""The TYP-DOM move generator against brute force: on small tables with a tiny
lexicon, the generator lists exactly the placements the engine accepts, once each."""

from __future__ import annotations

import itertools

import pytest
from test_typdom import position
from wortwurf import engine
from wortwurf.errors import IllegalAction
from wortwurf.games.typdom import players
from wortwurf.games.typdom.table import cell_of, placement_words
from wortwurf.games.typdom.tiles import JOKER, TILES, VOWELS
from wortwurf.games.typdom.words import refused_words
from wortwurf.games.typdom.moves import LETTERS, moves
from wortwurf.words import Lexicon, compile_graph
from wortwurf.words.tags import BIT

WORDS = ["AB", "ABER", "AN", "BAR", "BART", "BE", "BEI", "BRAT", "EI", "EIN", "ER", "ERBE", "MÜDE", "NEBEN", "NAT", "RABE",
         "RAT", "RATE", "REBE", "TAT", "TEE", "TEER", "TREBE", "ZEBRA"]
NOUN = BIT["noun"] | BIT["capitalised"]
TINY = Lexicon(compile_graph((word, NOUN) for word in sorted(WORDS)))


def brute_force(state, player) -> set:
    """Every placement of rack tiles into consecutive empty cells of any line near the table
    that the engine's own check accepts: as sets of (cell, letter, joker)."""
    table = {cell_of(k) for k in state["cells"]}
    rack = state["racks"][player]
    rows = [r for r, _ in table] or [0]
    cols = [c for _, c in table] or [0]
    reach = len(rack) + 1
    found = set()
    for across in (True, False):
        lines = range(min(rows) - 1, max(rows) + 2) if across else range(min(cols) - 1, max(cols) + 2)
        span = range(min(cols) - reach, max(cols) + reach + 1) if across else range(min(rows) - reach, max(rows) + reach + 1)
        for line in lines:
            for start in span:
                for n in range(1, len(rack) + 1):
                    cells, pos = [], start
                    while len(cells) < n:
                        cell = (line, pos) if across else (pos, line)
                        if cell not in table:
                            cells.append(cell)
                        pos += 1
                    for tiles in itertools.permutations(rack, n):
                        choices = [[(t, letter)] if (letter := TILES[t][0]) != JOKER else
                                   [(t, x) for x in LETTERS if (x in VOWELS) == (TILES[t][1] == "red")]
                                   for t in tiles]
                        for laid in itertools.product(*choices):
                            new = dict(zip(cells, laid))
                            try:
                                words, _ = placement_words(state["cells"], new)
                            except IllegalAction:
                                continue
                            if refused_words(state, words, TINY):
                                continue
                            found.add(frozenset((c, letter, TILES[t][0] == JOKER) for c, (t, letter) in new.items()))
    return found


def generated(state, player) -> list:
    return [frozenset(((m["row"], m["col"]), m.get("letter", TILES[m["tile"]][0]), "letter" in m) for m in move["tiles"])
            for move in moves(state, player, TINY)]


TABLES = [
    ([("RAT", 0, 0, "across")], "EBNE"),
    ([("RAT", 0, 0, "across"), ("ABER", 0, 1, "down")], "ETI"),
    ([("BRAT", 0, 0, "across"), ("TEE", 0, 3, "down")], "RA*E"),
    ([("EIN", 0, 0, "down"), ("NAT", 2, 0, "across")], "BR+E"),
    ([], "RATE"),
    ([("EDE", 0, 2, "across")], "MUR"),  # MÜDE laid as M, U before the table's E: an umlaut split at the hook
]


@pytest.mark.parametrize("words, rack", TABLES)
def test_the_generator_lists_exactly_the_legal_placements_once_each(words, rack):
    state = position(words, rack=rack)
    listed = generated(state, 0)
    assert len(listed) == len(set(listed))  # no duplicates
    expected = brute_force(state, 0)
    if not words:  # the first word lies anywhere; the generator offers it from (0, 0) across
        expected = {move for move in expected if {c for c, _, _ in move} == {(0, i) for i in range(len(move))}}
    assert set(listed) == expected
    assert listed  # the tables are chosen so that something is possible


def test_the_hint_and_the_computer_never_lay_a_word_the_table_would_refuse():
    """Over more than a hundred positions of seeded games between computer players, the hint's move and the
    computer's are accepted by the engine as they are: no word of theirs needs the table's overrule."""
    checked = 0
    for seed in range(6):  # (130 positions)
        state = engine.new_game("typdom", ["A", "B", "C"], {"variant": "point", "computer": [2, 1, 3]}, seed)
        while not state["over"] and not state["deal_over"] and len(state["log"]) < 12:
            move = players.hint(state)["move"]
            if move:
                engine.apply(state, {"type": "place", "tiles": move["tiles"]})  # raises if a word is refused
            action = players.computer_action(state)
            state = engine.apply(state, action)  # likewise
            checked += (move is not None) + (action["type"] == "place")
    assert checked > 100
