"""The engine's set-up in the page's Web Worker (web/worker.mjs calls `start`).

What the site ships apart comes the first time Python needs it, through the worker's `js.siteFile`, which
fetches a file of the site into Python's file system: a game's table (a zip of its own), a module the trimmed
standard library left out (from Pyodide's whole library), the English word list. `js` is looked up only then,
so Python holds no JavaScript object when the worker keeps a memory snapshot.
"""

from __future__ import annotations

import importlib.machinery
import sys
from collections.abc import Callable

def site_file(name: str) -> str:
    """Where a file of the site is in Python's file system, fetched the first time it is asked for."""
    import js  # (Pyodide's view of the worker)

    return js.siteFile(name)


class ShippedApart:
    """Finds the modules the site ships apart, each in the zip `files` names for it, fetched on first import."""

    def __init__(self, files: dict[str, str], fetch: Callable[[str], str] = site_file):
        self.files, self.fetch = files, fetch

    def find_spec(self, name, path=None, target=None):
        if name not in self.files:
            return None
        where = self.fetch(self.files[name])
        if "." in name:
            where += "/" + name.rpartition(".")[0].replace(".", "/")
        return importlib.machinery.PathFinder.find_spec(name, [where])


def start(tables: dict[str, str], whole_stdlib: str) -> None:
    """Import the engine, with the games' `tables` (module name: zip), the modules the trimmed library left out
    (from `whole_stdlib`, Pyodide's own library) and the English word list to come from the site when first
    needed."""
    from _stdlib_left_out import NAMES  # (the build writes it into the trimmed library)

    sys.meta_path.append(ShippedApart({**dict.fromkeys(NAMES, whole_stdlib), **tables}))
    from . import bridge, words  # noqa: F401  (imported now, so that a snapshot holds them)

    words.LOAD = lambda name: site_file(f"lexicon/{name}")
