"""TYP-DOM "Wer behält recht?": one word at a time, built tile by tile on the crossword, each tile backed by an
announced word that the others may change or build on, until it comes back round to its announcer.

Rulebook 004 as the issue and the rules notes read it. Dealing, jokers and which words count are the
Kreuzwort-Spiel's (`typdom`). The word under construction is a fragment (the run of tiles in its line) and
an announcement (a word that contains the fragment where the rest of it fits on the table). A turn lays one
tile at either end of the fragment with a new announcement, or builds on the one standing, or draws once
and then may do either, or passes; before laying, a joker of a finished word may be swapped for its tile. The fragment grown into its announcement is a finished word; its
announcer starts the next one out of turn, crossing the crossword. An announcement that comes back round
unchanged must be finished by its announcer at once, or they are out of the deal and pay every other
player for the tiles they hold. A tile that closes a 2 x 2 square, and a new word crossing at a vowel,
give one more tile. A player out of tiles collects for the others' tiles; a blocked deal goes to the
fewest points held, and a tie doubles the next deal's stakes.

Every line of two or more tiles on the table is a word, except the fragment's own line.
"""

from __future__ import annotations

from ...errors import IllegalAction
from ..options import check_seats, computer_seats
from ..typdom.crossword import COLLECT, deal_racks, swap_joker
from ..typdom.match import DEALS, end_deal, match_view, new_match, next_deal, opened_for_a_move
from ..typdom.match import result  # noqa: F401 (the engine's `result`: the match's standings)
from ..typdom.table import cell_of, drawn_cell, key, run
from ..typdom.tiles import JOKER, TILES, TILE_LETTERS, VOWELS, colour_of, joker_letters, joker_may_show
from ..typdom.words import HOUSE_RULES, is_word
from ...words.spelling import normalize
from .announcements import words_containing

MIN_PLAYERS, MAX_PLAYERS = 2, 5
HAND = (5, 8)  # red, black: the Kreuzwort-Spiel's
OPTIONS = (DEALS, *HOUSE_RULES, computer_seats())  # computer players 1 to 3: from weak to strong
ACTION_TYPES = frozenset({"lay", "swap", "draw", "pass", "stop", "finish", "fail", "next_deal"})
ACROSS, DOWN = (0, 1), (1, 0)
START, BUILD, FORCED = "start", "build", "forced"


def new_game(players: list[str], options: dict, seed: int) -> dict:
    check_seats(options, players)
    return new_match("bluff", players, options, seed, _start_deal, stakes=1)  # (doubled after a tied blocked deal)


def _start_deal(state: dict) -> None:
    racks, pool, start = deal_racks(state["seed"], state["deal"], len(state["players"]), HAND)
    state.update({
        "pool": pool,
        "racks": racks,
        "cells": {},
        "gone": [],  # tiles out of play: a failed announcer's, and their unfinished fragment's
        "out": [False] * len(state["players"]),
        "turn": start,
        "phase": START,
        "word": None,  # {"cells", "announced", "by"}: the word under construction
        "drew": False,  # has the player to move drawn this turn
        "laid": False,  # has the player to move laid a tile this turn
        "extra": 0,  # bonus tiles the player to move may still lay
        "idle": 0,  # turns in a row that laid nothing, with the pool empty, since a word was last finished
        "scores": [0] * len(state["players"]),
        "log": [],
        "deal_over": False,
    })
    state["events"].append({"e": "dealt", "deal": state["deal"] + 1, "start": start})


# --- geometry of the word under construction -----------------------------------------------------------


def _step(cell: tuple[int, int], direction, times: int = 1) -> tuple[int, int]:
    return cell[0] + direction[0] * times, cell[1] + direction[1] * times


def _letters(cells: dict, line: list) -> str:
    return "".join(cells[key(*cell)][1] for cell in line)


def _cross_ok(state: dict, cells: dict, cell: tuple[int, int], letter: str, direction) -> bool:
    """Whether `letter` at the empty `cell` makes, across `direction`, no line that is not a word."""
    across = (direction[1], direction[0])
    trial = {**cells, key(*cell): [-1, letter]}
    line = run(trial, *cell, *across)
    return len(line) < 2 or is_word(state, _letters(trial, line))


