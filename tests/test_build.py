"""The assembled site: what it ships, and that nothing in it points off-site."""

from __future__ import annotations

import base64
import fnmatch
import gzip
import hashlib
import io
import json
import re
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import build  # noqa: E402


@pytest.fixture(scope="module")
def files() -> dict[str, bytes]:
    return build.site_files()


def test_lock_file_lists_exactly_the_shipped_wheels_with_their_hashes(files):
    lock = json.loads(files["wheels/pyodide-lock.json"])
    assert sorted(lock["packages"]) == ["wortwurf"]  # nothing installs: no micropip, no packaging
    for entry in lock["packages"].values():
        data = files[f"wheels/{entry['file_name']}"]
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        assert "/" not in entry["file_name"]  # relative to the lock file: same origin, never a CDN
    assert lock["info"]["python"].startswith("3.14")


def named(files, pattern: str) -> str:
    """The one file whose path matches `pattern` (a file named by its content)."""
    [path] = fnmatch.filter(files, pattern)
    return path


def shipped_snapshot(files) -> str:
    return named(files, f"{build.PYODIDE_DIR}/python-*.snapshot.gz")


def stdlib(files) -> str:
    return named(files, f"{build.PYODIDE_DIR}/python_stdlib-*.zip.gz")


def test_pyodide_runtime_ships_without_its_cdn_lock_file(files):
    assert sorted(p for p in files if p.startswith("pyodide/")) == sorted(
        [*(f"{build.PYODIDE_DIR}/{name}" for name in build.PYODIDE_RUNTIME), stdlib(files), shipped_snapshot(files)]
    )


def test_the_shipped_snapshot_is_named_by_its_content_and_the_worker_knows_its_size(files):
    """Python's memory with the engine and the German list (most of it zeros, gzipped away); another build's
    snapshot has another name, so no cache ever hands an old one to a new worker."""
    path = shipped_snapshot(files)
    pages = gzip.decompress(files[path])  # its pages that are not all zero
    assert path == f"{build.PYODIDE_DIR}/python-{hashlib.sha256(files[path]).hexdigest()[:16]}.snapshot.gz"
    shipped = json.loads(re.search(rb"const SHIPPED = (\{.*?\});", files["worker.mjs"]).group(1))
    assert shipped["file"] == path
    assert f'const SNAPSHOT_CACHE = "python-snapshot-{build.content_tag(files[path])}";' in files["worker.mjs"].decode()
    size, page = shipped["bytes"], build.SNAPSHOT_PAGE
    assert len(pages) == sum(min(page, size - number * page) for number in shipped["pages"]) < 0.6 * size
    assert len(files[path]) < 0.5 * len(pages)
    assert shipped["integrity"] == "sha256-" + base64.b64encode(hashlib.sha256(files[path]).digest()).decode()


def test_the_same_sources_make_the_same_snapshot(files, tmp_path, monkeypatch):
    """Else each build would name a new snapshot in worker.mjs, and every deploy would offer every installed
    player an update that changes nothing. Made anew here, in a Node of its own, it is the snapshot the build
    made (in another) and the worker was told of, byte for byte and page for page."""
    wheel = next(data for path, data in files.items() if path.startswith("wheels/wortwurf-"))
    setup = build.python_setup(build.table_archives(build.wheel_sources()))
    monkeypatch.setattr(build, "PYODIDE_RUNS", tmp_path)  # (made anew, not taken from the cache)
    made, size, pages = build.shipped_snapshot(setup, files[stdlib(files)], wheel)
    shipped = json.loads(re.search(rb"const SHIPPED = (\{.*?\});", files["worker.mjs"]).group(1))
    assert (made, size, pages) == (files[shipped_snapshot(files)], shipped["bytes"], shipped["pages"])


def test_a_start_fetches_only_files_named_by_their_content_or_checked_by_their_integrity(files):
    """A page of one build never starts Python from another build's files, whatever a cache holds (Pyodide's own
    files sit in a folder named by its version: build.py PYODIDE_DIR)."""
    worker = files["worker.mjs"].decode()
    constant = lambda name: json.loads(re.search(rf'const {name} = (".*?"|{{.*?}});', worker).group(1))
    for path in (constant("STDLIB"), constant("SHIPPED")["file"], constant("WHEEL")["file"]):
        assert build.content_tag(files[path]) in path
    for checked in (constant("WHEEL"), constant("GERMAN"), constant("SHIPPED")):
        assert checked["integrity"] == build.sri(files[checked["file"]])
    assert constant("GERMAN")["file"] == "lexicon/de.wwlx.gz"


