"""The package's layers, checked on the imports themselves: a module imports only its own layer
and the layers below it, and the translator and the linter never import each other (the pipeline
joins them). CONTRIBUTING.md describes the layers."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "hipify_plus"

# Lowest first. A top-level module or package of hipify_plus belongs to exactly one layer.
LAYERS: list[set[str]] = [
    {
        "__init__",
        "data",
        "versions",
        "literals",
        "lexer",
        "source",
        "edits",
        "registry",
        "templates",
        "fsutil",
        "subprocesses",
        "pool",
        "filekinds",
        "files",
        "compile_flags",
        "regex_literals",
        "quoting",
    },
    {"parse", "mappings", "diagnostics"},
    {"cuda", "amd", "buildsys", "rewrite", "include_graph", "positions"},
    {"translate", "lint"},
    {"pipeline", "source_facts"},
    {"convert"},
    {"check", "resources"},
    {"report"},
    {"commands"},
    {"cli", "__main__", "testing"},
]
# Pairs in one layer that must not import each other.
APART = {("translate", "lint"), ("lint", "translate")}
# Known exceptions, each with the step that removes it.
KNOWN: set[tuple[str, str]] = set()


def _layer_of(name: str) -> int:
    for index, members in enumerate(LAYERS):
        if name in members:
            return index
    raise AssertionError(f"hipify_plus.{name} is in no layer: add it to LAYERS in tests/test_layers.py")


def _is_part(name: str) -> bool:
    return (PACKAGE / f"{name}.py").is_file() or (PACKAGE / name / "__init__.py").is_file()


def _imports() -> list[tuple[str, str, str]]:
    """(importing part, imported part, file) for every hipify_plus import in the package."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        part = relative.parts[0].removesuffix(".py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = []
            if isinstance(node, ast.ImportFrom) and node.module == "hipify_plus":
                # `from hipify_plus import lexer, __version__`: submodules, or the package itself
                modules = [f"hipify_plus.{a.name}" if _is_part(a.name) else "hipify_plus.__init__" for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            for module in modules:
                if module.startswith("hipify_plus."):
                    found.append((part, module.split(".")[1], str(relative)))
    return found


def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {
        p.name.removesuffix(".py")
        for p in PACKAGE.iterdir()
        if p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").exists())
    }
    for part in parts:
        _layer_of(part)


def test_imports_go_down_the_layers() -> None:
    wrong = []
    for importer, imported, where in _imports():
        if importer == imported or (importer, imported) in KNOWN:
            continue
        if (importer, imported) in APART:
            wrong.append(f"{where}: {importer} must not import {imported}")
        elif _layer_of(imported) > _layer_of(importer):
            wrong.append(
                f"{where}: hipify_plus.{importer} (layer {_layer_of(importer)}) imports "
                f"hipify_plus.{imported} (layer {_layer_of(imported)}), a layer above it"
            )
    assert not wrong, "\n".join(wrong)


def test_known_exceptions_still_exist() -> None:
    """An exception that no longer happens is removed from KNOWN, so the list cannot go stale."""
    seen = {(a, b) for a, b, _ in _imports()}
    assert seen >= KNOWN, f"no longer imported, drop from KNOWN: {sorted(KNOWN - seen)}"
