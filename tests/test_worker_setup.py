"""The engine's set-up in the page's worker (py/wortwurf/worker.py), natively: a module the site ships apart
is found in its own zip, fetched the first time it is imported and never before."""

from __future__ import annotations

import importlib
import sys
import zipfile

from wortwurf import worker


def test_a_module_shipped_apart_is_fetched_the_first_time_it_is_imported(tmp_path, monkeypatch):
    (tmp_path / "shipped_example").mkdir()  # the package, as in the wheel; its table module comes apart
    (tmp_path / "shipped_example" / "__init__.py").write_text("")
    with zipfile.ZipFile(tmp_path / "table.zip", "w") as archive:
        archive.writestr("shipped_example/table.py", "ROWS = (1, 2, 3)\n")
    fetched = []

    def fetch(name: str) -> str:
        fetched.append(name)
        return str(tmp_path / name)

    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, worker.ShippedApart({"shipped_example.table": "table.zip"}, fetch)])
    for name in ("shipped_example", "shipped_example.table"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    importlib.import_module("shipped_example")
    assert fetched == []  # the package alone fetches nothing
    assert importlib.import_module("shipped_example.table").ROWS == (1, 2, 3)
    assert fetched == ["table.zip"]
    assert worker.ShippedApart({}, fetch).find_spec("json") is None  # anything else is left to the others