def fits(state: dict, cells: dict, fragment: list, direction, word: str) -> bool:
    """Whether `word` contains the fragment (cells along `direction`) as one run at a place where the rest of
    it fits: the cells before and after it free, its other letters on empty cells (or on tiles showing
    them) that make no line across that is not a word."""
    shown = _letters(cells, fragment)
    for offset in range(len(word) - len(shown) + 1):
        if word[offset:offset + len(shown)] != shown:
            continue
        start = _step(tuple(fragment[0]), direction, -offset)
        if key(*_step(start, direction, -1)) in cells or key(*_step(start, direction, len(word))) in cells:
            continue
        if all(cells[key(*cell)][1] == letter if key(*cell) in cells else _cross_ok(state, cells, cell, letter, direction)
               for cell, letter in ((_step(start, direction, i), x) for i, x in enumerate(word))):
            return True
    return False


def _directions(state: dict) -> list:
    """The fragment's direction, or both while it is a single tile (the first tile of a deal)."""
    fragment = state["word"]["cells"]
    if len(fragment) > 1:
        return [DOWN if fragment[0][1] == fragment[1][1] else ACROSS]
    return [ACROSS, DOWN]


def _announcement(text) -> str:
    word = normalize(text) if isinstance(text, str) and len(text) <= 40 else None
    spelled = word and word.replace("Ä", "AE").replace("Ö", "OE").replace("Ü", "UE")
    if not spelled or any(x not in TILE_LETTERS for x in spelled):
        raise IllegalAction("bad_announcement")
    return spelled


def check_announcement(state: dict, cells: dict, fragment: list, directions: list, word: str,
                       overrule: bool = False) -> list[str]:
    """Refused unless `word` counts (or the table overrules the lexicon for it: then it is returned, to be
    logged), differs from the standing announcement (a new word starts free), holds the fragment as one run
    and fits round it on the table."""
    if state["word"] and word == state["word"]["announced"]:
        raise IllegalAction("same_announcement", word=word)
    overruled = [] if is_word(state, word) else [word]
    if overruled and not overrule:
        raise IllegalAction("not_a_word", word=word)
    if overrule and not overruled:
        raise IllegalAction("nothing_to_overrule")
    shown = _letters(cells, fragment)
    if shown not in word:
        raise IllegalAction("fragment_not_in_word", word=word, fragment=shown)
    if not any(fits(state, cells, fragment, d, word) for d in directions):
        raise IllegalAction("does_not_fit", word=word, fragment=shown)
    return overruled


# --- the turn ---------------------------------------------------------------------------------------------


def active(state: dict) -> list[int]:
    return [p for p in range(len(state["players"])) if not state["out"][p]]


def _next_active(state: dict, after: int) -> int:
    players = len(state["players"])
    return next(p % players for p in range(after + 1, after + players + 1) if not state["out"][p % players])


def apply(state: dict, action: dict) -> dict:
    """The state after one action; the given state is never changed."""
    kind = action["type"]
    state = opened_for_a_move(state, kind, gone=list(state["gone"]), out=list(state["out"]),
                              word=state["word"] and {**state["word"], "cells": [list(c) for c in state["word"]["cells"]]})
    if kind == "next_deal":
        next_deal(state, _start_deal)
    elif state["phase"] == FORCED:
        if kind == "finish":
            _forced_finish(state, action.get("tiles"))
        elif kind == "fail":
            _fail(state)
        else:
            raise IllegalAction("must_finish", word=state["word"]["announced"])
    elif kind == "lay":
        _lay(state, action.get("tile"), action.get("row"), action.get("col"), action.get("letter"), action.get("word"),
             action.get("overrule", False))
    elif kind == "swap":
        _swap(state, action.get("cell"), action.get("tile"))
    elif kind == "draw":
        _draw(state)
    elif kind in ("pass", "stop"):
        _pass(state, kind)
    else:
        raise IllegalAction("not_now")
    return state


def _tile_and_letter(state: dict, player: int, tile, letter) -> str:
    """The letter a tile from the player's rack shows (a joker: the letter it stands for, of its colour)."""
    if type(tile) is not int or tile not in state["racks"][player]:
        raise IllegalAction("tile_not_in_rack")
    own, colour = TILES[tile]
    if own != JOKER:
        if letter not in (None, own):
            raise IllegalAction("bad_placement")
        return own
    if not joker_may_show(colour, letter):
        raise IllegalAction("joker_colour", colour=colour)
    return letter