def test_the_standard_library_is_trimmed_to_what_the_engine_imports_and_compiled(files):
    trimmed = zipfile.ZipFile(io.BytesIO(gzip.decompress(files[stdlib(files)])))
    whole = zipfile.ZipFile(io.BytesIO(files[f"{build.PYODIDE_DIR}/python_stdlib.zip"]))  # Pyodide's own, for a miss
    kept = set(trimmed.namelist())
    assert {"json/__init__.pyc", "dataclasses.pyc", "statistics.pyc", "encodings/utf_8.pyc"} <= kept  # boot, ours
    assert "email/__init__.pyc" not in kept and "tomllib/__init__.pyc" not in kept
    assert not [name for name in kept if name.endswith(".py")]  # bytecode only: nothing compiles as Python starts
    assert len(files[stdlib(files)]) < 0.6 * len(files[f"{build.PYODIDE_DIR}/python_stdlib.zip"])
    left_out = trimmed.read("_stdlib_left_out.pyc")
    named = lambda name: re.search(rb"[zZ\xda\xfa]" + bytes([len(name)]) + name, left_out)  # marshal's short str
    assert named(b"email") and not named(b"json")
    assert {name[:-1] for name in kept} - {"_stdlib_left_out.py"} <= set(whole.namelist())


def test_the_page_s_modules_ship_bundled_in_app_js_beside_engine_js_and_link_js(files):
    """One request for the page's code instead of 31 through the offline cache; engine.js stays apart (it
    starts the worker first) and is imported by app.js, not copied into it: a copy would start a second worker.
    link.js (phones at one table, with its QR code packages) is only imported when a table is linked."""
    assert sorted(path for path in files if path.endswith(".js")) == ["app.js", "engine.js", "link.js", "sw.js"]
    app = files["app.js"].decode()
    assert set(re.findall(r'^import .* from "(.*)";$', app, re.M)) == {"./engine.js"}
    assert 'import("./link.js")' in app and "getModuleCount" not in app  # (the QR code packages: link.js alone)
    assert len(gzip.compress(files["link.js"], 9)) <= 40_000  # issue 36's bound on what linking costs
    assert "new Worker(" in files["engine.js"].decode() and "new Worker(" not in app
    assert "export function createScreen" not in app and "function createScreen" in app  # (the screens, inside)


def test_our_code_names_no_other_origin(files):
    ours = {p: d for p, d in files.items() if not p.startswith(("pyodide/", "wheels/"))}
    for path, data in ours.items():
        if path.endswith((".js", ".mjs", ".html", ".css", ".webmanifest")):
            text = data.decode()
            assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text.replace("http://www.w3.org", "")), path


def test_service_worker_precaches_every_file_with_its_content_hash(files):
    text = files["sw.js"].decode()
    precache = json.loads(re.search(r"const PRECACHE = (\{.*?\});", text, re.S).group(1))
    assert set(precache) == set(files) - {"sw.js", shipped_snapshot(files)}  # (only a first visit on a fast link)
    for path, integrity in precache.items():
        digest = base64.b64encode(hashlib.sha256(files[path]).digest()).decode()
        assert integrity == f"sha256-{digest}", path


def test_page_carries_the_content_security_policy(files):
    html = files["index.html"].decode()
    assert f'content="{build.PAGE_CSP}"' in html
    assert "__CSP__" not in html


def test_wortwurf_wheel_is_reproducible_and_complete():
    sources = build.wheel_sources()
    name, first = build.wortwurf_wheel(sources)
    assert build.wortwurf_wheel(build.wheel_sources()) == (name, first)
    with zipfile.ZipFile(io.BytesIO(first)) as wheel:
        names = wheel.namelist()
        record = wheel.read(f"wortwurf-{build.project_version()}.dist-info/RECORD").decode()
        header = wheel.read("wortwurf/bridge.pyc")[:16]
    modules = [p.relative_to(build.PACKAGE.parent).as_posix() for p in build.PACKAGE.rglob("*.py")]
    generated = ["wortwurf/games/forgetit/tables/solution.py", "wortwurf/games/dicewords/tables/keys.py"]  # at build time
    assert sorted(path for path, _ in sources) == sorted(modules + generated)
    tables = [m for m in modules + generated if "/tables/" in m and not m.endswith("__init__.py")]
    assert tables and all(build.is_table(m) for m in tables)
    assert sorted(n for n in names if not n.startswith("wortwurf-")) == sorted(
        f"{m}c" for m in modules + generated if m not in tables)
    # Each table ships apart, in a zip of its own named by module and content.
    archives = build.table_archives(sources)
    assert sorted(archives) == sorted(m.removesuffix(".py").replace("/", ".") for m in tables)
    for module, (filename, data) in archives.items():
        assert filename.startswith(f"{module}-") and zipfile.ZipFile(io.BytesIO(data)).namelist() == [
            module.replace(".", "/") + ".pyc"]
    assert int.from_bytes(header[4:8], "little") == 1  # bytecode not checked against a source (none ships)
    assert all(f"{n}," in record for n in names)


