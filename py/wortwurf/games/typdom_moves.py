"""TYP-DOM's move generator: every legal placement of a rack on the current table.

Appel and Jacobson's method, adapted to TYP-DOM's rule that a word must run
through at least one letter already on the table in its own line. Each move is
found once, from the first stretch of old letters it contains (its hook): the
walk lays rack tiles in the empty cells left of the hook (never reaching the
stretch before it), runs through the hook, then on to the right through empty
cells and further old letters, following the lexicon's word graph all the way.
An empty cell with letters beside it across the line allows only the letters
that make a word there (its cross-check, computed once per cell). Ä, Ö and Ü
of the lexicon are laid as two tiles (AE, OE, UE), as TYP-DOM has none.

Words the lexicon lists are generated; compounds it only recognises are not.
"""

from __future__ import annotations

from ..chance import keyed
from ..errors import IllegalAction
from ..words import default_lexicon
from ..words.spelling import UMLAUTS
from .typdom import JOKER, TILE_LETTERS, TILES, VALUES, VOWELS, cell_of, counts, current_player, is_word

LETTERS = TILE_LETTERS
ACROSS, DOWN = (0, 1), (1, 0)
POINTS = [VALUES[letter] for letter, _ in TILES]  # by tile
COLOUR = {letter: "red" if letter in VOWELS else "black" for letter in LETTERS}


def moves(state: dict, player: int, lexicon=None) -> list[dict]:
    """Every legal placement for `player`'s rack: {"tiles": [...] as a place action takes them, "word", "points"}."""
    lexicon = lexicon or default_lexicon()
    table = {cell_of(k): (tile, letter) for k, (tile, letter) in state["cells"].items()}
    rack = Rack(state["racks"][player])
    found: dict[tuple, dict] = {}
    search = Search(state, lexicon, table, rack, found)
    if not table:
        search.walk(0, 0, [], hook_end=-1)
    else:
        for direction in (ACROSS, DOWN):
            for line in {_line_of(cell, direction) for cell in table}:
                search.line(line, direction)
    return list(found.values())


def _line_of(cell: tuple[int, int], direction) -> int:
    return cell[0] if direction == ACROSS else cell[1]


def _at(line: int, pos: int, direction) -> tuple[int, int]:
    return (line, pos) if direction == ACROSS else (pos, line)