def _lay(state: dict, tile, row, col, letter, word, overrule) -> None:
    """One tile at an end of the word under construction (or starting one), with a new announcement or
    building on the standing one. With `overrule` the table lets count an announcement the lexicon refuses."""
    player = state["turn"]
    if type(row) is not int or type(col) is not int or abs(row) > 200 or abs(col) > 200 or type(overrule) is not bool:
        raise IllegalAction("bad_placement")
    shown = _tile_and_letter(state, player, tile, letter)
    cell = (row, col)
    if key(*cell) in state["cells"]:
        raise IllegalAction("cell_taken")
    if state["laid"] and (state["extra"] == 0 or word is not None):
        raise IllegalAction("already_placed")
    announced = None if word is None else _announcement(word)
    cells = {**state["cells"], key(*cell): [tile, shown]}
    starting = state["phase"] == START
    readings = _new_fragments(state, cells, cell) if starting else [(*_grown_fragment(state, cells, cell), [])]
    overruled = []
    if announced is not None:
        fragment, directions, crossing, overruled = _announced_reading(state, cells, readings, announced, overrule)
    elif starting:
        raise IllegalAction("must_announce")
    else:
        [(fragment, directions, crossing)] = readings
        if overrule:
            raise IllegalAction("nothing_to_overrule")
        if not any(fits(state, cells, fragment, d, state["word"]["announced"]) for d in directions):
            raise IllegalAction("does_not_fit", word=state["word"]["announced"], fragment=_letters(cells, fragment))
    # Laid.
    state["cells"] = cells
    state["racks"][player].remove(tile)
    state["laid"], state["idle"] = True, 0
    state["extra"] = max(0, state["extra"] - 1) if state["extra"] and not starting else state["extra"]
    if announced is not None:
        state["word"] = {"cells": [list(c) for c in fragment], "announced": announced, "by": player}
    else:
        state["word"]["cells"] = [list(c) for c in fragment]
    state["phase"] = BUILD
    bonus = _closes_square(cells, cell) + (1 if starting and any(cells[key(*c)][1] in VOWELS for c in crossing) else 0)
    state["extra"] += bonus
    state["events"].append({"e": "laid", "player": player, "cell": [row, col], "letter": shown, "word": announced,
                            "fragment": _letters(cells, fragment), "bonus": bonus})
    state["log"].append({"player": player, "laid": shown, "fragment": _letters(cells, fragment),
                         "announced": announced, "standing": state["word"]["announced"], "overruled": overruled})
    if not state["racks"][player]:
        _end_deal(state, [player])
        return
    if _letters(cells, fragment) == state["word"]["announced"] and len(fragment) == len(state["word"]["announced"]):
        _finished(state, own_fresh=announced is not None)
    elif not state["extra"]:
        _end_turn(state)


def _new_fragments(state: dict, cells: dict, cell: tuple[int, int]) -> list[tuple[list, list, list]]:
    """A new word's first tile: in the middle of an empty table, else crossing the crossword (its line two or
    three tiles, through a tile of the crossword). The line across it, if any, must then be a finished word:
    only the new fragment may stay unfinished, so a tile closing a square may start a word. The readings as
    (fragment, its directions, the tiles it crosses): two when both lines through the tile could be the new
    word (the announcement chooses)."""
    if len(cells) == 1:
        if cell != (0, 0):
            raise IllegalAction("start_in_middle")
        return [([cell], [ACROSS, DOWN], [])]
    lines = {d: run(cells, *cell, *d) for d in (ACROSS, DOWN)}
    readings, refusal = [], "must_cross"
    for direction, line in lines.items():
        at = line.index(cell)
        before, after = line[:at], line[at + 1:]
        if len(line) < 2 or len(before) > 1 or len(after) > 1:  # crossing nothing, or lengthening a word
            continue
        other = lines[(direction[1], direction[0])]
        if len(other) >= 2 and not is_word(state, _letters(cells, other)):
            refusal = "two_unfinished"
            continue
        readings.append((line, [direction], before + after))
    if not readings:
        raise IllegalAction(refusal)
    return readings


def _announced_reading(state: dict, cells: dict, readings: list, announced: str, overrule: bool) -> tuple:
    """The first reading of the tile (fragment, directions, crossed tiles) that the announcement fits, with the
    words the table overruled; else the first reading's refusal."""
    first = None
    for fragment, directions, crossing in readings:
        try:
            return fragment, directions, crossing, check_announcement(state, cells, fragment, directions, announced,
                                                                      overrule)
        except IllegalAction as refusal:
            first = first or refusal
    raise first


