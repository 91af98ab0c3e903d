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
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, cast

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


PACKAGE = "hipify_plus.lint.detectors"
_RULE_MODULE = re.compile(r"hp(\d+)_")  # hp503_missing_intrinsic.py registers HP503's detectors only


def _selected_module(name: str, families: frozenset[str] | None, rules: frozenset[str] | None) -> bool:
    """Whether the detector module `name` (a family module or a family's rule module) may hold
    detectors of these families and rules."""
    parts = name[len(PACKAGE) + 1 :].split(".")
    if families is not None and parts[0] not in families:
        return False
    rule = _RULE_MODULE.match(parts[-1]) if len(parts) > 1 else None
    return rules is None or len(parts) == 1 or (rule is not None and f"HP{rule[1]}" in rules)


@cache
def _submodules(name: str) -> tuple[tuple[str, bool], ...]:
    """(name, is a package) of the modules in package `name`, listed from disk once per process
    (convert asks for a few rules per file, a different few from file to file)."""
    package = importlib.import_module(name)
    return tuple((m.name, m.ispkg) for m in pkgutil.iter_modules(package.__path__))


def _import_family(name: str, is_package: bool, rules: frozenset[str] | None) -> None:
    importlib.import_module(name)
    if is_package:
        for module, _ in _submodules(name):
            rule = _RULE_MODULE.match(module)
            if rules is not None and (rule is None or f"HP{rule[1]}" not in rules):
                continue  # helpers (_x.py) are imported by the rule modules that use them
            importlib.import_module(f"{name}.{module}")


@cache
def detectors(
    families: frozenset[str] | None = None, rules: frozenset[str] | None = None, modules: frozenset[str] | None = None
) -> Detectors:
    """Import the detector modules (each named after its rule family; all of them unless
    `families` narrows it) and index what they registered. `rules` (exact ids) narrows it to
    the detectors that may emit one of them, importing in a family package only those rules'
    modules (a package has one module per rule, named after it). `modules` (from
    `modules_needed`) narrows it to the detectors of those modules, and imports no other.
    Detectors are listed module by module, in the order of the modules' names, whatever order
    they were imported in."""
    importlib.import_module(PACKAGE)
    if modules is not None:
        for name in sorted(modules):
            if _selected_module(name, families, rules):
                importlib.import_module(name)
    else:
        for module, is_package in _submodules(PACKAGE):
            if families is None or module in families:
                _import_family(f"{PACKAGE}.{module}", is_package, rules)
    wanted = None if families is None else {f"{PACKAGE}.{f}" for f in families}

    def chosen_item(item: Registered) -> bool:
        """A family is a module, or a package with one module per rule."""
        if rules is not None and rules.isdisjoint(item.emits):
            return False
        module = item.function.__module__
        if modules is not None and module not in modules:
            return False
        return wanted is None or module in wanted or module.rpartition(".")[0] in wanted

    order = {id(item): index for index, item in enumerate(_REGISTERED)}
    chosen = sorted((i for i in _REGISTERED if chosen_item(i)), key=lambda i: (i.function.__module__, order[id(i)]))
    by_type: dict[str, list[Registered]] = {}
    for item in chosen:
        if item.kind == "node":
            for node_type in item.node_types:
                by_type.setdefault(node_type, []).append(item)
    return Detectors(
        by_node_type={k: tuple(v) for k, v in by_type.items()},
        files=tuple(i for i in chosen if i.kind == "file"),
        builds=tuple(i for i in chosen if i.kind == "build"),
        node_types=frozenset(by_type),
    )


# -- the module index ---------------------------------------------------------------------
# rules/detector_index.json says, per detector module, what its detectors look at, so that a
# run of one file imports only the modules that file needs (the others' names= fragments are
# not in it). tools/gen_detector_index.py writes it; tests/test_registry.py checks it is current.

INDEX = "detector_index.json"


def _modules_on_disk() -> set[str]:
    """Every detector module there is: a family module, or a rule module of a family package."""
    package = importlib.import_module(PACKAGE)
    found = set()
    for family in pkgutil.iter_modules(package.__path__):
        if not family.ispkg:
            found.add(f"{PACKAGE}.{family.name}")
            continue
        for module in pkgutil.iter_modules([f"{package.__path__[0]}/{family.name}"]):
            if _RULE_MODULE.match(module.name):
                found.add(f"{PACKAGE}.{family.name}.{module.name}")
    return found


def current_index() -> dict[str, dict[str, object]]:
    """The index as the code registers it now (every detector module imported): per module,
    `source` (the names= fragments of its node and file detectors, sorted; null when one of
    them has none, so any source file needs it) and `build` (it has a build detector)."""
    detectors()
    index: dict[str, dict[str, object]] = {m: {"source": [], "build": False} for m in _modules_on_disk()}
    for item in _REGISTERED:
        if item.function.__module__ not in index:
            continue  # registered from outside the detector package: never imported by name
        entry = index[item.function.__module__]
        if item.kind == "build":
            entry["build"] = True
        elif item.names is None or entry["source"] is None:
            entry["source"] = None
        else:
            fragments = cast("list[str]", entry["source"])
            entry["source"] = sorted({*fragments, *(f.decode() for f in item.names)})
    return dict(sorted(index.items()))


@dataclass(frozen=True)
class _Indexed:
    fragments: tuple[bytes, ...] | None  # None: every source file needs the module
    build: bool


@cache
def _saved_index() -> dict[str, _Indexed] | None:
    """rules/detector_index.json, if it is readable and lists the detector modules there are
    (a module added or removed since it was written: None, and everything is imported)."""
    import json

    from hipify_plus.data import data_dir

    try:
        raw = json.loads((data_dir("rules") / INDEX).read_text(encoding="utf-8"))
        saved = {
            module: _Indexed(None if e["source"] is None else tuple(f.encode() for f in e["source"]), bool(e["build"]))
            for module, e in raw.items()
        }
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return saved if set(saved) == _modules_on_disk() else None


def pending_index() -> dict[str, _Indexed] | None:
    """The module index while a module it lists is not imported yet; None once they all are (a
    pool's parent imports them before it forks; a process that linted file after file may have
    come to need them all), or when there is no usable index (then everything is imported)."""
    index = _saved_index()
    return None if index is None or all(m in sys.modules for m in index) else index


def modules_needed(index: dict[str, _Indexed], source: bool, text: bytes) -> frozenset[str]:
    """The detector modules of `index` a file needs: for a source file (`text`: the text its tree
    is of), those with a node or file detector without names= or with a fragment in the text;
    for a build file, those with a build detector."""
    if not source:
        return frozenset(m for m, e in index.items() if e.build)
    from hipify_plus.regex_literals import TextLiterals

    present = TextLiterals(text)
    return frozenset(m for m, e in index.items() if e.fragments is None or any(f in present for f in e.fragments))
