"""The package's import graph has no cycle: every module can be read (and changed) after the ones it builds on.

Every import counts, the ones inside functions too (a late import is how a cycle hides). A package's own
`__init__` importing its modules is an edge; a module's parent package being imported first is not.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "py" / "wortwurf"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, set[str]]:
    """Each module of wortwurf and the modules of wortwurf it imports."""
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                for alias in node.names:
                    found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, if it has any."""
    done, path = set(), []

    def visit(name):
        if name in path:
            return path[path.index(name):] + [name]
        if name in done:
            return None
        path.append(name)
        for other in sorted(graph[name]):
            found = visit(other)
            if found:
                return found
        path.pop()
        done.add(name)
        return None

    return next((found for name in sorted(graph) if (found := visit(name))), None)


def test_the_import_graph_has_no_cycle():
    graph = imports()
    assert "wortwurf.games.forgetit.race" in graph["wortwurf.games.forgetit.players"]
    assert cycle(graph) is None


def test_a_cycle_would_be_found():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_the_engine_and_the_bridge_import_no_game():
    graph = imports()
    for name in ("wortwurf.engine", "wortwurf.bridge"):
        assert not {m for m in graph[name] if m.startswith("wortwurf.games.") and m.count(".") > 2}, name