def _grown_fragment(state: dict, cells: dict, cell: tuple[int, int]) -> tuple[list, list]:
    """The fragment after a tile at one of its ends (its run along the line), its direction; refused if the
    tile is elsewhere, or makes a line across that is not a finished word."""
    for direction in _directions(state):
        ends = state["word"]["cells"]
        if cell in (_step(tuple(ends[0]), direction, -1), _step(tuple(ends[-1]), direction)):
            line = run(cells, *cell, *direction)
            across = run(cells, *cell, direction[1], direction[0])
            if len(across) >= 2 and not is_word(state, _letters(cells, across)):
                raise IllegalAction("two_unfinished")
            return line, [direction]
    raise IllegalAction("not_at_an_end")


def _closes_square(cells: dict, cell: tuple[int, int]) -> int:
    """1 if the tile at `cell` fills the last corner of a 2 x 2 block of tiles."""
    row, col = cell
    for dr in (-1, 1):
        for dc in (-1, 1):
            if all(key(row + r, col + c) in cells for r, c in ((dr, 0), (0, dc), (dr, dc))):
                return 1
    return 0


def _swap(state: dict, cell, tile) -> None:
    """A joker of a finished word taken for the real tile, before laying, as in the Kreuzwort-Spiel; never one
    of the word under construction."""
    if state["laid"]:
        raise IllegalAction("already_placed")
    if state["word"] and cell in state["word"]["cells"]:
        raise IllegalAction("joker_in_fragment")
    swap_joker(state, state["turn"], cell, tile)


def _draw(state: dict) -> None:
    if state["drew"] or state["laid"] or not state["pool"]:
        raise IllegalAction("cannot_draw")
    player = state["turn"]
    state["racks"][player].append(state["pool"].pop(0))
    state["drew"] = True
    state["events"].append({"e": "drew", "player": player})
    state["log"].append({"player": player, "drew": True})


def _pass(state: dict, kind: str) -> None:
    """"pass": lay nothing this turn (at a start, only a player who cannot start a word passes it on to the next
    player); "stop": decline the bonus tiles left."""
    if (kind == "stop") != state["laid"]:
        raise IllegalAction("not_now")
    player = state["turn"]
    if kind == "pass" and state["phase"] == START and starting_lay(state) is not None:
        raise IllegalAction("can_start")
    if kind == "pass":
        state["log"].append({"player": player, "passed": True})
        state["events"].append({"e": "passed", "player": player})
        state["idle"] = state["idle"] + 1 if not state["pool"] else 0
        if state["idle"] >= len(active(state)):
            _end_deal(state, None)
            return
    _end_turn(state)


def letters_for(tile: int) -> list[str]:
    """The letters a tile can show: its own, or for a joker every letter of its colour."""
    letter, colour = TILES[tile]
    return [letter] if letter != JOKER else joker_letters()[colour]


def starting_lay(state: dict) -> dict | None:
    """A lay that would start a new word (a tile of the player to move in the middle of an empty table, else
    crossing the crossword) with an announcement that would be taken, or None: only then may the start be
    passed on. The shortest words holding each fragment are tried first, so a possible start is found soon."""
    taken = [cell_of(place) for place in state["cells"]]
    free = sorted({(r + dr, c + dc) for r, c in taken for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))}
                  - set(taken)) if taken else [(0, 0)]
    tried = set()
    for tile in state["racks"][state["turn"]]:
        for letter in letters_for(tile):
            if (TILES[tile][0], letter) in tried:
                continue
            tried.add((TILES[tile][0], letter))
            lay = {"type": "lay", "tile": tile, "row": 0, "col": 0, **({"letter": letter} if TILES[tile][0] == JOKER else {})}
            for cell in free:
                cells = {**state["cells"], key(*cell): [tile, letter]}
                try:
                    readings = _new_fragments(state, cells, cell)
                except IllegalAction:
                    continue
                for fragment, directions, _ in readings:
                    for word in words_containing(state, _letters(cells, fragment)):
                        if any(fits(state, cells, fragment, d, word) for d in directions):
                            return {**lay, "row": cell[0], "col": cell[1], "word": word}
    return None


def _end_turn(state: dict) -> None:
    state.update({"drew": False, "laid": False, "extra": 0})
    state["turn"] = _next_active(state, state["turn"])
    word = state["word"]
    if state["phase"] == BUILD and word["by"] == state["turn"]:
        state["phase"] = FORCED  # the announcement came back round unchanged
        state["events"].append({"e": "came_back", "player": state["turn"], "word": word["announced"]})