class Rack:
    """The tiles to lay: real tiles by letter, and the red and black jokers."""

    def __init__(self, tiles: list[int]):
        self.by_letter: dict[str, list[int]] = {}
        self.jokers = {"red": [], "black": []}
        for tile in tiles:
            letter, colour = TILES[tile]
            if letter == JOKER:
                self.jokers[colour].append(tile)
            else:
                self.by_letter.setdefault(letter, []).append(tile)

    def has(self, letter: str) -> bool:
        return bool(self.by_letter.get(letter) or self.jokers[COLOUR[letter]])

    def size(self) -> int:
        return sum(map(len, self.by_letter.values())) + sum(map(len, self.jokers.values()))

    def choices(self, letter: str):
        """(tile, is joker) ways to lay `letter`: a real tile, or a joker of the letter's colour."""
        if self.by_letter.get(letter):
            yield self.by_letter[letter][-1], False
        if self.jokers[COLOUR[letter]]:
            yield self.jokers[COLOUR[letter]][-1], True

    def take(self, tile: int) -> None:
        letter, colour = TILES[tile]
        (self.jokers[colour] if letter == JOKER else self.by_letter[letter]).remove(tile)

    def give_back(self, tile: int) -> None:
        letter, colour = TILES[tile]
        (self.jokers[colour] if letter == JOKER else self.by_letter[letter]).append(tile)


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
        self.readable: dict[tuple, bool] = {}
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
        run on through the hook. The prefixes are found once per search and indexed by the letter that must
        follow them, so a hook only meets those that fit it; those the hook's letters or a cross-check rule
        out are skipped before any tile is laid."""
        hook = "".join(self.old[pos][1] for pos in range(start, hook_end + 1))
        for prefix, node in self.prefixes_before(hook[0]):
            if len(prefix) > room:
                break
            at = start - len(prefix)
            if not self.reads(node, hook) or not self.passes_checks(prefix, at):
                continue
            laid = [(at + i, letter, tile, joker) for i, (letter, tile, joker) in enumerate(prefix)]
            for _, tile, _ in prefix:
                self.rack.take(tile)
            self.walk(node, start, laid, hook_end)
            for _, tile, _ in reversed(prefix):
                self.rack.give_back(tile)

    def passes_checks(self, prefix, at) -> bool:
        """Whether each letter of a left part laid from `at` on fits its cell's cross-check."""
        for i, (letter, _, _) in enumerate(prefix):
            allowed = self.check(at + i)
            if allowed is not None and letter not in allowed:
                return False
        return True

    def reads(self, node, letters: str) -> bool:
        """Whether the graph spells `letters` from `node` on."""
        memo = (node, letters)
        found = self.readable.get(memo)
        if found is None:
            ways = self.kids(node).get(letters[0], ())
            found = self.readable[memo] = any(len(letters) == 1 or child and self.reads(child, letters[1:])
                                              for child, _ in ways)
        return found

    def prefixes_before(self, letter: str) -> list[tuple]:
        """The rack's prefixes, as (tiles, node), that the letter may follow, shortest first."""
        if self.by_next is None:
            prefixes: list[tuple] = []
            self.grow(0, (), prefixes)
            prefixes.sort(key=lambda entry: len(entry[0]))
            self.by_next = {}
            for entry in prefixes:
                for first in self.kids(entry[1]):
                    self.by_next.setdefault(first, []).append(entry)
        return self.by_next.get(letter, [])

    def grow(self, node, prefix, prefixes) -> None:
        prefixes.append((prefix, node))
        rack = self.rack
        for letter, ways in self.kids(node).items():
            for tile, joker in list(rack.choices(letter)):
                rack.take(tile)
                for child, _ in ways:
                    if child:
                        self.grow(child, (*prefix, (letter, tile, joker)), prefixes)
                rack.give_back(tile)

    def kids(self, node) -> dict[str, list[tuple[int, int]]]:
        """The node's arcs by the tile they lay: {letter: [(child or 0, tag bits or 0), ...]}. A graph letter
        spelled with two tiles (Ü as UE) becomes two arcs through an in-between node of our own, numbered
        below zero; so a letter may lead to more than one child (U, and the U of UE)."""
        found = self.arcs.get(node)
        if found is None:
            found = self.arcs[node] = {}
            for char, child, bits in self.lexicon.step(node):
                spelled = UMLAUTS.get(char, char)
                for tile in reversed(spelled[1:]):  # the in-between nodes, from the last tile back
                    self.arcs[self.next_id] = {tile: [(child, bits)]}
                    child, bits, self.next_id = self.next_id, 0, self.next_id - 1
                found.setdefault(spelled[0], []).append((child, bits))
        return found

    def walk(self, node, pos, laid, hook_end) -> None:
        """Follow the graph from `node` laying letters from `pos` on; record words that end past the hook."""
        arcs = self.kids(node)
        placed = self.old.get(pos)
        if placed is not None:  # an old letter: only the arcs that spell it
            for child, bits in arcs.get(placed[1], ()):
                self.arrived(child, bits, pos + 1, laid, hook_end)
            return
        allowed = self.check(pos)
        rack = self.rack
        for letter, ways in arcs.items():
            if (allowed is None or letter in allowed) and rack.has(letter):
                for tile, joker in list(rack.choices(letter)):
                    rack.take(tile)
                    laid.append((pos, letter, tile, joker))
                    for child, bits in ways:
                        self.arrived(child, bits, pos + 1, laid, hook_end)
                    laid.pop()
                    rack.give_back(tile)

    def arrived(self, child, bits, pos, laid, hook_end) -> None:
        """`pos` is the position after the letters so far: a word ends here if that cell is empty."""
        if bits and laid and pos > hook_end and pos not in self.old and (hook_end >= 0 or len(laid) >= 2) \
                and self.counts(bits):
            self.record(pos, laid)  # (the first word of a deal has only new tiles, at least two)
        if child:
            self.walk(child, pos, laid, hook_end)

    def counts(self, bits: int) -> bool:
        found = self.counting.get(bits)
        if found is None:
            found = self.counting[bits] = counts(self.options, bits)
        return found

    def record(self, end, laid) -> None:
        line, direction = self.line_no, self.direction
        # The same move may be found twice: a single tile from both of its lines, a word with UE as Ü and as U, E.
        key = (_at(line, laid[0][0], direction), laid[0][1], laid[0][3]) if len(laid) == 1 else \
            (direction, line, tuple(laid))
        if key in self.found:
            return
        start = laid[0][0]
        while start - 1 in self.old:
            start -= 1
        new = {pos: (tile, letter) for pos, letter, tile, _ in laid}
        main = [new.get(pos) or self.old[pos] for pos in range(start, end)]
        tiles = []
        for pos, letter, tile, joker in laid:
            row, col = _at(line, pos, direction)
            tiles.append({"tile": tile, "row": row, "col": col, "letter": letter} if joker else
                         {"tile": tile, "row": row, "col": col})
        self.found[key] = {"tiles": tiles, "word": "".join(letter for _, letter in main),
                           "points": sum(POINTS[tile] for tile, _ in main)}


