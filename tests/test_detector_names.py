"""A detector's `names=` (lint/registry.py) lets the engine skip it on nodes whose name has none
of the fragments (a file detector: on files whose text has none): right only while the detector
never reports there. Checked here on every lint corpus input with every rule enabled: each
filtered detector runs on every node (or file) its filter would skip, and must report nothing.

`python -m tests.test_detector_names FOLDER...` runs the same check over a real project."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from hipify_plus.filekinds import file_kind
from hipify_plus.lint.context import CONTEXT_NODE_TYPES, LintContext
from hipify_plus.lint.registry import Registered, detectors, node_name
from hipify_plus.lint.settings import LintSettings
from hipify_plus.parse import nodes_of_types, parse
from hipify_plus.source import SourceFile
from hipify_plus.testing import is_expected_output, load_fixture

from .test_lint_corpus import INPUTS, LINT, settings_for


def _filtered(kind: str = "node") -> list[Registered]:
    return [i for i in detectors().all() if i.kind == kind and i.names is not None]


def hidden_reports(path: str, data: bytes, settings: LintSettings) -> list[str]:
    """Where a filtered detector would have reported on a node its filter skips."""
    tree = parse(data)
    ctx = LintContext(SourceFile(path, data), tree, settings)
    items = [i for i in _filtered() if any(settings.enabled(r, path) for r in i.emits)]
    types = frozenset(t for i in items for t in i.node_types) | CONTEXT_NODE_TYPES
    nodes = nodes_of_types(tree, types)
    ctx.index_nodes(nodes, types)
    problems = []
    for node in nodes:
        for item in items:
            if node.type not in item.node_types or item.wants(node_name(node)):
                continue
            before = len(ctx.diagnostics)
            try:
                item.function(node, ctx)
            except Exception:  # noqa: BLE001 - the engine's own tests cover failing detectors
                continue
            for diagnostic in ctx.diagnostics[before:]:
                problems.append(
                    f"{path}:{diagnostic.line}: {item.function.__module__}.{item.function.__name__} reported "
                    f"{diagnostic.rule} on a {node.type} named {node_name(node)[:60]!r}, outside its names="
                )
            del ctx.diagnostics[before:]
    for item in _filtered("file"):
        if not any(settings.enabled(r, path) for r in item.emits) or item.wants(data):
            continue
        before = len(ctx.diagnostics)
        try:
            item.function(ctx)
        except Exception:  # noqa: BLE001 - the engine's own tests cover failing detectors
            continue
        problems += [
            f"{path}:{d.line}: {item.function.__module__}.{item.function.__name__} reported {d.rule} "
            "in a file without any of its names="
            for d in ctx.diagnostics[before:]
        ]
        del ctx.diagnostics[before:]
    return problems


def test_some_detectors_are_filtered() -> None:
    assert len(_filtered()) >= 40


SOURCES = [p for p in INPUTS if file_kind(p.name) == "source"]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(LINT).as_posix())
def test_names_filter_hides_no_finding(path: Path) -> None:
    settings = replace(settings_for(load_fixture(path)), select=("ALL",))
    assert hidden_reports(str(path), path.read_bytes(), settings) == []


def test_a_file_needs_only_the_detector_modules_its_text_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run of one file imports only the detector modules rules/detector_index.json says its
    text can use (lint/engine.py `_modules_for`): the same findings as with every module, on
    every lint corpus input with every rule on."""
    from hipify_plus.lint import engine, registry

    skipped = 0
    for path in INPUTS:
        settings = replace(settings_for(load_fixture(path)), select=("ALL",))
        data = path.read_bytes()
        monkeypatch.setattr(engine, "pending_index", registry._saved_index)  # as if none were imported
        needed = engine._modules_for(file_kind(path.name), data, settings)
        assert needed is not None
        skipped += len(registry.current_index()) - len(needed)
        found = engine.lint(str(path), data, settings).diagnostics
        monkeypatch.setattr(engine, "pending_index", registry.pending_index)  # all imported, as here
        assert engine._modules_for(file_kind(path.name), data, settings) is None
        assert found == engine.lint(str(path), data, settings).diagnostics, path
    assert skipped > 20 * len(INPUTS)  # most files need well under half of the modules


def test_dispatch_calls_what_each_filter_wants() -> None:
    """The engine's per-name choice (one search for any fragment first, then each detector's
    own filter) is each detector's `wants`, in registration order, on every corpus name."""
    from hipify_plus.lint.engine import _Dispatch

    by_type = detectors().by_node_type
    names: dict[str, set[bytes]] = {t: set() for t in by_type}
    for path in INPUTS:
        tree = parse(path.read_bytes())
        for node in nodes_of_types(tree, frozenset(by_type)):
            names[node.type].add(node_name(node))
    checked = 0
    for node_type, items in by_type.items():
        if all(i.names is None for i in items):
            continue
        dispatch = _Dispatch(items)
        for name in sorted(names[node_type]) + [b"", b"x", *(f for i in items for f in i.names or ())]:
            node = _Named(node_type, name)
            expected = tuple(i.function for i in items if i.wants(name))
            assert dispatch.for_node(node) == expected, (node_type, name)  # type: ignore[arg-type]
            assert dispatch.for_node(node) == expected  # type: ignore[arg-type] # remembered
            checked += 1
    assert checked > 1000


class _Named:
    """What `node_name` reads of a node other than a call: its type and its text."""

    def __init__(self, node_type: str, text: bytes) -> None:
        self.type, self.text = node_type, text

    def child_by_field_name(self, _: str) -> None:
        return None


def test_hp705_filter_covers_its_table() -> None:
    """HP705's `names=("hip",)` holds while every call rules/mappings/default_arguments.tsv
    lists is HIP's."""
    from hipify_plus.lint.detectors.compile.hp705_cuda_only_overload import default_arguments

    assert all(name.startswith("hip") for name, _ in default_arguments())


_REAL_SETTINGS = (
    LintSettings(select=("ALL",)),
    LintSettings(select=("ALL",), converted=True),
    LintSettings(select=("ALL",), converted=True, target_rocm=(5, 2, 0)),
    LintSettings(select=("ALL",), target_rocm=(7, 0, 0), arches=("gfx942", "gfx1100")),
)


def _main(folders: list[str]) -> int:
    problems = []
    for folder in folders:
        for path in sorted(Path(folder).rglob("*")):
            if path.is_file() and file_kind(path.name) == "source" and not is_expected_output(path):
                for settings in _REAL_SETTINGS:
                    problems += hidden_reports(str(path), path.read_bytes(), settings)
    print("\n".join(problems) or "no finding hidden")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