def _finished(state: dict, own_fresh: bool) -> None:
    """The fragment is its announcement: a finished word. Its announcer starts the next one, out of turn
    (if they announced a word their own tile finished, the next player does)."""
    word = state["word"]
    starter = _next_active(state, state["turn"]) if own_fresh and word["by"] == state["turn"] else word["by"]
    state["events"].append({"e": "finished", "word": word["announced"], "by": word["by"], "starter": starter})
    state["log"].append({"player": word["by"], "finished": word["announced"]})
    state.update({"word": None, "phase": START, "turn": starter, "drew": False, "laid": False, "extra": 0, "idle": 0})


# --- the forced finish ------------------------------------------------------------------------------------


def _forced_finish(state: dict, tiles) -> None:
    """The announcer lays the whole rest of their word at once: every missing letter, from their rack, on the
    word's line; then starts the next word."""
    player, word = state["turn"], state["word"]
    if not isinstance(tiles, list) or not tiles or len(tiles) > len(state["racks"][player]):
        raise IllegalAction("bad_placement")
    if not all(isinstance(item, dict) and type(item.get("row")) is int and type(item.get("col")) is int for item in tiles):
        raise IllegalAction("bad_placement")
    chosen = [item.get("tile") for item in tiles]
    if any(chosen.count(tile) > 1 for tile in chosen):
        raise IllegalAction("bad_placement")
    cells = dict(state["cells"])
    for item in tiles:
        place = key(item["row"], item["col"])
        if place in cells:
            raise IllegalAction("cell_taken")
        cells[place] = [item.get("tile"), _tile_and_letter(state, player, item.get("tile"), item.get("letter"))]
    finished = None
    for direction in _directions(state):
        line = run(cells, *word["cells"][0], *direction)
        if _letters(cells, line) == word["announced"] and all(tuple(c) in line for c in word["cells"]) and all(
                (item["row"], item["col"]) in line for item in tiles):
            finished = line, direction
    if finished is None or not all(_cross_ok(state, state["cells"], (i["row"], i["col"]), cells[key(i["row"], i["col"])][1],
                                             finished[1]) for i in tiles):
        raise IllegalAction("does_not_finish", word=word["announced"])
    state["cells"] = cells
    for item in tiles:
        state["racks"][player].remove(item["tile"])
    state["word"]["cells"] = [list(c) for c in finished[0]]
    state["events"].append({"e": "forced_finish", "player": player, "word": word["announced"]})
    if not state["racks"][player]:
        _end_deal(state, [player])
        return
    _finished(state, own_fresh=False)


def missing_letters(state: dict) -> list[str]:
    """The letters the announcer lacks to finish their word where it fits (fewest over the places it may
    lie; a joker gives a letter of its colour), for the page to name when a forced finish fails."""
    word, player = state["word"], state["turn"]
    shown = _letters(state["cells"], word["cells"])
    best = None
    for offset in range(len(word["announced"]) - len(shown) + 1):
        if word["announced"][offset:offset + len(shown)] != shown:
            continue
        left = [TILES[t] for t in state["racks"][player]]  # (letter, colour)
        short = []
        for letter in word["announced"][:offset] + word["announced"][offset + len(shown):]:
            colour = colour_of(letter)
            have = next((t for t in left if t[0] == letter), None) or next((t for t in left if t == (JOKER, colour)), None)
            if have:
                left.remove(have)
            else:
                short.append(letter)
        if best is None or len(short) < len(best):
            best = short
    return best or []


def _fail(state: dict) -> None:
    """The announcer cannot finish: out of the deal, paying every other player for the tiles they hold; those
    tiles and the fragment's own tiles leave play; the next player starts a new word."""
    player, word = state["turn"], state["word"]
    owed = sum(tile_value(t) for t in state["racks"][player]) * state["stakes"]
    others = [p for p in active(state) if p != player]
    for p in others:
        state["scores"][p] += owed
    state["scores"][player] -= owed * len(others)
    crossing = {key(*c) for c in word["cells"] if _in_other_word(state["cells"], tuple(c), word["cells"])}
    leaving = [key(*c) for c in word["cells"] if key(*c) not in crossing]
    state["gone"] += state["racks"][player] + [state["cells"].pop(place)[0] for place in leaving]
    state["racks"][player] = []
    state["out"][player] = True
    state["events"].append({"e": "failed", "player": player, "word": word["announced"], "paid": owed})
    state["log"].append({"player": player, "failed": word["announced"], "paid": owed, "to": others})
    state.update({"word": None, "phase": START, "turn": _next_active(state, player), "drew": False, "laid": False,
                  "extra": 0, "idle": 0})
    if len(active(state)) < 2:
        _end_deal(state, active(state))


