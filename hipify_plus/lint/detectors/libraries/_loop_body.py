"""What the body of a host loop of kernel launches does, statement by statement and call by
call, as HP324's capture check needs it (hipify_plus/lint/detectors/libraries/_launch_loops.py
decides from it and from the launches): each thing that stops a graph capture is a `Blocker`,
in the order the message names them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from hipify_plus.cuda.syntax import call_args
from hipify_plus.lint.context import Launch, LintContext
from hipify_plus.lint.detectors.libraries import _graph_safety as gs
from hipify_plus.lint.detectors.libraries._launch_syntax import (
    LOOPS,
    call_name,
    in_rewrite,
    launch_inputs,
    root_name,
    walk,
)
from hipify_plus.lint.detectors.libraries._launchers import Launchers
from hipify_plus.lint.detectors.libraries._loop_values import plain_declaration, pure
from hipify_plus.parse import Node
from hipify_plus.quoting import shorten_code

# Precondition order: the message names failures in this order.
(
    STREAM,
    VARIANT,
    HOST_SYNC,
    BLOCKING,
    ALLOCATION,
    EVENTS,
    HOST_READ,
    HOST_IO,
    LIBRARIES,
    CONTROL,
    GRAPHS,
    INDIRECT,
    HOST_WORK,
    LAYOUT,
) = range(14)
_BY_KIND = {
    gs.SYNC: HOST_SYNC,
    gs.COPY: BLOCKING,
    gs.ALLOC: ALLOCATION,
    gs.EVENT: EVENTS,
    gs.IO: HOST_IO,
    gs.LIBRARY: LIBRARIES,
    gs.GRAPH: GRAPHS,
    gs.RUNTIME: HOST_WORK,
}
WRITES = frozenset({"assignment_expression", "update_expression"})
_LEAVES = {
    "break_statement": "break",
    "continue_statement": "continue",
    "return_statement": "return",
    "goto_statement": "goto",
    "throw_statement": "throw",
}


@dataclass(frozen=True)
class Blocker:
    order: int
    text: str
    indirect: bool = False  # found inside a called function: named after the body's own


def line_of(node: Node) -> int:
    return node.start_point[0] + 1


def shorten(text: str, limit: int = 96) -> str:
    """Code a blocker quotes, cut in the middle when it is long (its start and end stay)."""
    return shorten_code(text, limit)


class LoopChecks:
    """The body checks; `_launch_loops._Checker` adds the launches and the capture plan."""

    def __init__(self, loop: Node, body: Node, ctx: LintContext, launchers: Launchers) -> None:
        self.loop, self.body, self.ctx, self.launchers = loop, body, ctx, launchers
        self.blockers: dict[tuple[int, str], Blocker] = {}
        self.launch_at = {launch.node.start_byte: launch for launch in ctx.launches}

    def block(self, order: int, text: str, key: str = "", indirect: bool = False) -> None:
        self.blockers.setdefault((order, key or text), Blocker(order, text, indirect))

    def is_launch(self, node: Node) -> Launch | None:
        launch = self.launch_at.get(node.start_byte) if node.type == "call_expression" else None
        return launch if launch is not None and launch.node == node else None

    def wrapper(self, node: Node) -> bool:
        """`CHECK(hipFoo(...))`, `cudaCheck(cudaGetLastError())`: a call around a runtime call."""
        arguments = node.child_by_field_name("arguments")
        for argument in arguments.named_children if arguments is not None else []:
            while argument.type == "parenthesized_expression" and argument.named_children:
                argument = argument.named_children[0]
            if argument.type == "call_expression" and (
                self.is_launch(argument) or gs.call_kind(call_name(argument, self.ctx)) is not None
            ):
                return True
        return False

    def opaque(self, node: Node) -> bool:
        """A call whose arguments it cannot change: a launch, a runtime call (which writes only
        through `&x`), a pure function, a check around a runtime call."""
        name = call_name(node, self.ctx)
        return (
            self.is_launch(node) is not None
            or gs.call_kind(name) is not None
            or pure(name, self.ctx)
            or self.wrapper(node)
        )

    def writes(self, node: Node, *, calls_write: bool) -> dict[str, Node]:
        found: dict[str, Node] = {}
        for n in walk(node):
            targets: list[Node | None] = []
            writer = n
            if n.type == "assignment_expression":
                targets = [n.child_by_field_name("left")]
            elif n.type == "update_expression":
                targets = [n.child_by_field_name("argument")]
            elif n.type == "pointer_expression" and n.children and n.children[0].type == "&":
                targets = [n.child_by_field_name("argument")]
                call = n.parent.parent if n.parent is not None and n.parent.type == "argument_list" else None
                writer = call if call is not None and call.type == "call_expression" else n
            elif n.type == "call_expression" and (calls_write or not (self.opaque(n) or self.inside_launch(n))):
                arguments = n.child_by_field_name("arguments")
                targets = [a for a in (arguments.named_children if arguments is not None else [])]
            for target in targets:
                base = root_name(target, self.ctx) if target is not None else None
                if base is not None:
                    found.setdefault(base, writer)
        return found

    def check_calls(self, stream: str | None) -> None:
        """Every call in the body, however deep: what it does to a capture."""
        ctx = self.ctx
        for node in walk(self.body):
            if node.type in ("identifier", "qualified_identifier") and gs.is_io_stream(ctx.text(node)):
                self.block(HOST_IO, f"the body does host I/O (`{ctx.text(node)}`, line {line_of(node)})", key=gs.IO)
            if node.type != "call_expression" or self.is_launch(node) or in_rewrite(node, ctx):
                continue
            name = call_name(node, ctx)
            kind = gs.call_kind(name)
            where = f"`{name}`, line {line_of(node)}"
            if kind is not None and kind.kind == gs.LAST_ERROR:
                continue
            if kind is not None and kind.kind == gs.ASYNC_COPY:
                self.async_copy(node, name, where, stream)
            elif kind is not None:
                self.block(_BY_KIND[kind.kind], f"the body {kind.what} ({where})", key=kind.kind)
            elif name in ("swap", "std::swap"):
                continue  # a swap of launch arguments is reported with the launch; others are host work below
            elif pure(name, self.ctx) or self.wrapper(node):
                continue
            elif self.inside_launch(node):
                continue  # reported with the launch whose argument it computes
            else:
                callee = self.launchers.summary(name) if name else None
                for hazard in self.launchers.hazards(name).values() if callee is not None else ():
                    self.block(
                        _BY_KIND[hazard.kind],
                        f"`{name}` (line {line_of(node)}) {hazard.what} (`{hazard.call}` at {hazard.where})",
                        key=f"in {hazard.kind}",
                        indirect=True,
                    )
                if callee is None or not callee.launches:
                    self.block(
                        HOST_WORK,
                        f"the body runs host code every iteration (`{shorten(ctx.text(node))}`, "
                        f"line {line_of(node)}), which a graph would not repeat",
                        key="host",
                    )

    def async_copy(self, node: Node, name: str, where: str, stream: str | None) -> None:
        arguments = call_args(node)
        texts = [re.sub(r"\s+", "", self.ctx.text(a)) for a in arguments]
        on_stream = stream is not None and len(texts) > 1 and texts[-1] == stream
        if any("DeviceToHost" in t or "HostToDevice" in t or "Default" in t for t in texts):
            self.block(
                HOST_READ,
                f"the body copies between host and device every iteration ({where}): the host "
                "reads or writes that memory per iteration",
                key=gs.ASYNC_COPY,
            )
        elif not on_stream:
            self.block(STREAM, f"the body copies or sets memory on another stream ({where})", key=gs.ASYNC_COPY)
        elif "Memset" not in name and not any("DeviceToDevice" in t for t in texts):
            self.block(
                HOST_READ, f"the body copies memory whose side the rule cannot tell ({where})", key=gs.ASYNC_COPY
            )

    def check_statements(self, block: Node) -> None:
        ctx = self.ctx
        for statement in (c for c in block.named_children if c.type != "comment"):
            kind = statement.type
            if kind == "compound_statement":
                self.check_statements(statement)
            elif kind in ("if_statement", "switch_statement"):
                self.block(
                    CONTROL,
                    f"the body branches (`{kind.split('_')[0]}`, line {line_of(statement)}): a graph "
                    "replays one path (HIP graphs have no conditional nodes)",
                    key="branch",
                )
            elif kind in LOOPS:
                self.block(
                    CONTROL,
                    f"the body has an inner loop (line {line_of(statement)}), which a graph would "
                    "unroll: capture by hand",
                    key="loop",
                )
            elif kind.startswith("preproc"):
                self.block(
                    LAYOUT,
                    f"the body has preprocessor lines (line {line_of(statement)}): capture by hand",
                    key="preproc",
                )
            elif kind == "declaration" and not plain_declaration(statement, ctx):
                self.block(
                    HOST_WORK,
                    f"the body declares `{shorten(ctx.text(statement))}` (line {line_of(statement)}), "
                    "whose construction a graph would not repeat",
                    key="host",
                )
            elif kind not in ("expression_statement", "declaration", "empty_statement", *_LEAVES):
                self.block(
                    HOST_WORK,
                    f"the body runs host code (`{shorten(ctx.text(statement))}`, line {line_of(statement)})",
                    key="host",
                )
            elif kind == "expression_statement":
                for n in walk(statement):
                    if n.type in WRITES and not self.inside_launch(n):
                        target = n.child_by_field_name("left") or n.child_by_field_name("argument")
                        if target is not None and root_name(target, ctx) not in self.launch_names():
                            self.block(
                                HOST_WORK,
                                f"the body changes host state every iteration "
                                f"(`{shorten(ctx.text(n))}`, line {line_of(n)}), which a graph would not repeat",
                                key="host",
                            )
        for node in walk(block):
            if node.type in _LEAVES and self.leaves(node):
                self.block(
                    CONTROL,
                    f"the body can end the iteration early (`{_LEAVES[node.type]}`, line {line_of(node)})",
                    key="leave",
                )

    def leaves(self, node: Node) -> bool:
        if node.type not in ("break_statement", "continue_statement"):
            return True
        parent = node.parent
        while parent is not None and parent is not self.body and parent != self.body:
            if parent.type in LOOPS or (parent.type == "switch_statement" and node.type == "break_statement"):
                return False
            parent = parent.parent
        return True

    def inside_launch(self, node: Node) -> bool:
        parent = node.parent
        while parent is not None and parent != self.body:
            if self.is_launch(parent):
                return True
            parent = parent.parent
        return False

    def launch_names(self) -> set[str]:
        if not hasattr(self, "_launch_names"):
            self._launch_names = {
                self.ctx.text(n)
                for launch in self.ctx.launches
                if self.body.start_byte <= launch.node.start_byte < self.body.end_byte
                for i in launch_inputs(launch, self.ctx)
                for n in walk(i)
                if n.type == "identifier"
            }
        return self._launch_names
