"""Host functions that launch kernels, for the launch-loop rule (HP324): how many launches one
call makes, which kernels, and what else it does that a graph capture cannot hold (host
synchronisation, blocking copies, allocation, events, host I/O, graph-unsafe libraries).

Real code launches from helpers (llm.c's training loop calls `gpt2_forward`, which calls
`encoder_forward` in llmc/encoder.cuh), so the functions come from the file and from the
project headers it includes with quotes, read from disk next to the including file when the
linted path is a real file (transitively, a bounded number of files, never written). Launches
are counted per path through the code: the larger branch of an `if`, the largest `case` of a
`switch`, a loop's body once (a lower bound), and never the `#if HIPIFY_PLUS_USE_GRAPHS` side
of a loop HP324 already rewrote.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from hipify_plus.cuda.includes import HEADER_NODE_TYPES, parsed_header
from hipify_plus.cuda.syntax import base_name, declarator_name, execution_space
from hipify_plus.fsutil import note_read
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._graph_safety import (
    ALLOC,
    COPY,
    EVENT,
    GRAPH,
    IO,
    LIBRARY,
    SYNC,
    UNSAFE,
    call_kind,
    library_of,
)
from hipify_plus.lint.detectors.libraries._launch_syntax import LOOPS, call_name, capture_regions
from hipify_plus.parse import Node, parse
from hipify_plus.rewrite.graphs import is_switch
from hipify_plus.source import SourceFile

_HARD = (SYNC, COPY, ALLOC, EVENT, GRAPH, IO, LIBRARY)  # what a called function may not do in a capture
_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.MULTILINE)
MAX_HEADERS = 64
MAX_HEADER_BYTES = 4 << 20
_LAUNCHES = re.compile(rb"<<<|<<\s+<|LaunchKernel|LaunchCooperativeKernel")
_RESOLVED: dict[tuple[str, bytes], Path | None] = {}
_HEADERS: dict[tuple[str, int, int], _Header] = {}  # per process, by path, time and size


@dataclass(frozen=True)
class Hazard:
    kind: str
    what: str  # "synchronises with the host"
    call: str  # the call that does it
    where: str  # "file:line"


@dataclass
class Summary:
    launches: int = 0
    kernels: list[str] = field(default_factory=list)
    through: list[str] = field(default_factory=list)  # the called functions that launch
    graphs: bool = False  # it launches a graph too (cudaGraphLaunch): it already amortizes launches


@dataclass
class Unit:
    """One file whose functions count: the linted one or an included project header."""

    path: str  # as given for the linted file, resolved for a header
    ctx: LintContext

    def __post_init__(self) -> None:
        self.launch_at = {launch.node.start_byte: launch for launch in self.ctx.launches}
        self.call_nodes = sorted(self.ctx.nodes({"call_expression"}), key=lambda n: n.start_byte)
        self.calls = [n.start_byte for n in self.call_nodes]
        self.definitions = _definitions(self)
        self.captures = capture_regions(self.ctx)

    def captured(self, at: int) -> bool:
        """True if `at` lies between a stream's BeginCapture and EndCapture: a launch there is
        recorded into a graph, not launched."""
        return any(begin < at < end for begin, end in self.captures)

    def calls_in(self, node: Node) -> list[Node]:
        """The calls that start inside `node`, in document order."""
        first = bisect_left(self.calls, node.start_byte)
        last = bisect_left(self.calls, node.end_byte, first)
        return self.call_nodes[first:last]

    def has_call(self, node: Node) -> bool:
        """True if a call starts inside `node` (nothing to count otherwise)."""
        at = bisect_left(self.calls, node.start_byte)
        return at < len(self.calls) and self.calls[at] < node.end_byte


def _definitions(unit: Unit) -> dict[str, Node]:
    found: dict[str, Node] = {}
    for definition in unit.ctx.nodes({"function_definition"}):
        if execution_space(definition) & {"__global__", "__device__"} and "__host__" not in execution_space(definition):
            continue
        name = declarator_name(definition)
        body = definition.child_by_field_name("body")
        if name is not None and body is not None:
            found.setdefault(base_name(unit.ctx.text(name)), body)
    return found


def _resolve(folder: Path, spelling: bytes) -> Path | None:
    """A quoted include next to the including file, if that is a regular file (kept per process)."""
    key = (str(folder), spelling)
    note_read(os.path.join(key[0], spelling.decode("utf-8", "replace")))
    if key not in _RESOLVED:
        if len(_RESOLVED) > 4096:
            _RESOLVED.clear()
        candidate = (folder / spelling.decode("utf-8", "replace")).resolve()
        _RESOLVED[key] = candidate if candidate.is_file() else None
    return _RESOLVED[key]


@dataclass
class _Header:
    data: bytes
    includes: list[str]  # resolved paths of its quoted includes that exist
    unit: Unit | None = None  # parsed on first need

    @cached_property
    def has_launch(self) -> bool:
        return _LAUNCHES.search(self.data) is not None


def _header(path: Path) -> _Header | None:
    note_read(str(path))
    try:
        status = path.stat()
        if status.st_size > MAX_HEADER_BYTES:
            return None
        key = (str(path), status.st_mtime_ns, status.st_size)
        if key not in _HEADERS:
            if len(_HEADERS) > 512:
                _HEADERS.clear()
            data = path.read_bytes()
            includes = [str(r) for m in _INCLUDE.finditer(data) if (r := _resolve(path.parent, m.group(1)))]
            _HEADERS[key] = _Header(data, includes)
        return _HEADERS[key]
    except (OSError, ValueError):
        return None


def _reachable(ctx: LintContext) -> dict[str, _Header]:
    """Project headers the file includes with quotes, transitively, found next to each including
    file (a unity build's headers call each other's functions), by resolved path."""
    try:
        start = Path(ctx.source.path).resolve()
        if not start.is_file():
            return {}
    except (OSError, ValueError):
        return {}
    found: dict[str, _Header] = {}
    pending = [str(r) for m in _INCLUDE.finditer(ctx.data) if (r := _resolve(start.parent, m.group(1)))]
    while pending and len(found) < MAX_HEADERS:
        path = pending.pop(0)
        if path in found or path == str(start):
            continue
        header = _header(Path(path))
        if header is not None:
            found[path] = header
            pending += header.includes
    return found


def _launch_written(ctx: LintContext, headers: dict[str, _Header]) -> bool:
    """Whether a launch is written (as text: in a comment too) in the file or in one of its
    `_reachable` headers."""
    return _LAUNCHES.search(ctx.data) is not None or any(h.has_launch for h in headers.values())


def may_launch(ctx: LintContext) -> bool:
    """Whether a call the file makes may launch a kernel: not where no launch is written in it or
    in the project headers it includes."""
    return _launch_written(ctx, _reachable(ctx))


def _headers(ctx: LintContext) -> list[Unit]:
    """The project headers of `_reachable`, parsed, when a launch is written somewhere among them
    or in the file; none otherwise."""
    found = _reachable(ctx)
    if not _launch_written(ctx, found):
        return []  # no launch anywhere in what the file sees
    units = []
    for path, header in found.items():
        if header.unit is None:
            header.unit = _unit(path, header, ctx)
        units.append(header.unit)
    return units


def _unit(path: str, header: _Header, ctx: LintContext) -> Unit:
    """A header's functions, from the parse every reader of that header shares."""
    parsed = parsed_header(path)
    if parsed is None:  # gone or grown since it was read: parse what was read
        return Unit(path, LintContext(SourceFile(path, header.data), parse(header.data), ctx.settings))
    unit_ctx = LintContext(SourceFile(path, parsed.data), parsed.tree, ctx.settings)
    unit_ctx.index_nodes(parsed.nodes, HEADER_NODE_TYPES)
    return Unit(path, unit_ctx)


