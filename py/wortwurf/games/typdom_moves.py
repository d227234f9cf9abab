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


def moves(state: dict, player: int, lexicon=None) -> list[dict]:
    """Every legal placement for `player`'s rack: {"tiles": [...] as a place action takes them, "word", "points"}."""
    lexicon = lexicon or default_lexicon()
    table = {cell_of(k): (tile, letter) for k, (tile, letter) in state["cells"].items()}
    rack = Rack(state["racks"][player])
    found: dict[frozenset, dict] = {}
    search = Search(state, lexicon, table, rack, found)
    if not table:
        search.walk(0, ACROSS, 0, 0, [], hook_end=-1)
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
        return bool(self.by_letter.get(letter)) or bool(self.jokers["red" if letter in VOWELS else "black"])

    def choices(self, letter: str):
        """(tile, is joker) ways to lay `letter`: a real tile, or a joker of the letter's colour."""
        if self.by_letter.get(letter):
            yield self.by_letter[letter][-1], False
        colour = "red" if letter in VOWELS else "black"
        if self.jokers[colour]:
            yield self.jokers[colour][-1], True

    def take(self, tile: int) -> None:
        letter, colour = TILES[tile]
        (self.jokers[colour] if letter == JOKER else self.by_letter[letter]).remove(tile)

    def give_back(self, tile: int) -> None:
        letter, colour = TILES[tile]
        (self.jokers[colour] if letter == JOKER else self.by_letter[letter]).append(tile)


