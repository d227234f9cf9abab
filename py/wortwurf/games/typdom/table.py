"""TYP-DOM's table without edges, as geometry on its cells: a dict {"row,col": [tile, letter]}, no bounds.

What a placement makes of the cells (its lines, its words, whether it joins two), which lines a whole table
holds and whether it hangs together depend on the cells alone, not on the game around them, so every variant
and the move generator read the same geometry.
"""

from __future__ import annotations

from ...errors import IllegalAction
from .tiles import JOKER, TILES, VALUES


def key(row: int, col: int) -> str:
    return f"{row},{col}"


def cell_of(text: str) -> tuple[int, int]:
    row, col = text.split(",")
    return int(row), int(col)


def letter_at(cells: dict, row: int, col: int) -> str | None:
    found = cells.get(key(row, col))
    return found[1] if found else None


def run(cells: dict, row: int, col: int, d_row: int, d_col: int) -> list[tuple[int, int]]:
    """The maximal line of filled cells through (row, col) in one direction, in reading order."""
    while key(row - d_row, col - d_col) in cells:
        row, col = row - d_row, col - d_col
    line = []
    while key(row, col) in cells:
        line.append((row, col))
        row, col = row + d_row, col + d_col
    return line


def lines(cells: dict) -> list[list[tuple[int, int]]]:
    """Every line of two or more touching tiles, across then down, each once."""
    found = []
    for direction in ((0, 1), (1, 0)):
        for place in sorted(cells, key=cell_of):
            row, col = cell_of(place)
            line = run(cells, row, col, *direction)
            if len(line) >= 2 and line[0] == (row, col):
                found.append(line)
    return found


def connected(cells: dict) -> bool:
    """Whether every tile can be reached from every other through tiles side by side."""
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        row, col = cell_of(todo.pop())
        for near in (key(row + 1, col), key(row - 1, col), key(row, col + 1), key(row, col - 1)):
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(cells)


def drawn_cell(place: str, laid: list) -> list:
    """A cell as a page draws it: row, column, the tile's colour, the letter it shows, whether it is a joker."""
    tile, letter = laid
    return [*cell_of(place), TILES[tile][1], letter, TILES[tile][0] == JOKER]


def word_of(cells: dict, line: list[tuple[int, int]]) -> str:
    return "".join(cells[key(r, c)][1] for r, c in line)


def word_points(cells: dict, line: list[tuple[int, int]]) -> int:
    """Point-Typ-Dom: a word is worth its tiles' values (a joker nothing)."""
    return sum(VALUES[TILES[cells[key(r, c)][0]][0]] for r, c in line)


def placement_words(table: dict, new: dict) -> tuple[list[tuple[str, list]], bool]:
    """The lines of two or more letters a placement of `new` tiles on the `table`'s cells makes or changes,
    main word first (words or not), and whether it joins two words; refused if the tiles are not laid as one word through the table."""
    rows = {r for r, _ in new}
    cols = {c for _, c in new}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalAction("not_in_line")
    cells = {**table, **{key(r, c): [t, letter] for (r, c), (t, letter) in new.items()}}
    first = not table
    # The main word runs along the line of the tiles (a single tile: whichever way makes a word).
    directions = [(0, 1)] if len(rows) == 1 and len(cols) > 1 else [(1, 0)] if len(cols) == 1 and len(rows) > 1 \
        else [(0, 1), (1, 0)]
    anchor = next(iter(new))
    lines = [run(cells, *anchor, *d) for d in directions]
    main_lines = [line for line in lines if len(line) >= 2]
    if not main_lines:
        raise IllegalAction("word_too_short", min=2)
    main = main_lines[0]
    if not all(position in main for position in new):
        raise IllegalAction("not_contiguous")
    if first:
        if len(new) < 2:
            raise IllegalAction("word_too_short", min=2)
    elif all(position in new for position in main):
        raise IllegalAction("must_cross")
    main_direction = directions[lines.index(main)]
    across = (main_direction[1], main_direction[0])
    found = [main] + [line for line in main_lines[1:]]
    for position in new:
        line = run(cells, *position, *across)
        if len(line) >= 2 and line not in found:
            found.append(line)
    words = [(word_of(cells, line), line) for line in found]
    stretches = sum(_old_runs(line, new) for line in found)
    return words, not first and stretches >= 2


def _old_runs(line: list[tuple[int, int]], new: dict) -> int:
    """How many separate stretches of tiles already on the table a word goes through."""
    runs, inside = 0, False
    for position in line:
        old = position not in new
        if old and not inside:
            runs += 1
        inside = old
    return runs