def _line_of_pos(cell: tuple[int, int], direction) -> int:
    return cell[1] if direction == ACROSS else cell[0]


# --- computer players and hints ------------------------------------------------------------------


def worth(move: dict, variant: str) -> tuple:
    """How good a move is: Point counts its word's points; Kreuzwort the tiles it sheds, the hard ones first
    (a joker is the last tile to give away: it fits almost anywhere later)."""
    letters = [TILES[t["tile"]][0] for t in move["tiles"]]
    hard = sum(VALUES[letter] for letter in letters)
    if variant == "point":
        return move["points"], len(letters), hard
    return len(letters), hard, -letters.count(JOKER)


def ranked(state: dict, lexicon=None) -> list[dict]:
    """The current player's placements, best first (ties in a fixed order, so a replay chooses alike)."""
    if state["over"] or state["deal_over"] or (state["placed"] and not state["second"]):
        return []
    found = moves(state, current_player(state), lexicon)
    variant = state["options"]["variant"]
    found.sort(key=lambda m: (worth(m, variant), m["word"], sorted((t["row"], t["col"]) for t in m["tiles"])),
               reverse=True)
    return found


def hint(state: dict) -> dict:
    """A possible move for the player to move: the best one, and how many there are."""
    found = ranked(state)
    return {"move": found[0] if found else None, "count": len(found)}


def computer_action(state: dict, lexicon=None) -> dict:
    """What the computer player in the current seat does: the best placement (strength 3), one of the better
    quarter (2) or of the weaker half (1); without one, it stops (a declined second word) or draws one tile."""
    strengths = state["options"]["computer"]
    if state["over"] or not strengths or not strengths[current_player(state)]:
        raise IllegalAction("not_computer")
    if state["deal_over"]:
        return {"type": "next_deal"}
    found = ranked(state, lexicon)
    if not found:
        return {"type": "stop"} if state["second"] and state["options"]["variant"] == "point" else {"type": "draw", "count": 1}
    strength = strengths[current_player(state)]
    if strength == 3:
        chosen = found[0]
    else:
        pool = found[: max(1, len(found) // 4)] if strength == 2 else found[len(found) // 2:]
        chosen = pool[keyed(state["seed"], state["deal"], len(state["log"]), "computer") % len(pool)]
    return {"type": "place", "tiles": chosen["tiles"]}
