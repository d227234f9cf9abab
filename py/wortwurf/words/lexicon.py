"""Reading the word graph: lookup and the enumerations the games' helpers need.

The file's bytes are used as they are (a memoryview cast to 32-bit words), so
opening a lexicon costs no parsing and no Python object per word.

Ä, Ö and Ü are letters of the graph. A player may write them AE, OE, UE, so a
lookup also tries that reading; spelling from letters may make Ü from a Ü tile
or from U and E; a board pattern (TYP-DOM has no umlaut tiles) always spells
Ü as the two cells U, E.

Compounds (HAUSTÜR) are not stored: the graph holds the forms that may begin,
stand inside or end a compound (Hunspell's compound flags), and a word made of
such parts, each at least two letters, is a word tagged "compound" with the
grammar of its last part. Lookups accept up to MAX_PARTS parts; the
enumerations include two-part compounds when asked (it multiplies their work:
every place a first part ends starts a new search of the remaining tiles).
"""

from __future__ import annotations

import struct
import sys
from typing import Iterator, NamedTuple

from . import tags as tagbits
from .graph import CHILD_BITS, CHILD_MASK, HEADER, MAGIC, VERSION
from .tags import BIT, GRAMMAR, STANDALONE
from .spelling import ALPHABET, UMLAUTS, normalize

LETTER = {letter: i for i, letter in enumerate(ALPHABET)}
UMLAUT_OF = {pair: umlaut for umlaut, pair in UMLAUTS.items()}  # "UE" -> "Ü"
UMLAUT_PAIRS = {LETTER[u]: (LETTER[p[0]], LETTER[p[1]]) for u, p in UMLAUTS.items()}  # Ü -> (U, E)
JOKER = "?"
MAX_PARTS = 4
MAX_LETTERS = 64  # a longer typed word is no word (the longest stored form has 38 letters)
MIN_PART = 2  # Hunspell's COMPOUNDMIN in igerman98
BEGIN, MIDDLE, END = BIT["part_begin"], BIT["part_middle"], BIT["part_end"]
COMPOUND = BIT["compound"]
FORBIDDEN = BIT["forbidden"]
SOURCE_BITS = ~((1 << tagbits.SOURCE_SHIFT) - 1)
PASSED_ON = SOURCE_BITS & ~tagbits.KNOWN  # what a compound takes of its last part's sources (not that it is frequent)


class Entry(NamedTuple):
    """What the lexicon knows about one word: its tags and where it came from."""

    word: str
    bits: int

    @property
    def tags(self) -> list[str]:
        return tagbits.names(self.bits)[0]

    @property
    def sources(self) -> list[str]:
        return tagbits.names(self.bits)[1]

    def has(self, tag: str) -> bool:
        return bool(self.bits & tagbits.BIT[tag])


class Spelling(NamedTuple):
    """A word laid from tiles: `tiles[i]` is what makes the word's letter i
    ("Ü", "UE", "?" for a joker, "?E" for a joker standing for U, ...)."""

    word: str
    tiles: tuple[str, ...]
    bits: int