def test_every_tag_the_dictionary_screen_shows_is_translated():
    from wortwurf.words.tags import TAGS

    texts = build.texts()
    shown = [name for name in TAGS if not name.startswith("part_") and name != "forbidden"]
    assert all(f"tag.{name}" in texts for name in shown), [n for n in shown if f"tag.{n}" not in texts]


def test_every_source_and_every_reason_a_word_is_refused_are_worded():
    from itertools import combinations

    from wortwurf.games.dicewords import words as dicewords
    from wortwurf.games.typdom import words as typdom
    from wortwurf.words.tags import BIT, SOURCES

    texts = build.texts()
    for source in SOURCES:
        assert f"source.{source}" in texts, source
    tags = ["abbreviation", "name", "brands", "surnames", "place", "first_name", "verb_form", "capitalised", "lower"]
    reasons = {refusal(sum(BIT[t] for t in chosen)) for n in range(1, 4) for chosen in combinations(tags, n)
               for refusal in (dicewords.refusal, typdom.refusal)} - {None}
    assert len(reasons) == 7
    for reason in reasons:
        assert f"why.{reason}" in texts, reason


def _placeholders(text) -> set[str]:
    texts = [text] if isinstance(text, str) else text
    return {name for t in texts for name in re.findall(r"\{([\w@/-]+)\}", t)}


def test_every_text_is_in_german_and_english_with_the_same_placeholders():
    texts = build.texts()  # (the build itself refuses a key twice, or a text missing in a language)
    assert len(texts) > 400
    for key, (german, english) in texts.items():
        assert _placeholders(german) == _placeholders(english), key
        if isinstance(german, list):
            assert len(german) == len(english), key  # prose: paragraph for paragraph


# A number before one of these nouns needs the noun's form chosen by the plural rules ("1 Punkte", "rolls 1 dice").
COUNTED_NOUN = re.compile(r"\{[\w@/-]+\} (Punkte|Punkten|Prozentpunkte|Chips|Wörter|Möglichkeiten|points|percentage "
                          r"points|tokens|dice|tiles|words|ways|choices)\b")
PLURAL = re.compile(r"\{([\w@/-]+)\|[^|{}]*\|[^|{}]*\}")


def test_a_number_s_noun_follows_the_plural_rules_of_each_language():
    for key, texts in build.texts().items():
        for text in (t for language in texts for t in ([language] if isinstance(language, str) else language)):
            assert not COUNTED_NOUN.search(text), (key, text)
            assert set(PLURAL.findall(text)) <= _placeholders(text), (key, text)  # counted by a number it shows


def test_every_game_screen_holds_the_one_end_of_a_game_from_the_start(files):
    """web/games/result.html, put in once per game: the ids its code fills (and tests wait on) are in the page
    before any game ends."""
    html = files["index.html"].decode()
    for game in sorted(path.parent.name for path in (build.WEB / "games").glob("*/screen.html")):
        [prefix] = re.findall(r"PART: result ([\w-]+)", (build.WEB / "games" / game / "screen.html").read_text())
        screen = build.game_screen(game)
        assert screen in html and html.count(f'id="{prefix}-result"') == html.count(f'id="{prefix}-winners"') == 1
        assert f'data-action="rematch" data-game="{game}"' in screen and "__" not in screen


@pytest.fixture
def screens(tmp_path, monkeypatch):
    """A web/ with the end of a game and one shared part, and a game "nothing" whose screen the test writes."""
    (tmp_path / "games" / "nothing").mkdir(parents=True)
    (tmp_path / "games" / "result.html").write_text((build.WEB / "games" / "result.html").read_text())
    (tmp_path / "games" / "pad.html").write_text(
        '<!-- what it is -->\n<div id="__PREFIX__-pad">\n  <caption data-i18n="__KEY__">__TEXT__</caption>\n</div>\n')
    monkeypatch.setattr(build, "WEB", tmp_path)

    def write(html: str, end: str = "  <!-- PART: result no -->\n") -> None:
        (tmp_path / "games" / "nothing" / "screen.html").write_text(f'<section id="nothing">\n{end}{html}</section>\n')
    return write


