"""The lexicon's file: a minimal word graph as one flat array of 32-bit words.

Layout (little-endian): the magic b"WWLX", then four u32 (format version,
number of tag sets, number of graph words, number of forms), the tag sets (one
u32 of tag bits each; set 0 is "not a word end"), then the graph.

A node is one mask word, bit i set when the node has an arc for ALPHABET[i],
followed by one word per arc in alphabet order: the child node's index in the
low 22 bits (0: the child has no arcs; the root, at 0, is never a child) and,
in the high 10 bits, the tag set of the word that ends with this arc (0: no
word ends here). Finding a letter's arc is one mask test and one popcount, so
reading needs no decoding and no Python object per word.

The graph is built by the incremental minimisation of Daciuk et al. (2000) from
sorted words: equal suffixes with equal tags become one node.
"""

from __future__ import annotations

import struct

from .spelling import ALPHABET

MAGIC = b"WWLX"
VERSION = 1
HEADER = struct.Struct("<4sIIII")
CHILD_BITS = 22
CHILD_MASK = (1 << CHILD_BITS) - 1
MAX_TAGSETS = 1 << (32 - CHILD_BITS)
LETTER = {letter: i for i, letter in enumerate(ALPHABET)}


class _Builder:
    """Daciuk's algorithm: only the path of the last word is ever unminimised."""

    def __init__(self):
        self.register: dict[tuple, int] = {}  # (end tag set, arcs) -> node id
        self.nodes: list[tuple] = []  # node id -> (end tag set, ((letter, child id), ...))
        self.path: list[list] = [[0, []]]  # unfrozen nodes: [end tag set, [[letter, node], ...]]

    def freeze(self, node) -> int:
        key = (node[0], tuple((letter, child) for letter, child in node[1]))
        found = self.register.get(key)
        if found is None:
            found = self.register[key] = len(self.nodes)
            self.nodes.append(key)
        return found

    def shrink_to(self, length: int) -> None:
        """Freeze the path beyond `length` letters, deepest first."""
        while len(self.path) > length + 1:
            node = self.path.pop()
            self.path[-1][1][-1][1] = self.freeze(node)

    def add(self, word: str, tagset: int, previous: str) -> None:
        common = 0
        for a, b in zip(word, previous):
            if a != b:
                break
            common += 1
        self.shrink_to(common)
        for letter in word[common:]:
            node = [0, []]
            self.path[-1][1].append([LETTER[letter], node])
            self.path.append(node)
        self.path[-1][0] = tagset

    def finish(self) -> int:
        self.shrink_to(0)
        return self.freeze(self.path[0])


def compile_graph(entries) -> bytes:
    """The lexicon file for `entries`: (canonical word, tag bits) pairs, in any order."""
    merged: dict[str, int] = {}
    for word, tags in entries:
        if not word or any(letter not in LETTER for letter in word):
            raise ValueError(f"not a canonical word: {word!r}")
        merged[word] = merged.get(word, 0) | tags
    tagsets = [0] + sorted(set(merged.values()))
    if len(tagsets) > MAX_TAGSETS:
        raise ValueError(f"{len(tagsets)} tag sets do not fit in {MAX_TAGSETS}")
    index = {bits: i for i, bits in enumerate(tagsets)}
    builder = _Builder()
    previous = ""
    # Python orders Ä Ö Ü after Z, as ALPHABET does.
    for word in sorted(merged):
        builder.add(word, index[merged[word]], previous)
        previous = word
    root = builder.finish()
    graph = _layout(builder.nodes, root)
    header = HEADER.pack(MAGIC, VERSION, len(tagsets), len(graph), len(merged))
    return header + struct.pack(f"<{len(tagsets)}I", *tagsets) + struct.pack(f"<{len(graph)}I", *graph)


def _layout(nodes: list[tuple], root: int) -> list[int]:
    """Place every node with arcs in the flat array, the root first."""
    position: dict[int, int] = {}
    order = []
    stack = [root]
    size = 0
    while stack:
        node = stack.pop()
        if node in position or not nodes[node][1]:
            continue
        position[node] = size
        order.append(node)
        size += 1 + len(nodes[node][1])
        stack.extend(child for _, child in reversed(nodes[node][1]))
    if size > CHILD_MASK:
        raise ValueError(f"a graph of {size} words does not fit {CHILD_BITS}-bit indexes")
    graph = []
    for node in order:
        arcs = nodes[node][1]
        mask = 0
        for letter, _ in arcs:
            mask |= 1 << letter
        graph.append(mask)
        for _, child in arcs:
            graph.append((nodes[child][0] << CHILD_BITS) | position.get(child, 0))
    return graph