class Launchers:
    """The host functions a file can call, with what one call of each launches and does."""

    def __init__(self, ctx: LintContext) -> None:
        self.main = Unit(ctx.source.path, ctx)
        try:
            self._root = str(Path(ctx.source.path).resolve().parent)
        except (OSError, ValueError):
            self._root = ""
        self._bodies: dict[str, tuple[Unit, Node]] = {}
        self._summaries: dict[str, Summary | None] = {}
        self._hazards: dict[str, dict[str, Hazard] | None] = {}
        self._loaded = False
        for name, body in self.main.definitions.items():
            self._bodies[name] = (self.main, body)

    def _load_headers(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        for unit in _headers(self.main.ctx):
            for name, body in unit.definitions.items():
                self._bodies.setdefault(name, (unit, body))

    def knows(self, name: str) -> bool:
        if name not in self._bodies:
            self._load_headers()
        return name in self._bodies

    def launches(self, name: str) -> bool:
        """True if a call of the host function `name` launches a kernel."""
        if not name or name in _NOT_PROJECT or call_kind(name) is not None:
            return False
        found = self.summary(name)
        return found is not None and found.launches > 0

    def summary(self, name: str) -> Summary | None:
        """What one call of the host function `name` launches; None if it is not defined."""
        if name in self._summaries:
            return self._summaries[name] or Summary()  # in progress (recursion): counts nothing
        if not self.knows(name):
            return None
        self._summaries[name] = None
        unit, body = self._bodies[name]
        found = Summary()
        calls = unit.calls_in(body)
        if any(unit.launch_at.get(c.start_byte) is not None or self.launches(call_name(c, unit.ctx)) for c in calls):
            found.launches = self.count(body, unit, found, loops_once=True)
        self._summaries[name] = found
        return found

    def hazards(self, name: str) -> dict[str, Hazard]:
        """What a call of `name` does that a capture cannot hold, through every call it makes:
        the first call of each kind, with where it is."""
        if name in self._hazards:
            return self._hazards[name] or {}
        self._hazards[name] = None
        found: dict[str, Hazard] = {}
        if self.knows(name):
            unit, body = self._bodies[name]
            for call in unit.calls_in(body):
                callee = call_name(call, unit.ctx)
                kind = call_kind(callee)
                if (
                    kind is not None
                    and kind.kind in _HARD
                    and (kind.kind != LIBRARY or (library_of(callee) or ("", ""))[1] == UNSAFE)
                ):
                    where = f"{self.display(unit)}:{call.start_point[0] + 1}"
                    found.setdefault(kind.kind, Hazard(kind.kind, kind.what, callee, where))
                elif kind is None and callee and callee not in _NOT_PROJECT:
                    for hazard in self.hazards(callee).values():
                        found.setdefault(hazard.kind, hazard)
        self._hazards[name] = found
        return found

    def count(self, node: Node, unit: Unit, into: Summary, *, loops_once: bool) -> int:
        """Launches on the largest path through `node` (kernel names and the functions that
        launch added to `into`). Inner loops count once, or not at all when not `loops_once`
        (the launch-loop rule gives them to the inner loop)."""
        kind = node.type
        if kind == "lambda_expression" or not unit.has_call(node) or (kind in LOOPS and not loops_once):
            return 0
        if kind in ("if_statement", "conditional_expression"):
            condition = node.child_by_field_name("condition")
            first = self.count(condition, unit, into, loops_once=loops_once) if condition else 0
            branches = [
                c
                for c in (node.child_by_field_name("consequence"), node.child_by_field_name("alternative"))
                if c is not None
            ]
            return first + max((self.count(b, unit, into, loops_once=loops_once) for b in branches), default=0)
        if kind == "switch_statement":
            body = node.child_by_field_name("body")
            cases = [c for c in body.named_children if c.type == "case_statement"] if body is not None else []
            return max((self.count(c, unit, into, loops_once=loops_once) for c in cases), default=0)
        if kind in ("preproc_if", "preproc_ifdef", "preproc_elif", "preproc_elifdef"):
            condition = node.child_by_field_name("condition")
            alternative = node.child_by_field_name("alternative")
            other = self.count(alternative, unit, into, loops_once=loops_once) if alternative else 0
            if condition is not None and is_switch(unit.ctx.text(condition)):
                return other
            this = sum(
                self.count(c, unit, into, loops_once=loops_once)
                for c in node.named_children
                if c is not alternative and c is not condition and c.type != "comment"
            )
            return max(this, other)
        total = 0
        if kind == "call_expression":
            launch = unit.launch_at.get(node.start_byte)
            if launch is not None and launch.node == node:
                if unit.captured(node.start_byte):
                    return 0  # recorded into a graph (cudaGraphPerfScaling's createParallelChain)
                into.kernels.append(launch.kernel or "?")
                return 1
            name = call_name(node, unit.ctx)
            if name.endswith("GraphLaunch"):
                into.graphs = True
            callee = self.summary(name) if self.launches(name) else None
            if callee is not None:
                into.graphs = into.graphs or callee.graphs
                into.kernels.extend(callee.kernels)
                into.through.append(name)
                total += callee.launches
        for child in node.children:
            total += self.count(child, unit, into, loops_once=loops_once)
        return total

    def display(self, unit: Unit) -> str:
        """A unit's path for a message: the linted file's name, a header's path from its folder."""
        if unit is self.main:
            return Path(unit.path).name or unit.path
        if self._root and unit.path.startswith(self._root + os.sep):
            return os.path.relpath(unit.path, self._root)
        return unit.path


# Names that are never the project's host functions even if a header defines them.
_NOT_PROJECT = frozenset({"dim3", "static_cast", "reinterpret_cast", "const_cast", "sizeof", "min", "max"})
