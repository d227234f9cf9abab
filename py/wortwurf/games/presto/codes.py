"""Presto across several phones, with no network: codes people read aloud or type.

A deal code carries what every phone needs to deal the same tiles: a 32-bit seed, the number of players,
the time limit and the house option; each phone then races its own seat as a game of one (options
`table_of` and `seat`). A finished table is told by its table code (its shape, which of the hand's letters
lies where, and what each joker stands for) and a check code that binds it to the deal, the seat and the
time: another phone that types them in rebuilds the table from the deal, checks it whole, and refuses a
changed one.
Codes use Crockford's base 32 (no I, L, O or U; those typed are read as 1, 1, 0 and V), in groups of four.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from ...errors import IllegalAction
from ..typdom.table import cell_of, key
from ..typdom.tiles import JOKER, TILE_LETTERS, TILES
from .rules import MAX_PLAYERS, OPTIONS, TABLE_HANDS, deal_hands, marks, points, problems, ranked

DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
READ_AS = {"I": "1", "L": "1", "O": "0", "U": "V"}
MINUTES = next(option for option in OPTIONS if option.name == "minutes")
CHECK_CHARS = 6
NAME_CHARS = 40  # a racer's name as another phone types it in


def _digits(number: int, count: int) -> str:
    return "".join(DIGITS[(number >> (5 * i)) & 31] for i in reversed(range(count)))


def _number(code: str) -> int:
    """A typed code's value: case, spaces, dashes and look-alike letters forgiven."""
    if not isinstance(code, str) or len(code) > 200:
        raise IllegalAction("bad_code")
    value = 0
    for char in code.upper():
        if char in " -":
            continue
        char = READ_AS.get(char, char)
        if char not in DIGITS:
            raise IllegalAction("bad_code")
        value = value * 32 + DIGITS.index(char)
    return value


def _grouped(text: str) -> str:
    return "-".join(text[i:i + 4] for i in range(0, len(text), 4))


def _checksum(*parts) -> int:
    return int.from_bytes(hashlib.sha256(":".join(map(str, parts)).encode()).digest()[:4], "big")


def deal_code(players: int, minutes: int, one_left: bool, seed: int) -> str:
    """The code for a deal shared by `players` phones (seed: 32 bits the creating phone drew)."""
    if type(players) is not int or not 2 <= players <= MAX_PLAYERS or not MINUTES.valid(minutes) \
            or type(one_left) is not bool or type(seed) is not int or not 0 <= seed < 2**32:
        raise IllegalAction("bad_code")
    payload = (seed << 9) | ((players - 1) << 6) | ((minutes - 1) << 1) | one_left  # 41 bits
    return _grouped(_digits((payload << 10) | _checksum("deal", payload) % 1024, 11))  # and 10 bits of check


def join_deal(code: str, seat: int) -> dict:
    """What a phone starts its seat's race with: {"seed", "options", "players"} (a game of one)."""
    value = _number(code)
    payload, check = value >> 10, value & 1023
    if value >= 32**11 or _checksum("deal", payload) % 1024 != check:
        raise IllegalAction("bad_code")
    players = ((payload >> 6) & 7) + 1
    if not 2 <= players <= MAX_PLAYERS or not ((payload >> 1) & 31) < MINUTES.high:
        raise IllegalAction("bad_code")
    if type(seat) is not int or not 0 <= seat < players:
        raise IllegalAction("bad_seat", players=players)
    options = {"minutes": ((payload >> 1) & 31) + 1, "one_left": bool(payload & 1), "table_of": players, "seat": seat}
    return {"seed": payload >> 9, "options": options, "players": players}


STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # the neighbours a table code visits, in this order


def _walk(first: tuple[int, int], occupied: Callable[[tuple[int, int]], bool]) -> list[tuple[int, int]]:
    """The tiles of a table in the order a table code visits them: breadth first from `first` (the first in
    reading order), asking `occupied` once of each cell next to a tile and not before `first`."""
    order, decided, at = [first], {first}, 0
    while at < len(order):
        row, col = order[at]
        at += 1
        for step_row, step_col in STEPS:
            near = (row + step_row, col + step_col)
            if near in decided or near < first:
                continue
            decided.add(near)
            if occupied(near):
                order.append(near)
    return order


