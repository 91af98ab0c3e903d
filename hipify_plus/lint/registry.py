"""Binding rule ids to detectors.

A detector is a small function registered with the node types it wants and the rule ids it
may emit:

    @detector("call_expression", emits=("HP103",))
    def full_mask_in_sync_intrinsic(node: Node, ctx: LintContext) -> None:
        ...
        ctx.report("HP103", node, "...", fix=ctx.fix("...", [Edit(...)]))

A detector that cares about a few names says so with `names=`: fragments, one of which the
node's name contains wherever the detector could report (an identifier's name is its text, a
call's the text of what it calls, any other node's its whole text). The engine then calls it
only on such nodes, and decides that once per distinct name (`Registered.wants`); the detector
still makes its own exact check. A file detector's `names=` are matched against the file's
whole text.

    @detector("call_expression", emits=("HP515",), names=("clock",))

`file_detector` functions run once per source file (after the node detectors), for checks that
tie several places together (launch sites and their kernels). `build_detector` functions run on
build files (Makefiles, CMake, setup.py) and see only text. Detectors never read files, print or
apply edits.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hipify_plus.lint.context import BuildContext, LintContext
    from hipify_plus.parse import Node

NodeDetector = Callable[["Node", "LintContext"], None]
FileDetector = Callable[["LintContext"], None]
BuildDetector = Callable[["BuildContext"], None]


@dataclass(frozen=True)
class Registered:
    function: Callable[..., None]
    emits: tuple[str, ...]
    node_types: tuple[str, ...] = ()
    kind: str = "node"  # node | file | build
    names: tuple[bytes, ...] | None = None  # `names=`: one occurs in the node's name (a file's text)

    def wants(self, name: bytes) -> bool:
        """Whether the detector may report on a node of this name (`node_name`), or a file
        detector in a file of this text."""
        return self.names is None or any(fragment in name for fragment in self.names)


def node_name(node: Node) -> bytes:
    """What `names=` is matched against: a call's callee as written (`f`, `ns::f<T>`, `obj.f`),
    any other node's own text."""
    if node.type == "call_expression":
        node = node.child_by_field_name("function") or node
    return node.text or b""


_REGISTERED: list[Registered] = []


def detector(
    *node_types: str, emits: tuple[str, ...], names: tuple[str, ...] | None = None
) -> Callable[[NodeDetector], NodeDetector]:
    fragments = None if names is None else tuple(n.encode() for n in names)

    def register(function: NodeDetector) -> NodeDetector:
        _REGISTERED.append(Registered(function, emits, node_types, "node", fragments))
        return function

    return register


def file_detector(
    *, emits: tuple[str, ...], names: tuple[str, ...] | None = None
) -> Callable[[FileDetector], FileDetector]:
    """`names=`: fragments one of which the file's text contains wherever the detector could
    report; on other files the engine does not call it."""
    fragments = None if names is None else tuple(n.encode() for n in names)

    def register(function: FileDetector) -> FileDetector:
        _REGISTERED.append(Registered(function, emits, (), "file", fragments))
        return function

    return register


def build_detector(*, emits: tuple[str, ...]) -> Callable[[BuildDetector], BuildDetector]:
    def register(function: BuildDetector) -> BuildDetector:
        _REGISTERED.append(Registered(function, emits, (), "build"))
        return function

    return register


@dataclass(frozen=True)
class Detectors:
    by_node_type: dict[str, tuple[Registered, ...]]
    files: tuple[Registered, ...]
    builds: tuple[Registered, ...]
    node_types: frozenset[str]

    def all(self) -> list[Registered]:
        seen: dict[int, Registered] = {}
        for group in (*self.by_node_type.values(), self.files, self.builds):
            for item in group:
                seen[id(item)] = item
        return list(seen.values())


_RULE_MODULE = re.compile(r"hp(\d+)_")  # hp503_missing_intrinsic.py registers HP503's detectors only


def _import_family(name: str, is_package: bool, rules: frozenset[str] | None) -> None:
    family = importlib.import_module(name)
    if is_package:
        for module in pkgutil.iter_modules(family.__path__):
            rule = _RULE_MODULE.match(module.name)
            if rules is not None and (rule is None or f"HP{rule[1]}" not in rules):
                continue  # helpers (_x.py) are imported by the rule modules that use them
            importlib.import_module(f"{name}.{module.name}")


@cache
def detectors(families: frozenset[str] | None = None, rules: frozenset[str] | None = None) -> Detectors:
    """Import the detector modules (each named after its rule family; all of them unless
    `families` narrows it) and index what they registered. `rules` (exact ids) narrows it to
    the detectors that may emit one of them, importing in a family package only those rules'
    modules (a package has one module per rule, named after it)."""
    package = importlib.import_module("hipify_plus.lint.detectors")
    for module in pkgutil.iter_modules(package.__path__):
        if families is None or module.name in families:
            _import_family(f"{package.__name__}.{module.name}", module.ispkg, rules)
    wanted = None if families is None else {f"{package.__name__}.{f}" for f in families}

    def chosen_item(item: Registered) -> bool:
        """A family is a module, or a package with one module per rule."""
        if rules is not None and rules.isdisjoint(item.emits):
            return False
        if wanted is None:
            return True
        module = item.function.__module__
        return module in wanted or module.rpartition(".")[0] in wanted

    by_type: dict[str, list[Registered]] = {}
    for item in _REGISTERED:
        if not chosen_item(item):
            continue
        if item.kind == "node":
            for node_type in item.node_types:
                by_type.setdefault(node_type, []).append(item)
    chosen = [i for i in _REGISTERED if chosen_item(i)]
    return Detectors(
        by_node_type={k: tuple(v) for k, v in by_type.items()},
        files=tuple(i for i in chosen if i.kind == "file"),
        builds=tuple(i for i in chosen if i.kind == "build"),
        node_types=frozenset(by_type),
    )
