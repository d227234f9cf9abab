"""The assembled site: what it ships, and that nothing in it points off-site."""

from __future__ import annotations

import base64
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
    assert sorted(lock["packages"]) == ["micropip", "packaging", "wortwurf"]
    for entry in lock["packages"].values():
        data = files[f"wheels/{entry['file_name']}"]
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        assert "/" not in entry["file_name"]  # relative to the lock file: same origin, never a CDN
    assert lock["info"]["python"].startswith("3.14")


def test_pyodide_runtime_ships_without_its_cdn_lock_file(files):
    assert sorted(p for p in files if p.startswith("pyodide/")) == sorted(
        f"pyodide/{name}" for name in build.PYODIDE_RUNTIME
    )


def test_our_code_names_no_other_origin(files):
    ours = {p: d for p, d in files.items() if not p.startswith(("pyodide/", "wheels/"))}
    for path, data in ours.items():
        if path.endswith((".js", ".mjs", ".html", ".css", ".webmanifest")):
            text = data.decode()
            assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text.replace("http://www.w3.org", "")), path


def test_service_worker_precaches_every_file_with_its_content_hash(files):
    text = files["sw.js"].decode()
    precache = json.loads(re.search(r"const PRECACHE = (\{.*?\});", text, re.S).group(1))
    assert set(precache) == set(files) - {"sw.js"}
    for path, integrity in precache.items():
        digest = base64.b64encode(hashlib.sha256(files[path]).digest()).decode()
        assert integrity == f"sha256-{digest}", path


def test_page_carries_the_content_security_policy(files):
    html = files["index.html"].decode()
    assert f'content="{build.PAGE_CSP}"' in html
    assert "__CSP__" not in html


def test_wortwurf_wheel_is_reproducible_and_complete():
    name, first = build.wortwurf_wheel()
    assert build.wortwurf_wheel() == (name, first)
    with zipfile.ZipFile(io.BytesIO(first)) as wheel:
        names = wheel.namelist()
        record = wheel.read(f"wortwurf-{build.project_version()}.dist-info/RECORD").decode()
    sources = [p.relative_to(build.PACKAGE.parent).as_posix() for p in build.PACKAGE.rglob("*.py")]
    generated = ["wortwurf/games/forgetit/tables/solution.py", "wortwurf/games/dicewords/tables/keys.py"]  # at build time
    assert sorted(n for n in names if n.endswith(".py")) == sorted(sources + generated)
    assert all(f"{n}," in record for n in names)


def test_every_tag_the_dictionary_screen_shows_is_translated():
    from wortwurf.words.tags import TAGS

    catalogue = (build.WEB / "i18n.js").read_text(encoding="utf-8")
    shown = [name for name in TAGS if not name.startswith("part_") and name != "forbidden"]
    for name in shown:
        assert catalogue.count(f'"tag.{name}":') == 2, name  # German and English


def test_every_source_and_every_reason_a_word_is_refused_are_worded():
    from itertools import combinations

    from wortwurf.words import rules
    from wortwurf.words.tags import BIT, SOURCES

    catalogue = (build.WEB / "i18n.js").read_text(encoding="utf-8")
    for source in SOURCES:
        assert catalogue.count(f'"source.{source}":') == 2, source
    tags = ["abbreviation", "name", "brands", "surnames", "place", "first_name", "verb_form", "capitalised", "lower"]
    reasons = {refusal(sum(BIT[t] for t in chosen)) for n in range(1, 4) for chosen in combinations(tags, n)
               for refusal in (rules.refusal_in_dicewords, rules.refusal_in_typdom)} - {None}
    assert len(reasons) == 7
    for reason in reasons:
        assert catalogue.count(f'"why.{reason}":') == 2, reason


def test_german_and_english_have_the_same_texts():
    catalogue = (build.WEB / "i18n.js").read_text(encoding="utf-8")
    german, english = catalogue.split("\nconst en = {")
    keys = [set(re.findall(r'^\s*"([^"]+)":', part, re.M)) for part in (german, english.split("\nconst catalogues")[0])]
    assert len(keys[0]) > 300 and keys[0] == keys[1]


def test_every_engine_error_is_worded_in_both_languages():
    from wortwurf.errors import MESSAGES

    catalogue = (build.WEB / "i18n.js").read_text(encoding="utf-8")
    for code in MESSAGES:
        assert catalogue.count(f'"error.{code}":') == 2, code  # German and English