class Lexicon:
    def __init__(self, data: bytes):
        magic, version, tagsets, size, self.forms = HEADER.unpack_from(data)
        if magic != MAGIC or version != VERSION:
            raise ValueError("not a Wortwurf lexicon file")
        self._tagsets = struct.unpack_from(f"<{tagsets}I", data, HEADER.size)
        start = HEADER.size + 4 * tagsets
        view = memoryview(data)[start : start + 4 * size]
        if sys.byteorder != "little":  # the file is little-endian, like wasm and x86
            raise ValueError("big-endian machines are not supported")
        self._graph = view.cast("I")

    # --- walking ---------------------------------------------------------------

    def _arcs(self, node: int) -> Iterator[tuple[int, int]]:
        """(letter index, arc word) for every arc leaving `node`."""
        graph = self._graph
        mask = graph[node]
        at = node + 1
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1, graph[at]
            at += 1
            mask ^= low

    def step(self, node: int = 0) -> list[tuple[str, int, int]]:
        """(letter, child node or 0, tag bits of the word ending with that letter) for every arc
        leaving `node` (the root is 0): for move generators that walk the graph themselves."""
        graph, tagsets = self._graph, self._tagsets
        mask, at, arcs = graph[node], node + 1, []
        while mask:
            low = mask & -mask
            arc = graph[at]
            arcs.append((ALPHABET[low.bit_length() - 1], arc & CHILD_MASK, tagsets[arc >> CHILD_BITS]))
            at += 1
            mask ^= low
        return arcs

    def words(self) -> Iterator[tuple[str, int]]:
        """Every stored word (not compound parts only) with its tag bits, in alphabet order. Walked with a
        stack of the arcs still to take, not by recursion: a word then comes out of one loop, not up
        through a generator per letter (all 477,373 words: 0.43 -> 0.26 s natively)."""
        graph, tagsets = self._graph, self._tagsets
        pending = [("", 0)]  # (word so far, arc) still to take; the root stands in as an arc to node 0
        while pending:
            word, arc = pending.pop()
            if word:
                tagset = tagsets[arc >> CHILD_BITS]
                if tagset & STANDALONE:
                    yield word, tagset
            node = arc & CHILD_MASK
            if node or not word:
                mask = graph[node]
                at = node + mask.bit_count()  # the node's last arc: its arcs are pushed last letter first
                while mask:
                    high = mask.bit_length() - 1
                    pending.append((word + ALPHABET[high], graph[at]))
                    at -= 1
                    mask ^= 1 << high

    # --- lookup -------------------------------------------------------------------

    def lookup(self, text: str) -> Entry | None:
        """The entry for any spelling a player may type, or None if it is no word.

        Each reading of the word (every AE, OE, UE as two letters or as Ä, Ö, Ü)
        counts: the entry has the tags of every reading that is a word, and the
        first such reading, the one with the fewest umlauts read early, as its
        spelling. A word longer than MAX_LETTERS is none.
        """
        word = normalize(text)
        if word is None or len(word) > MAX_LETTERS:
            return None
        found = None
        for (whole, part), reading in self._readings(word)[-1].items():
            tag_bits = self._reading_bits(whole, part)
            if tag_bits:
                spelling = reading if found is None else min(found.word, reading)
                found = Entry(spelling, tag_bits | (found.bits if found else 0))
        return found

    def __contains__(self, text: str) -> bool:
        return self.lookup(text) is not None

    def _readings(self, word: str) -> list[dict]:
        """For every position in `word`, the walks that read word[:position]: {(whole, part): first reading}.

        All readings are walked at once, so the work grows with the word's length, not with its 2**n
        readings: two readings that reach the same walk go on as one (the earlier in the alphabet, Ü after
        U, kept). `whole` walks the reading as one stored form: (node or None, tag set of the last arc;
        (None, 0) once off the graph). `part` walks it as a compound: (part number, node or None, tag set
        of the last arc, letters in the part up to 2), or None once no compound can be read.
        """
        start = ((0, 0), (1, 0, 0, 0))
        walks: list[dict] = [{} for _ in range(len(word) + 1)]
        walks[0][start] = ""
        for at, here in enumerate(walks):
            if at == len(word):
                break
            ways = [(word[at], at + 1)]
            umlaut = UMLAUT_OF.get(word[at : at + 2])
            if umlaut:
                ways.append((umlaut, at + 2))
            for letter, end in ways:
                reached = walks[end]
                for walk, reading in here.items():
                    for after in self._steps(walk, LETTER[letter]):
                        reading_after = reading + letter
                        if after not in reached or reading_after < reached[after]:
                            reached[after] = reading_after
        return walks

    def _steps(self, walk: tuple, letter: int) -> list[tuple]:
        """The walks one letter further (a compound part may end there and the next begin)."""
        (node, _), part = walk
        whole = self._arc(node, letter) or (None, 0)
        parts = []
        if part:
            number, node, _, length = part
            arc = self._arc(node, letter)
            if arc:
                child, tagset = arc
                length = min(length + 1, MIN_PART)
                parts.append((number, child, tagset, length))
                need = BEGIN if number == 1 else MIDDLE
                if length == MIN_PART and number < MAX_PARTS and self._tagsets[tagset] & need:
                    parts.append((number + 1, 0, 0, 0))
        if whole[0] is None and not whole[1] and not parts:
            return []
        return [(whole, part) for part in parts] or [(whole, None)]

    def _arc(self, node: int | None, letter: int) -> tuple[int | None, int] | None:
        """(child node or None, tag set index) of `node`'s arc for `letter`, or None."""
        if node is None:
            return None
        graph = self._graph
        bit = 1 << letter
        mask = graph[node]
        if not mask & bit:
            return None
        arc = graph[node + 1 + (mask & (bit - 1)).bit_count()]
        return (arc & CHILD_MASK) or None, arc >> CHILD_BITS

    def _reading_bits(self, whole: tuple, part: tuple | None) -> int:
        """The tag bits a complete reading earns: its stored form's, else (unless the form is forbidden) the
        compound's, with the grammar of its last part."""
        stored = self._tagsets[whole[1]]
        if stored & STANDALONE:
            return stored & STANDALONE_AND_SOURCES
        if stored & FORBIDDEN or not part:
            return 0
        number, _, tagset, length = part
        last = self._tagsets[tagset]
        if number == 1 or length < MIN_PART or not last & END:
            return 0
        return COMPOUND | (last & GRAMMAR) | (last & PASSED_ON)

    def _prefix_forms(self, word: str, at: int) -> list[tuple[int, int]]:
        """(end, tag bits) for every stored form word[at:end], shortest first."""
        graph = self._graph
        tagsets = self._tagsets
        node = 0
        forms = []
        for end in range(at, len(word)):
            bit = 1 << LETTER[word[end]]
            mask = graph[node]
            if not mask & bit:
                break
            arc = graph[node + 1 + (mask & (bit - 1)).bit_count()]
            if arc >> CHILD_BITS:
                forms.append((end + 1, tagsets[arc >> CHILD_BITS]))
            node = arc & CHILD_MASK
            if not node:
                break
        return forms

    def _stored(self, word: str) -> int:
        """The tag bits stored for exactly `word` (0 if none)."""
        forms = self._prefix_forms(word, 0)
        return forms[-1][1] if forms and forms[-1][0] == len(word) else 0

    def _allowed(self, compound: str) -> bool:
        """False for a compound the source forbids as a whole."""
        return not self._stored(compound) & FORBIDDEN

    # --- enumeration ----------------------------------------------------------

    def spellings(
        self, letters: str, jokers: int = 0, min_length: int = 1, compounds: bool = False, every_way: bool = False
    ) -> list[Spelling]:
        """Every word that can be laid from `letters` (a multiset) and `jokers`.

        Real tiles are preferred to jokers; for an umlaut every way (the umlaut
        tile, U and E, a joker) is tried, so no word is missed. Each word comes
        once, with the first way found, or with `every_way` once per way of
        laying it (a scorer picks the best). With `compounds`, two-part
        compounds too.
        """
        counts = [0] * len(ALPHABET)
        for letter in normalize(letters) or "":
            counts[LETTER[letter]] += 1
        found: dict = {}
        self._spell(0, counts, jokers, "", (), (min_length, found, compounds, every_way), 0)
        return sorted(found.values(), key=lambda s: (s.word, s.tiles))

    def _spell(self, node, counts, jokers, word, tiles, search, joint) -> None:
        """Depth first over the graph; `search` is (min_length, found, compounds, every_way);
        `joint` is where a compound's second part began (0: none)."""
        min_length, found, compounds, every_way = search
        graph = self._graph
        mask = graph[node]
        at = node + 1
        while mask:
            low = mask & -mask
            letter = low.bit_length() - 1
            arc = graph[at]
            at += 1
            mask ^= low
            char = ALPHABET[letter]
            if counts[letter]:
                ways = [((letter,), 0, char)]
            elif jokers:
                ways = [((), 1, JOKER)]
            else:
                ways = []
            pair = UMLAUT_PAIRS.get(letter)
            if pair and counts[pair[0]] and counts[pair[1]]:
                ways.append((pair, 0, UMLAUTS[char]))
            elif pair and every_way and jokers:  # U and a joker for E (or the other way) also make Ü
                first, second = UMLAUTS[char]
                if counts[pair[0]]:
                    ways.append(((pair[0],), 1, first + JOKER))
                if counts[pair[1]]:
                    ways.append(((pair[1],), 1, JOKER + second))
            tag_bits = self._tagsets[arc >> CHILD_BITS]
            child = arc & CHILD_MASK
            for take, jokers_used, tile in ways:
                for index in take:
                    counts[index] -= 1
                next_word = word + char
                next_tiles = tiles + (tile,)
                left = jokers - jokers_used
                if len(next_word) >= min_length:
                    key = (next_word, next_tiles) if every_way else next_word
                    if not joint and tag_bits & STANDALONE:
                        _keep(found, key, next_tiles, tag_bits & STANDALONE_AND_SOURCES)
                    elif joint and tag_bits & END and len(next_word) - joint >= MIN_PART and self._allowed(next_word):
                        _keep(found, key, next_tiles, COMPOUND | (tag_bits & GRAMMAR) | (tag_bits & PASSED_ON))
                if child:
                    self._spell(child, counts, left, next_word, next_tiles, search, joint)
                if compounds and not joint and tag_bits & BEGIN and len(next_word) >= MIN_PART:
                    self._spell(0, counts, left, next_word, next_tiles, search, len(next_word))
                for index in take:
                    counts[index] += 1

    def matching(
        self, pattern: str, letters: str | None = None, jokers: int = 0, compounds: bool = False
    ) -> list[tuple[str, str, int]]:
        """Words laid on a row of cells: (cells as laid, canonical word, tag bits).

        `pattern` has a letter for a fixed cell and "." for a free one; an umlaut
        takes two cells (U, E). With `letters`, free cells are filled only from
        those (and `jokers`); without, any letter fills them. With `compounds`,
        two-part compounds too.
        """
        counts = None
        if letters is not None:
            counts = [0] * len(ALPHABET)
            for letter in normalize(letters) or "":
                counts[LETTER[letter]] += 1
        results: dict[str, tuple[str, str, int]] = {}
        self._match(0, pattern.upper(), 0, counts, jokers, "", "", (results, compounds), 0)
        return list(results.values())

    def _match(self, node, cells, at, counts, jokers, laid, word, search, joint) -> None:
        results, compounds = search
        for letter, arc in self._arcs(node):
            char = ALPHABET[letter]
            spelled = UMLAUTS.get(char, char)
            end = at + len(spelled)
            if end > len(cells):
                continue
            taken = []
            used_jokers = 0
            fits = True
            for cell, need in zip(cells[at:end], spelled):
                if cell == need:
                    continue
                if cell != ".":
                    fits = False
                    break
                if counts is None:
                    continue
                if counts[LETTER[need]] > 0:
                    counts[LETTER[need]] -= 1
                    taken.append(LETTER[need])
                elif jokers - used_jokers > 0:
                    used_jokers += 1
                else:
                    fits = False
                    break
            if fits:
                tag_bits = self._tagsets[arc >> CHILD_BITS]
                next_word = word + char
                if end == len(cells):
                    if not joint and tag_bits & STANDALONE:
                        _merge(results, laid + spelled, next_word, tag_bits & STANDALONE_AND_SOURCES)
                    elif joint and tag_bits & END and len(next_word) - joint >= MIN_PART and self._allowed(next_word):
                        _merge(results, laid + spelled, next_word,
                               COMPOUND | (tag_bits & GRAMMAR) | (tag_bits & PASSED_ON))
                else:
                    if arc & CHILD_MASK:
                        self._match(arc & CHILD_MASK, cells, end, counts, jokers - used_jokers,
                                    laid + spelled, next_word, search, joint)
                    if compounds and not joint and tag_bits & BEGIN and len(next_word) >= MIN_PART:
                        self._match(0, cells, end, counts, jokers - used_jokers,
                                    laid + spelled, next_word, search, len(next_word))
            for index in taken:
                counts[index] += 1


STANDALONE_AND_SOURCES = STANDALONE | SOURCE_BITS


def _keep(found: dict, key, tiles: tuple, tag_bits: int) -> None:
    """Record a spelling under `key` (the word, or the word and its tiles); a key reached
    twice keeps its first tiles and all its tags."""
    if key in found:
        found[key] = found[key]._replace(bits=found[key].bits | tag_bits)
    else:
        word = key if isinstance(key, str) else key[0]
        found[key] = Spelling(word, tiles, tag_bits)


def _merge(results: dict, laid: str, word: str, tag_bits: int) -> None:
    if word in results:
        results[word] = (laid, word, results[word][2] | tag_bits)
    else:
        results[word] = (laid, word, tag_bits)
