"""The layers of docs/architecture.md §2 hold: solver/ (engines, search) knows no bots or
tournaments, solver/search knows no game, bots/ knows no tournaments. Imports are read from
the source: the AST for .py files, a regex for the import and cimport lines of .pyx/.pxd files."""
import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
CYTHON_IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+c?import|c?import\s+([\w.]+))", re.M)


def imported_modules(path: pathlib.Path) -> set:
    """Every module a source file imports or cimports (absolute names; relative imports are
    resolved against the file's package)."""
    text = path.read_text()
    if path.suffix == ".py":
        names = set()
        package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    names.add(".".join(base + ([node.module] if node.module else [])))
                else:
                    names.add(node.module)
        return names
    return {a or b for a, b in CYTHON_IMPORT.findall(text)}


def sources(folder: str):
    return sorted(p for ext in ("py", "pyx", "pxd") for p in (ROOT / folder).rglob(f"*.{ext}"))


def offenders(folder: str, forbidden: tuple) -> list:
    return [(str(p.relative_to(ROOT)), m) for p in sources(folder) for m in imported_modules(p)
            if any(m == f or m.startswith(f + ".") for f in forbidden)]


@pytest.mark.parametrize("folder, forbidden", [
    ("solver", ("bots", "tournaments")),
    ("solver/search", ("solver.games",)),
    ("bots", ("tournaments",)),
])
def test_layer_imports_nothing_above_or_beside_it(folder, forbidden):
    assert sources(folder), folder
    assert offenders(folder, forbidden) == []


def test_the_scan_sees_imports_and_cimports():
    """The scanner itself: it finds a known cimport and a known import (else the layering test
    above could pass by seeing nothing)."""
    assert "solver.game" in imported_modules(ROOT / "solver/search/_alphabeta.pyx")
    assert "solver.search" in imported_modules(ROOT / "bots/solver_bot.py")
    assert offenders("tournaments", ("bots",))