def test_a_part_is_put_in_with_the_game_s_prefix_and_values_at_the_marker_s_indent(screens):
    screens('    <!-- PART: pad no key=no.pad text="Punkte und Chips" -->\n')
    assert build.game_screen("nothing").endswith(
        '    <div id="no-pad">\n      <caption data-i18n="no.pad">Punkte und Chips</caption>\n    </div>\n</section>\n')


@pytest.mark.parametrize("marker, says", [
    ("<!-- PART: padd no -->", "there is no web/games/padd.html"),
    ("<!-- PART: pad no key=no.pad -->", r"needs a value for \['__TEXT__'\]"),
    ("<!-- PART: pad no key=no.pad text=Pad kind=big -->", r"has no \['KIND'\] to fill"),
    ("<!-- PART: pad -->", "not of the form"),
])
def test_a_part_marker_the_build_cannot_fill_stops_it(screens, marker, says):
    screens(f"  {marker}\n")
    with pytest.raises(SystemExit, match=says):
        build.game_screen("nothing")


def test_a_game_screen_without_its_end_stops_the_build(screens):
    screens("", end="")
    with pytest.raises(SystemExit, match="PART result 0 times"):
        build.game_screen("nothing")


def test_a_catalogue_missing_a_language_stops_the_build(tmp_path, monkeypatch):
    (tmp_path / "text").mkdir()
    (tmp_path / "games").mkdir()
    (tmp_path / "text" / "interface.json").write_text('{"menu.title": ["Welches Spiel?"]}')
    monkeypatch.setattr(build, "WEB", tmp_path)
    with pytest.raises(SystemExit, match="menu.title"):
        build.texts()
    (tmp_path / "text" / "interface.json").write_text('{"menu.title": ["Welches Spiel?", "Which game?"]}')
    (tmp_path / "text" / "errors.json").write_text('{"menu.title": ["Welches Spiel?", "Which game?"]}')
    with pytest.raises(SystemExit, match="another catalogue"):
        build.texts()


def test_the_about_text_names_the_pinned_versions():
    texts, versions = build.texts(), build.versions()
    for german_or_english in texts["about.body"]:
        named = _placeholders(german_or_english)
        assert named <= versions.keys() and {"pyodide", "python", "dictionary-de", "Faker"} <= named
        assert not re.search(r"\b\d+\.\d+\.\d+\b", " ".join(german_or_english))  # no version typed in
    assert versions["pyodide"] == build.NPM_PACKAGES["pyodide"][0] and versions["Faker"] == "40.63.0"


def test_every_engine_error_is_worded_in_both_languages():
    from wortwurf.errors import MESSAGES

    texts = build.texts()
    for code in MESSAGES:
        assert f"error.{code}" in texts, code
        assert _placeholders(texts[f"error.{code}"][0]) <= set(re.findall(r"\{(\w+)", MESSAGES[code])), code


def test_every_option_of_every_game_is_labelled_in_both_languages():
    from wortwurf.games import REGISTRY

    texts = build.texts()

    def labelled(game, *path):
        return any(".".join(key) in texts for key in (("option", game, *path), ("option", *path)))

    for game in REGISTRY.values():
        assert all(f"{part}.{game.id}" in texts for part in ("game", "menu", "rules.title", "rules.body")), game.id
        for option in game.options:
            if option.kind == "seats":
                assert "option.computer.0" in texts
                assert all(labelled(game.id, option.name, str(strength)) for strength in option.values), game.id
                continue
            assert labelled(game.id, option.name), (game.id, option.name)
            for value in option.values:
                shown = ",".join(map(str, value)) if isinstance(value, list) else str(value)
                assert labelled(game.id, option.name, shown), (game.id, option.name, shown)


def test_phones_get_png_icons_made_from_the_one_svg(files):
    manifest = json.loads(files["manifest.webmanifest"])
    assert manifest["id"] == "./"
    sizes = {(icon["src"], icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("icon-192.png", "192x192", "any"), ("icon-512.png", "512x512", "any"),
            ("icon-maskable-512.png", "512x512", "maskable")} <= sizes
    for name, size in build.ICONS.items():
        png = files[name]
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (size, size)
    html = files["index.html"].decode()
    assert '<link rel="apple-touch-icon" href="apple-touch-icon.png">' in html and 'name="theme-color"' in html
