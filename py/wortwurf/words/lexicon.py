"""Reading the word graph: lookup and the enumerations the games' helpers need.

The file's bytes are used as they are (a memoryview cast to 32-bit words), so
opening a lexicon costs no parsing and no Python object per word.

Ä, Ö and Ü are letters of the graph. A player may write them AE, OE, UE, so a
lookup also tries that reading; spelling from letters may make Ü from a Ü tile
or from U and E; a board pattern (TYP-DOM has no umlaut tiles) always spells
Ü as the two cells U, E.
"""

from __future__ import annotations

import struct
import sys
from typing import Iterator, NamedTuple

from . import tags as tagbits
from .graph import CHILD_BITS, CHILD_MASK, HEADER, MAGIC, VERSION
from .spelling import ALPHABET, UMLAUTS, normalize

LETTER = {letter: i for i, letter in enumerate(ALPHABET)}
UMLAUT_OF = {pair: umlaut for umlaut, pair in UMLAUTS.items()}  # "UE" -> "Ü"
UMLAUT_PAIRS = {LETTER[u]: (LETTER[p[0]], LETTER[p[1]]) for u, p in UMLAUTS.items()}  # Ü -> (U, E)
JOKER = "?"


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

    def _arc(self, node: int, letter: int) -> int:
        """The arc word for `letter` leaving `node`, or -1."""
        graph = self._graph
        mask = graph[node]
        bit = 1 << letter
        if not mask & bit:
            return -1
        return graph[node + 1 + (mask & (bit - 1)).bit_count()]

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

    def words(self, node: int = 0, prefix: str = "") -> Iterator[tuple[str, int]]:
        """Every (word, tag bits) below `node`, in alphabet order."""
        for letter, arc in self._arcs(node):
            word = prefix + ALPHABET[letter]
            if arc >> CHILD_BITS:
                yield word, self._tagsets[arc >> CHILD_BITS]
            if arc & CHILD_MASK:
                yield from self.words(arc & CHILD_MASK, word)

    # --- lookup -------------------------------------------------------------------

    def lookup(self, text: str) -> Entry | None:
        """The entry for any spelling a player may type, or None if it is no word."""
        word = normalize(text)
        if word is None:
            return None
        if "E" in word and ("AE" in word or "OE" in word or "UE" in word):
            found = self._find(word, 0, 0, "")
        else:
            found = self._walk(word)
        return None if found is None else Entry(found[1], found[0])

    def _walk(self, word: str):
        """(tag bits, word) if `word` is in the graph exactly as spelled."""
        graph = self._graph
        node = 0
        arc = -1
        for char in word:
            if arc >= 0:
                node = arc & CHILD_MASK
                if not node:
                    return None
            bit = 1 << LETTER[char]
            mask = graph[node]
            if not mask & bit:
                return None
            arc = graph[node + 1 + (mask & (bit - 1)).bit_count()]
        tagset = arc >> CHILD_BITS
        return (self._tagsets[tagset], word) if tagset else None

    def __contains__(self, text: str) -> bool:
        return self.lookup(text) is not None

    def _find(self, word: str, at: int, node: int, spelled: str):
        """(tag bits, canonical word) of every reading of word[at:] from `node`, merged."""
        found = None
        for letter, step in self._readings(word, at):
            arc = self._arc(node, LETTER[letter])
            if arc < 0:
                continue
            if at + step == len(word):
                tagset = arc >> CHILD_BITS
                result = (self._tagsets[tagset], spelled + letter) if tagset else None
            elif arc & CHILD_MASK:
                result = self._find(word, at + step, arc & CHILD_MASK, spelled + letter)
            else:
                result = None
            if result is not None:
                found = result if found is None else (found[0] | result[0], found[1])
        return found

    @staticmethod
    def _readings(word: str, at: int):
        """The letter at `at`, and the umlaut if the text spells one as AE/OE/UE there."""
        yield word[at], 1
        umlaut = UMLAUT_OF.get(word[at : at + 2])
        if umlaut:
            yield umlaut, 2

    # --- enumeration ----------------------------------------------------------

    def spellings(self, letters: str, jokers: int = 0, min_length: int = 1) -> list[Spelling]:
        """Every word that can be laid from `letters` (a multiset) and `jokers`, once each.

        Real tiles are preferred to jokers; for an umlaut every way (the umlaut
        tile, U and E, a joker) is tried, so no word is missed.
        """
        counts = [0] * len(ALPHABET)
        for letter in normalize(letters) or "":
            counts[LETTER[letter]] += 1
        found: dict[str, Spelling] = {}
        self._spell(0, counts, jokers, "", (), min_length, found)
        return sorted(found.values(), key=lambda s: s.word)

    def _spell(self, node, counts, jokers, word, tiles, min_length, found) -> None:
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
            for take, jokers_used, tile in ways:
                for index in take:
                    counts[index] -= 1
                next_word = word + char
                next_tiles = tiles + (tile,)
                tagset = arc >> CHILD_BITS
                if tagset and len(next_word) >= min_length and next_word not in found:
                    found[next_word] = Spelling(next_word, next_tiles, self._tagsets[tagset])
                child = arc & CHILD_MASK
                if child:
                    self._spell(child, counts, jokers - jokers_used, next_word, next_tiles, min_length, found)
                for index in take:
                    counts[index] += 1

    def matching(self, pattern: str, letters: str | None = None, jokers: int = 0) -> list[tuple[str, str, int]]:
        """Words laid on a row of cells: (cells as laid, canonical word, tag bits).

        `pattern` has a letter for a fixed cell and "." for a free one; an umlaut
        takes two cells (U, E). With `letters`, free cells are filled only from
        those (and `jokers`); without, any letter fills them.
        """
        counts = None
        if letters is not None:
            counts = [0] * len(ALPHABET)
            for letter in normalize(letters) or "":
                counts[LETTER[letter]] += 1
        cells = pattern.upper()
        results: list[tuple[str, str, int]] = []
        self._match(0, cells, 0, counts, jokers, "", "", results)
        return results

    def _match(self, node, cells, at, counts, jokers, laid, word, results) -> None:
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
                tagset = arc >> CHILD_BITS
                if end == len(cells):
                    if tagset:
                        results.append((laid + spelled, word + char, self._tagsets[tagset]))
                elif arc & CHILD_MASK:
                    self._match(arc & CHILD_MASK, cells, end, counts, jokers - used_jokers,
                                laid + spelled, word + char, results)
            for index in taken:
                counts[index] += 1
