"""TYP-DOM's move generator: every legal placement of a rack on the current table.

Appel and Jacobson's method, adapted to TYP-DOM's rule that a word must run
through at least one letter already on the table in its own line. Each move is
found once, from the first stretch of old letters it contains (its hook). The
rack's prefixes (left parts) are grown once per search; at each hook, those that
spell on through the hook's letters and fit the cross-checks of their cells are
laid left of it (never reaching the stretch before), and the walk goes on to the
right through empty cells and further old letters, following the lexicon's word
graph all the way. An empty cell with letters beside it across the line allows
only the letters that make a word there (its cross-check, computed once per
cell). Ä, Ö and Ü of the lexicon are laid as two tiles (AE, OE, UE), as TYP-DOM
has none: the search sees them as two arcs.

Words the lexicon lists are generated; compounds it only recognises are not.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager, suppress
from typing import Iterator, NamedTuple

from ...budget import OutOfTime, check as check_time, stoppable
from ...words import default_lexicon
from ...words.spelling import UMLAUTS
from ...words.tags import KNOWN
from .table import cell_of
from .tiles import JOKER, TILES, TILE_LETTERS, VALUES, colour_of
from .words import counts, is_word

LETTERS = TILE_LETTERS
ACROSS, DOWN = (0, 1), (1, 0)
POINTS = [VALUES[letter] for letter, _ in TILES]  # by tile
COLOUR = {letter: colour_of(letter) for letter in LETTERS}


def moves(state: dict, player: int, lexicon=None) -> list[dict]:
    """Every legal placement for `player`'s rack: {"tiles": [...] as a place action takes them, "word", "points"}."""
    return [found.as_move() for found in search(state, player, lexicon)]


class Placement(NamedTuple):
    """A placement as the search finds it; made into a move (as a place action takes it) only when needed."""

    points: int
    word: str
    direction: tuple[int, int]
    line: int
    laid: tuple  # (position in the line, letter, is joker), along the line
    tiles: tuple[int, ...]
    known: bool  # its word is one people know (the lexicon's "frequent"): the hints and computers prefer these

    def as_move(self) -> dict:
        tiles = []
        for (pos, letter, joker), tile in zip(self.laid, self.tiles):
            row, col = _at(self.line, pos, self.direction)
            tiles.append({"tile": tile, "row": row, "col": col, "letter": letter} if joker else
                         {"tile": tile, "row": row, "col": col})
        return {"tiles": tiles, "word": self.word, "points": self.points}


def search(state: dict, player: int, lexicon=None) -> list[Placement]:
    """Every legal placement for `player`'s rack; out of time (`wortwurf.budget`), those found so far, once one
    is found (a search that has found none goes on: where the rack can lay a word, it is offered)."""
    found: dict[tuple, Placement] = {}
    with suppress(OutOfTime), stoppable():
        for _ in in_parts(state, player, found, lexicon):
            pass
    return list(found.values())


EMPTY_TABLE_PART = 2  # the letters a part of the search on an empty table starts its words with


def in_parts(state: dict, player: int, found: dict, lexicon=None) -> Iterator[None]:
    """The same search a part at a time (a line of the table; on an empty one, the words with one start),
    stopping after each: a caller that keeps it can end a call there and go on at the next (Presto's solver,
    whose first search over a hand of 19 tiles takes a phone seconds: the words of one first letter alone took
    up to 0.36 s natively). The placements go into `found`."""
    lexicon = lexicon or default_lexicon()
    table = {cell_of(k): (tile, letter) for k, (tile, letter) in state["cells"].items()}
    search = Search(state, lexicon, table, Rack(state["racks"][player]), found)
    if not table:
        for start in search.starts(EMPTY_TABLE_PART):
            search.checks_here = {pos: frozenset(letter) for pos, letter in enumerate(start)}  # (its cells' only letters)
            with _cycle_collector_paused():
                search.walk(0, 0, 0, [], hook_end=-1)
            yield
    else:
        for direction in (ACROSS, DOWN):
            for line in {_line_of(cell, direction) for cell in table}:
                with _cycle_collector_paused():
                    search.line(line, direction)
                yield