def _in_other_word(cells: dict, cell: tuple[int, int], fragment: list) -> bool:
    """Whether a fragment tile also belongs to a line across it (a finished word it crosses)."""
    along = DOWN if len(fragment) > 1 and fragment[0][1] == fragment[1][1] else ACROSS
    return len(run(cells, *cell, along[1], along[0])) >= 2


# --- the deal's end -------------------------------------------------------------------------------------


def tile_value(tile: int) -> int:
    letter, colour = TILES[tile]
    return COLLECT[JOKER] if letter == JOKER else COLLECT[colour]


def _end_deal(state: dict, winners: list[int] | None) -> None:
    """A player out of tiles (or the last one in) collects for the others' tiles; blocked (`winners` None):
    the fewest points held wins so, and a tie doubles the next deal's stakes."""
    held = [sum(tile_value(t) for t in rack) for rack in state["racks"]]
    blocked = winners is None
    if blocked:
        fewest = min(held[p] for p in active(state))
        tied = [p for p in active(state) if held[p] == fewest]
        winners = tied if len(tied) == 1 else []
    collected = sum(held[p] for p in active(state) if p not in winners) * state["stakes"]
    for p in winners:
        state["scores"][p] += collected
    state["stakes"] = state["stakes"] * 2 if blocked and not winners else 1
    end_deal(state, {"blocked": blocked, "winners": winners, "scores": list(state["scores"]), "held": held})


def accounted(state: dict) -> bool:
    """Each of the 80 tiles in exactly one place: the pool, a rack, the table or out of play."""
    held = [*state["pool"], *(t for rack in state["racks"] for t in rack), *(t for t, _ in state["cells"].values()),
            *state["gone"]]
    return sorted(held) == list(range(len(TILES)))


def verdict(state: dict, action) -> dict | None:
    """A lay (with its announcement, if any) before it is sent: the refusal it would meet as {"code",
    "params"}, or None if it would be taken. Changes nothing."""
    if not isinstance(action, dict) or action.get("type") != "lay":
        return IllegalAction("bad_action").as_dict()
    try:
        apply(state, action)
    except IllegalAction as refusal:
        return refusal.as_dict()
    return None


def mover(state: dict, action: dict) -> int | None:
    """Every step of a deal is the player's on turn (the forced finisher's, the out-of-turn starter's: the
    turn passes to them); the next deal is the table's."""
    return None if action["type"] == "next_deal" or state["deal_over"] else state["turn"]


def legal_actions(state: dict) -> list[dict]:
    """The actions without a tile: drawing, passing (a start only when no start is possible), declining bonus
    tiles, failing a forced finish, the next deal (laying and announcing are many)."""
    if state["over"]:
        return []
    if state["deal_over"]:
        return [{"type": "next_deal"}]
    if state["phase"] == FORCED:
        return [{"type": "fail"}]
    if state["laid"]:
        return [{"type": "stop"}]
    passing = [] if state["phase"] == START and starting_lay(state) is not None else [{"type": "pass"}]
    return ([{"type": "draw"}] if state["pool"] and not state["drew"] else []) + passing


def view(state: dict, player: int | None = None) -> dict:
    """The table, the word under construction and its announcement, the scores and rack sizes for everyone; a
    rack only for its owner."""
    word = state["word"]
    return {
        "game": "bluff",
        **match_view(state),
        "stakes": state["stakes"],
        "current": state["turn"],
        "phase": state["phase"],
        "cells": [drawn_cell(place, laid) for place, laid in sorted(state["cells"].items())],
        "word": word and {"cells": word["cells"], "fragment": _letters(state["cells"], word["cells"]),
                          "announced": word["announced"], "by": word["by"]},
        "missing": missing_letters(state) if state["phase"] == FORCED and player == state["turn"] else None,
        "pool": len(state["pool"]),
        "rack_sizes": [len(rack) for rack in state["racks"]],
        "rack": [{"tile": t, "letter": TILES[t][0], "colour": TILES[t][1]} for t in state["racks"][player]]
        if player is not None else None,
        "out": state["out"],
        "extra": state["extra"],
        "drew": state["drew"],
        "laid": state["laid"],
        "log": state["log"],
        "may_pass": player == state["turn"] and {"type": "pass"} in legal_actions(state),  # (for the player to move)
    }
