"""Lexicon timings, run inside Pyodide by bench.py (and natively for comparison).

Expects `lexicon_bytes` (the compiled file) in the globals; leaves `figures`.
"""

import random
import statistics
import time

from wortwurf.words import ALPHABET, Lexicon
from wortwurf.words.graph import CHILD_BITS, CHILD_MASK
from wortwurf.words.tags import STANDALONE


def random_word(lex, rng):
    """A randomly walked path that ends on a stored word (retry until one does)."""
    while True:
        node, word = 0, ""
        while True:
            arcs = list(lex._arcs(node))
            letter, arc = rng.choice(arcs)
            word += ALPHABET[letter]
            if lex._tagsets[arc >> CHILD_BITS] & STANDALONE and (rng.random() < 0.3 or not arc & CHILD_MASK):
                return word
            if not arc & CHILD_MASK:
                break
            node = arc & CHILD_MASK


def run(data):
    rng = random.Random(7)
    started = time.perf_counter()
    lex = Lexicon(data)
    open_ms = (time.perf_counter() - started) * 1000
    words = [random_word(lex, rng) for _ in range(5000)]
    words += ["".join(rng.choice("ABCDEFGHIKLMNOPRSTUVWZ") for _ in range(rng.randint(3, 12))) for _ in range(5000)]
    rng.shuffle(words)
    # A browser's clock ticks in 0.1 ms, so lookups are timed in batches of 250
    # and each batch's mean per word is one sample.
    lookups = []
    for start in range(0, len(words), 250):
        batch = words[start : start + 250]
        t0 = time.perf_counter()
        for word in batch:
            lex.lookup(word)
        lookups.append((time.perf_counter() - t0) * 1e6 / len(batch))
    weights = "EEEEEENNNNIIISSSRRRAAATTTDDHHUULLCGMOBWFKZPVÜÄÖJYXQ"
    racks = ["".join(rng.choice(weights) for _ in range(10)) for _ in range(15)]
    spell_ms, counts, compound_ms = [], [], []
    for rack in racks:
        t0 = time.perf_counter()
        counts.append(len(lex.spellings(rack, jokers=1, min_length=3)))
        spell_ms.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        lex.spellings(rack, jokers=1, min_length=3, compounds=True)
        compound_ms.append((time.perf_counter() - t0) * 1000)
    return {
        "lexicon bytes held by Python, MB": round(len(data) / 1e6, 2),
        "open lexicon, ms": round(open_ms, 2),
        "lookup, µs per word: median of 40 batches (10,000 mixed words)": round(statistics.median(lookups), 1),
        "lookup, µs per word: slowest batch": round(max(lookups), 1),
        "words found in the sample (of 10,000)": sum(lex.lookup(w) is not None for w in words),
        "spell 10 letters + 1 joker, median ms": round(statistics.median(spell_ms), 1),
        "spell 10 letters + 1 joker, max ms": round(max(spell_ms), 1),
        "words per rack, median": statistics.median(counts),
        "spell with two-part compounds too, median ms": round(statistics.median(compound_ms), 1),
    }


figures = run(lexicon_bytes)  # noqa: F821 (set by the caller)