def table_code(hand: list[int], table: dict) -> str:
    """A finished table (its tiles side by side) as a short code. Read from its first tile in reading order:
    for each cell next to a tile, whether a tile lies there (a bit); for each tile, which of the hand's
    letters still to lay it is; for each joker, its letter. The numbers go into one number of mixed radix,
    written in base 32: for 19 tiles, about 19 characters, half as many as naming each tile's cell takes."""
    cells = {cell_of(place): laid for place, laid in table.items()}
    if not cells:
        raise IllegalAction("bad_table")
    digits = []  # (digit, radix), the first one lowest

    def occupied(near: tuple[int, int]) -> bool:
        digits.append((int(near in cells), 2))
        return near in cells

    order = _walk(min(cells), occupied)
    if len(order) != len(cells):
        raise IllegalAction("bad_table")
    left = [TILES[tile] for tile in hand]
    for cell in order:
        kinds = sorted(set(left))
        kind = TILES[cells[cell][0]]
        digits.append((kinds.index(kind), len(kinds)))
        left.remove(kind)
        if kind[0] == JOKER:
            digits.append((TILE_LETTERS.index(cells[cell][1]), len(TILE_LETTERS)))
    value, scale = 0, 1
    for digit, radix in digits:
        value, scale = value + digit * scale, scale * radix
    return _grouped(_digits(value, max(1, -(-value.bit_length() // 5))))


def _table_from(hand: list[int], code: str) -> dict:
    value = _number(code)

    def read(radix: int) -> int:
        nonlocal value
        value, digit = divmod(value, radix)
        return digit

    order = _walk((0, 0), lambda near: bool(read(2)))
    left = list(hand)
    if len(order) > len(left):
        raise IllegalAction("bad_code")
    table = {}
    for row, col in order:
        kinds = sorted({TILES[tile] for tile in left})
        kind = kinds[read(len(kinds))]
        tile = next(tile for tile in left if TILES[tile] == kind)
        left.remove(tile)
        letter = TILE_LETTERS[read(len(TILE_LETTERS))] if kind[0] == JOKER else kind[0]
        table[key(row, col)] = [tile, letter]
    if value:
        raise IllegalAction("bad_code")  # (more was typed than the table needs)
    return table


def check_code(deal: str, seat: int, seconds: float, table: str) -> str:
    """The short code that binds a table code to its deal, seat and time."""
    hundredths = round(seconds * 100)
    return _grouped(_digits(_checksum("table", _number(deal), seat, hundredths, _number(table)) % 32**CHECK_CHARS,
                            CHECK_CHARS))


def verify(deal: str, seat: int, seconds, table: str, check: str) -> dict:
    """Another phone's check of a reported finish: the table rebuilt from the deal and the table code, checked
    whole, and the check code matched against the time. {"words": [...], "left": n} when it holds; refused
    (bad_check, or the table's problem) when anything was changed."""
    joined = join_deal(deal, seat)
    if type(seconds) not in (int, float) or not 0 <= seconds <= 60 * joined["options"]["minutes"]:
        raise IllegalAction("bad_time")
    if _number(check) != _number(check_code(deal, seat, seconds, table)):
        raise IllegalAction("bad_check")
    options = {**{option.name: option.default for option in OPTIONS}, **joined["options"]}
    size = TABLE_HANDS[joined["players"]]
    hand = deal_hands(joined["seed"], 0, joined["players"], size)[seat]
    cells = _table_from(hand, table)
    problem = problems({"options": options}, hand, cells)
    if problem:
        raise problem
    return {"words": [mark["word"] for mark in marks({"options": options}, cells)], "left": len(hand) - len(cells)}


def shared_standings(deal: str, reports) -> dict:
    """A shared deal's ranking from the finishes one phone has checked, as one table would score them: each
    report ({"seat", "seconds", "table", "check", and the racer's "name" as read out, if given}, one per seat)
    verified as `verify` does, then the places by time and the points. {"deal": the deal's code as written,
    "rows": [{"seat", "name" ("" if none), "seconds", "left", "place", "points"}] fastest first}."""
    joined = join_deal(deal, 0)
    if not isinstance(reports, list) or len(reports) > joined["players"] \
            or not all(isinstance(report, dict) for report in reports):
        raise IllegalAction("bad_code")
    seats = [report.get("seat") for report in reports]
    if len(set(seats)) != len(seats):
        raise IllegalAction("bad_seat", players=joined["players"])
    lefts = [verify(deal, report.get("seat"), report.get("seconds"), report.get("table"), report.get("check"))["left"]
             for report in reports]
    names = [report.get("name", "") for report in reports]
    if not all(isinstance(name, str) and len(name) <= NAME_CHARS for name in names):
        raise IllegalAction("bad_name", most=NAME_CHARS)
    places = ranked([report["seconds"] for report in reports])
    rows = [{"seat": report["seat"], "name": name.strip(), "seconds": report["seconds"], "left": left, "place": place,
             "points": points(place, left)} for report, name, left, place in zip(reports, names, lefts, places)]
    options = joined["options"]
    return {"deal": deal_code(joined["players"], options["minutes"], options["one_left"], joined["seed"]),
            "rows": sorted(rows, key=lambda row: (row["place"], row["seat"]))}


def shared_result(state: dict) -> dict | None:
    """For the end of a shared deal's race on this phone: what to read out to the others (the racer's name, the
    deal code, the seat, the time, the table code and the check code); None for a race not finished or not
    shared."""
    options = state["options"]
    if not options["table_of"] or state["status"][0] != "finished":
        return None
    deal = deal_code(options["table_of"], options["minutes"], options["one_left"], state["seed"])
    table = table_code(state["hands"][0], state["tables"][0])
    seconds = state["seconds"][0]
    return {"name": state["players"][0], "deal": deal, "seat": options["seat"], "seconds": seconds, "table": table,
            "check": check_code(deal, options["seat"], seconds, table)}