@contextmanager
def _cycle_collector_paused():
    """The search makes many small containers and no reference cycles, so Python's cycle collector would
    only scan them again and again (a sixth of the time on busy positions)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _line_of(cell: tuple[int, int], direction) -> int:
    return cell[0] if direction == ACROSS else cell[1]


def _at(line: int, pos: int, direction) -> tuple[int, int]:
    return (line, pos) if direction == ACROSS else (pos, line)


class Rack:
    """The tiles to lay, counted: real tiles by their letter, jokers by their colour (TYP-DOM has one joker of
    each). The walk only counts, and lays a joker only for a letter whose real tiles have run out: that finds
    every word the rack can lay, once. The other ways to lay it (a joker for a letter a real tile could give)
    are made from it when it is recorded, and so is which tile of several alike is laid."""

    def __init__(self, tiles: list[int]):
        self.tiles: dict[str, list[int]] = {source: [] for source in (*LETTERS, "red", "black")}
        for tile in tiles:
            letter, colour = TILES[tile]
            self.tiles[colour if letter == JOKER else letter].append(tile)
        self.count = {source: len(alike) for source, alike in self.tiles.items()}
        self.joker_colours = [colour for colour in ("red", "black") if self.tiles[colour]]

    def size(self) -> int:
        return sum(self.count.values())

    def joker_ways(self, laid: tuple) -> list[tuple]:
        """Every way to lay these letters, (pos, letter, is joker) along the line, as the walk laid them: a
        joker that stands in for a letter whose real tiles ran out may take any other place with that letter; a
        joker left over may take any one place with a letter of its colour."""
        ways = [laid]
        for colour in self.joker_colours:
            stand_in = next((i for i, (_, letter, joker) in enumerate(laid) if joker and COLOUR[letter] == colour), None)
            if stand_in is None:
                places = [i for i, (_, letter, _) in enumerate(laid) if COLOUR[letter] == colour]
            else:
                places = [i for i, (_, letter, _) in enumerate(laid) if letter == laid[stand_in][1] and i != stand_in]
            ways += [_with_joker_at(way, i, stand_in) for way in ways for i in places]
        return ways

    def given(self, laid) -> list[int]:
        """The tiles for letters laid as (pos, letter, is joker), in order."""
        used: dict[str, int] = {}
        tiles = []
        for _, letter, joker in laid:
            source = COLOUR[letter] if joker else letter
            alike = used[source] = used.get(source, -1) + 1
            tiles.append(self.tiles[source][alike])
        return tiles


class Search:
    """One generation. What the walk needs of the line it is in (its old letters, its cross-checks) is kept
    by position, so the inner loop touches no cells; cells are made only for the moves it records."""

    def __init__(self, state, lexicon, table, rack, found):
        self.state, self.lexicon, self.table, self.rack, self.found = state, lexicon, table, rack, found
        self.options = state["options"]
        self.checks: dict[tuple, frozenset | None] = {}
        self.arcs: dict[int, dict] = {}
        self.next_id = -1  # for the in-between nodes of two-tile letters
        self.counting: dict[int, bool] = {}
        self.beyond: dict[tuple, list] = {}
        self.by_next: dict[str, list[tuple]] | None = None
        self.enter(0, ACROSS)

    def enter(self, line: int, direction) -> None:
        """Make `line` the one being searched."""
        self.line_no, self.direction = line, direction
        self.old = {_line_of_pos(cell, direction): placed for cell, placed in self.table.items()
                    if _line_of(cell, direction) == line}  # position: (tile, letter)
        self.checks_here: dict[int, frozenset | None] = {}

    def check(self, pos: int) -> frozenset | None:
        """The cross-check of the empty cell at `pos` in this line."""
        if pos not in self.checks_here:
            self.checks_here[pos] = self.cross_check(_at(self.line_no, pos, self.direction), self.direction)
        return self.checks_here[pos]

    def cross_check(self, cell, direction) -> frozenset | None:
        """The letters an empty cell may take given its neighbours across the line (None: any)."""
        memo = (cell, direction)
        if memo not in self.checks:
            step = (direction[1], direction[0])
            before, after = "", ""
            row, col = cell[0] - step[0], cell[1] - step[1]
            while (row, col) in self.table:
                before = self.table[(row, col)][1] + before
                row, col = row - step[0], col - step[1]
            row, col = cell[0] + step[0], cell[1] + step[1]
            while (row, col) in self.table:
                after += self.table[(row, col)][1]
                row, col = row + step[0], col + step[1]
            self.checks[memo] = None if not before and not after else frozenset(
                x for x in LETTERS if is_word(self.state, before + x + after, self.lexicon))
        return self.checks[memo]

    def line(self, line: int, direction) -> None:
        """Every word in this line, found from its first stretch of old letters."""
        self.enter(line, direction)
        hooks = []  # (start, end) of each stretch of old letters
        for pos in sorted(self.old):
            if hooks and hooks[-1][1] == pos - 1:
                hooks[-1] = (hooks[-1][0], pos)
            else:
                hooks.append((pos, pos))
        size = self.rack.size()
        for i, (start, end) in enumerate(hooks):
            room = max(0, size if i == 0 else min(size, start - hooks[i - 1][1] - 2))  # keep a gap before
            self.left_parts(room, start, end)

    def left_parts(self, room, start, hook_end) -> None:
        """Appel and Jacobson's left parts: rack prefixes of up to `room` tiles laid just left of the hook, each
        run on through the hook. The prefixes are found once per search, grouped by the graph node they reach
        and indexed by the letters that may follow that node; so the hook's letters are read once per node, and
        prefixes are laid only where they pass the hook and the cross-checks of their cells."""
        hook = "".join(self.old[pos][1] for pos in range(start, hook_end + 1))
        free = 0  # empty cells just left of the hook with nothing beside them: any letter fits
        while free < room and self.check(start - free - 1) is None:
            free += 1
        count = self.rack.count
        for node, group in self.prefixes_before(hook[0]):
            if len(group[0]) > room:
                break
            beyond = self.through(node, hook)
            if not beyond:
                continue
            for prefix in group:
                if len(prefix) > room:
                    break
                at = start - len(prefix)
                if len(prefix) > free and not self.passes_checks(prefix, at):
                    continue
                for letter, joker in prefix:
                    count[COLOUR[letter] if joker else letter] -= 1
                laid = [(at + i, letter, joker) for i, (letter, joker) in enumerate(prefix)]
                for child, bits in beyond:
                    self.walk(child, bits, hook_end + 1, laid, hook_end)
                for letter, joker in prefix:
                    count[COLOUR[letter] if joker else letter] += 1

    def passes_checks(self, prefix, at) -> bool:
        """Whether each letter of a left part laid from `at` on fits its cell's cross-check (checked from the
        hook outwards, where a cross-check is met first)."""
        for i in range(len(prefix) - 1, -1, -1):
            letter = prefix[i][0]
            allowed = self.check(at + i)
            if allowed is not None and letter not in allowed:
                return False
        return True

    def through(self, node, letters: str) -> list[tuple[int | None, int]]:
        """Where the graph gets from `node` by spelling `letters` (a hook's): [(node or None, tag bits of the
        last arc)], more than one where a U may start a UE."""
        memo = (node, letters)
        found = self.beyond.get(memo)
        if found is None:
            ways = (self.arcs.get(node) or self.kids(node)).get(letters[0], ())
            if len(letters) == 1:
                found = ways
            else:
                found = [end for child, _ in ways if child is not None for end in self.through(child, letters[1:])]
            self.beyond[memo] = found
        return found

    def prefixes_before(self, letter: str) -> list[tuple[int, list]]:
        """The rack's prefixes that the letter may follow, as (node, its prefixes shortest first), the nodes with
        the shortest prefixes first."""
        if self.by_next is None:
            by_node: dict[int, list] = {}
            self.grow(0, (), by_node)
            self.by_next = {}
            for node, group in by_node.items():
                group.sort(key=len)
                for first in self.kids(node):
                    self.by_next.setdefault(first, []).append((node, group))
            for groups in self.by_next.values():
                groups.sort(key=lambda entry: len(entry[1][0]))
        return self.by_next.get(letter, [])

    def grow(self, node, prefix, by_node) -> None:
        by_node.setdefault(node, []).append(prefix)
        count = self.rack.count
        for letter, ways in self.kids(node).items():
            source, joker = (letter, False) if count[letter] else (COLOUR[letter], True)
            if count[source]:
                count[source] -= 1
                for child, _ in ways:
                    if child is not None:
                        self.grow(child, (*prefix, (letter, joker)), by_node)
                count[source] += 1

    def starts(self, letters: int) -> list[str]:
        """The starts of `letters` tiles of the graph's words, in the walk's order (a shorter start where nothing
        follows it): every word of as many tiles or more is under exactly one."""
        level = {"": [0]}  # start: the nodes it reaches
        for _ in range(letters):
            deeper: dict[str, list] = {}
            for start, nodes in level.items():
                following = [(letter, ways) for node in nodes for letter, ways in self.kids(node).items()]
                if not following:
                    deeper[start] = nodes
                for letter, ways in following:
                    deeper.setdefault(start + letter, []).extend(child for child, _ in ways if child is not None)
            level = deeper
        return list(level)

    def kids(self, node) -> dict[str, list[tuple[int, int]]]:
        """The node's arcs by the tile they lay: {letter: [(child or None, tag bits or 0), ...]}. A graph letter
        spelled with two tiles (Ü as UE) becomes two arcs through an in-between node of our own, numbered
        below zero; so a letter may lead to more than one child (U, and the U of UE)."""
        found = self.arcs.get(node)
        if found is None:
            found = self.arcs[node] = {}
            for char, child, bits in self.lexicon.step(node):
                child = child or None  # (the graph's 0 is its root)
                spelled = UMLAUTS.get(char, char)
                for tile in reversed(spelled[1:]):  # the in-between nodes, from the last tile back
                    self.arcs[self.next_id] = {tile: [(child, bits)]}
                    child, bits, self.next_id = self.next_id, 0, self.next_id - 1
                found.setdefault(spelled[0], []).append((child, bits))
        return found

    def walk(self, node, bits, pos, laid, hook_end) -> None:
        """Arrived at `pos` by an arc with tag `bits`: record the word that ends here if that cell is empty and
        the word passed the hook, then follow the graph on from `node` laying letters from `pos`."""
        placed = self.old.get(pos)
        if placed is not None:  # an old letter: only the arcs that spell it
            if node is not None:
                for child, child_bits in (self.arcs.get(node) or self.kids(node)).get(placed[1], ()):
                    self.walk(child, child_bits, pos + 1, laid, hook_end)
            return
        if bits and pos > hook_end and laid and (hook_end >= 0 or len(laid) >= 2) and self.counts(bits):
            self.record(pos, laid, bits)  # (the first word of a deal has only new tiles, at least two)
        if node is None:
            return
        allowed = self.check(pos)
        count = self.rack.count
        for letter, ways in (self.arcs.get(node) or self.kids(node)).items():
            if allowed is None or letter in allowed:
                source, joker = (letter, False) if count[letter] else (COLOUR[letter], True)
                if count[source]:
                    count[source] -= 1
                    laid.append((pos, letter, joker))
                    for child, child_bits in ways:
                        self.walk(child, child_bits, pos + 1, laid, hook_end)
                    laid.pop()
                    count[source] += 1

    def counts(self, bits: int) -> bool:
        found = self.counting.get(bits)
        if found is None:
            found = self.counting[bits] = counts(self.options, bits)
        return found

    def record(self, end, laid, bits) -> None:
        line, direction, old = self.line_no, self.direction, self.old
        start = laid[0][0]
        while start - 1 in old:
            start -= 1
        letters = {pos: letter for pos, letter, _ in laid}
        word = "".join(letters[pos] if pos in letters else old[pos][1] for pos in range(start, end))
        old_points = sum(POINTS[old[pos][0]] for pos in range(start, end) if pos not in letters)
        known = bool(bits & KNOWN)
        for way in self.rack.joker_ways(tuple(laid)):
            # The same move may be found twice: a single tile from both of its lines, a word with UE as Ü and as U, E
            # (the same word: known if either reading is).
            key = (_at(line, way[0][0], direction), *way[0][1:]) if len(way) == 1 else (direction, line, way)
            if key not in self.found:
                tiles = tuple(self.rack.given(way))
                self.found[key] = Placement(old_points + sum(POINTS[tile] for tile in tiles), word, direction, line,
                                            way, tiles, known)
            elif known and not self.found[key].known and self.found[key].word == word:
                self.found[key] = self.found[key]._replace(known=True)
        check_time()  # (a placement is found: out of time, the search may end here)


def _with_joker_at(laid: tuple, place: int, instead_of: int | None) -> tuple:
    """The letters laid with the joker at `place`, and a real tile where it stood before (if it was laid)."""
    way = list(laid)
    pos, letter, _ = way[place]
    way[place] = (pos, letter, True)
    if instead_of is not None:
        pos, letter, _ = way[instead_of]
        way[instead_of] = (pos, letter, False)
    return tuple(way)


def _line_of_pos(cell: tuple[int, int], direction) -> int:
    return cell[1] if direction == ACROSS else cell[0]