class Search:
    def __init__(self, state, lexicon, table, rack, found):
        self.state, self.lexicon, self.table, self.rack, self.found = state, lexicon, table, rack, found
        self.options = state["options"]
        self.checks: dict[tuple, frozenset | None] = {}
        self.arcs: dict[int, list] = {}
        self.arcs_by_first: dict[int, dict] = {}
        self.prefixes: list[tuple] | None = None
        self.by_next: dict[str, list[tuple]] = {}

    def letter(self, cell) -> str | None:
        placed = self.table.get(cell)
        return placed[1] if placed else None

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
        old = sorted(pos for pos in (_line_of_pos(cell, direction) for cell in self.table
                                     if _line_of(cell, direction) == line))
        hooks = []  # (start, end) of each stretch of old letters
        for pos in old:
            if hooks and hooks[-1][1] == pos - 1:
                hooks[-1] = (hooks[-1][0], pos)
            else:
                hooks.append((pos, pos))
        size = sum(len(t) for t in self.rack.by_letter.values()) + sum(len(t) for t in self.rack.jokers.values())
        for i, (start, end) in enumerate(hooks):
            room = max(0, size if i == 0 else min(size, start - hooks[i - 1][1] - 2))  # keep a gap before
            free = 0  # empty cells just left of the hook with nothing beside them: any letter fits
            while free < room and self.cross_check(_at(line, start - free - 1, direction), direction) is None:
                free += 1
            self.left_parts(free, direction, line, start, end)
            for left in range(free + 1, room + 1):  # longer left parts reach cells with cross-checks
                self.walk(0, direction, line, start - left, [], hook_end=end)

    def left_parts(self, free, direction, line, start, hook_end) -> None:
        """Appel and Jacobson's left parts: rack prefixes of up to `free` tiles laid just left of the hook
        (cells that need no cross-check), each run on through the hook. The prefixes are found once per
        search and indexed by the letter that must follow them, so a hook only meets those that fit it."""
        for prefix, node, spelled, part, child, bits in self.prefixes_before(self.letter(_at(line, start, direction))):
            if len(prefix) > free:
                continue
            at = start - len(prefix)
            laid = [(_at(line, at + i, direction), letter, tile, joker) for i, (letter, tile, joker) in enumerate(prefix)]
            for _, tile, _ in prefix:
                self.rack.take(tile)
            if spelled is None:
                self.walk(node, direction, line, start, laid, hook_end)
            else:  # an umlaut whose E is the hook's first letter
                self.lay(spelled, part, child, bits, direction, line, start, laid, hook_end)
            for _, tile, _ in prefix:
                self.rack.give_back(tile)

    def prefixes_before(self, letter: str) -> list[tuple]:
        """The rack's prefixes that the letter may follow: (tiles, node, None, 0, 0, 0) for whole graph letters,
        (tiles, None, spelled, part, child, bits) for an umlaut laid up to its part `part`."""
        if self.prefixes is None:
            self.prefixes = []
            self.grow(0, ())
        if letter not in self.by_next:
            self.by_next[letter] = [
                entry for entry in self.prefixes
                if (entry[2][entry[3]] == letter if entry[2] else any(s[0] == letter for s, _, _ in self.kids(entry[1])))]
        return self.by_next[letter]

    def grow(self, node, prefix) -> None:
        self.prefixes.append((prefix, node, None, 0, 0, 0))
        for spelled, child, bits in self.kids(node):
            self.grow_parts(spelled, 0, child, bits, prefix)

    def grow_parts(self, spelled, part, child, bits, prefix) -> None:
        if part == len(spelled):
            if child:
                self.grow(child, prefix)
            return
        if part:
            self.prefixes.append((prefix, None, spelled, part, child, bits))
        for tile, joker in list(self.rack.choices(spelled[part])):
            self.rack.take(tile)
            self.grow_parts(spelled, part + 1, child, bits, (*prefix, (spelled[part], tile, joker)))
            self.rack.give_back(tile)

    def kids(self, node) -> list[tuple[str, int, int]]:
        """(spelling in tiles, child, tag bits) of each arc leaving the node: the graph's step, remembered."""
        found = self.arcs.get(node)
        if found is None:
            found = self.arcs[node] = [(UMLAUTS.get(char, char), child, bits) for char, child, bits in
                                       self.lexicon.step(node)]
        return found

    def kids_by_first(self, node) -> dict[str, list[tuple[str, int, int]]]:
        """The node's arcs grouped by the first tile of their spelling."""
        found = self.arcs_by_first.get(node)
        if found is None:
            found = self.arcs_by_first[node] = {}
            for arc in self.kids(node):
                found.setdefault(arc[0][0], []).append(arc)
        return found

    def walk(self, node, direction, line, pos, laid, hook_end) -> None:
        """Follow the graph from `node` laying letters from `pos` on; record words that end past the hook."""
        cell = _at(line, pos, direction)
        placed = self.table.get(cell)
        if placed is not None:  # an old letter: only the arcs that spell it
            for spelled, child, bits in self.kids_by_first(node).get(placed[1], ()):
                self.lay(spelled, 0, child, bits, direction, line, pos, laid, hook_end)
            return
        allowed = self.cross_check(cell, direction)
        has = self.rack.has
        for spelled, child, bits in self.kids(node):
            first = spelled[0]
            if (allowed is None or first in allowed) and has(first):  # prune before going deeper
                self.lay(spelled, 0, child, bits, direction, line, pos, laid, hook_end)

    def lay(self, spelled, part, child, bits, direction, line, pos, laid, hook_end) -> None:
        """Lay the parts of one graph letter (two for an umlaut), then record or walk on."""
        if part == len(spelled):
            self.arrived(child, bits, direction, line, pos, laid, hook_end)
            return
        cell = _at(line, pos, direction)
        need = spelled[part]
        there = self.letter(cell)
        if there is not None:
            if there == need:
                self.lay(spelled, part + 1, child, bits, direction, line, pos + 1, laid, hook_end)
            return
        allowed = self.cross_check(cell, direction)
        if allowed is not None and need not in allowed:
            return
        for tile, joker in list(self.rack.choices(need)):
            self.rack.take(tile)
            laid.append((cell, need, tile, joker))
            self.lay(spelled, part + 1, child, bits, direction, line, pos + 1, laid, hook_end)
            laid.pop()
            self.rack.give_back(tile)

    def arrived(self, child, bits, direction, line, pos, laid, hook_end) -> None:
        """`pos` is the cell after the letters so far: a word ends here if that cell is empty."""
        ends_here = self.letter(_at(line, pos, direction)) is None
        long_enough = hook_end >= 0 or len(laid) >= 2  # the first word of a deal has only new tiles
        if ends_here and laid and pos > hook_end and long_enough and counts(self.options, bits):
            self.record(direction, line, pos, laid)
        if child:
            self.walk(child, direction, line, pos, laid, hook_end)

    def record(self, direction, line, end, laid) -> None:
        key = frozenset((cell, letter, joker) for cell, letter, _, joker in laid)
        if key in self.found:
            return
        start = _line_of_pos(laid[0][0], direction)
        while self.letter(_at(line, start - 1, direction)) is not None:
            start -= 1
        new = {cell: (tile, letter) for cell, letter, tile, _ in laid}
        main = [_at(line, p, direction) for p in range(start, end)]
        word = "".join(new[c][1] if c in new else self.table[c][1] for c in main)
        points = sum(VALUES[TILES[new[c][0] if c in new else self.table[c][0]][0]] for c in main)
        tiles = [{"tile": tile, "row": cell[0], "col": cell[1], **({"letter": letter} if joker else {})}
                 for cell, letter, tile, joker in laid]
        self.found[key] = {"tiles": tiles, "word": word, "points": points}


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
