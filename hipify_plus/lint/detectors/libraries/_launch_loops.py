"""Whether the body of a host loop of kernel launches can be captured into a graph once and
replayed per iteration (HP324), and if not, which precondition fails.

Capturable means, proven from the tree: every launch goes to the same stream expression, not the
null, legacy or per-thread stream; no launch argument, grid, block, shared size or stream uses
a variable the loop header or the body changes (pointer ping-pong with `std::swap` included),
calls a function that could return something else next time, has a side effect, or reads memory
kernels can write and the host sees (managed or mapped host memory); and the body holds nothing
but launch statements, their error checks (`CHECK(hipGetLastError())`), declarations computed
from invariant values, and asynchronous sets or device-to-device copies on the same stream: no
host synchronisation, blocking copy, allocation, event, poll, graph call, host I/O, library call,
branch, early exit, inner loop, preprocessor block or other host work, and no launches hidden in
called functions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hipify_plus.cuda.syntax import call_args
from hipify_plus.lint.context import Launch, LintContext
from hipify_plus.lint.detectors.libraries import _graph_safety as gs
from hipify_plus.lint.detectors.libraries._launchers import (
    LOOPS,
    Launchers,
    Summary,
    call_name,
    in_rewrite,
    innermost_loop,
    launch_inputs,
    rewritten,
    root_name,
    stream_of,
    walk,
)
from hipify_plus.lint.detectors.libraries._loop_values import (
    NULL_STREAMS,
    header_parts,
    host_visible,
    plain_declaration,
    pure,
    stream_key,
    swapped,
)
from hipify_plus.parse import Node
from hipify_plus.rewrite.graphs import GraphLoop
from hipify_plus.rewrite.graphs import plan as graphs_plan

# Precondition order: the message names failures in this order.
STREAM, VARIANT, HOST_SYNC, BLOCKING, ALLOCATION, EVENTS, HOST_READ, HOST_IO, LIBRARIES, CONTROL, GRAPHS, \
    INDIRECT, HOST_WORK, LAYOUT = range(14)
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
_WRITES = frozenset({"assignment_expression", "update_expression"})
_LEAVES = {"break_statement": "break", "continue_statement": "continue", "return_statement": "return",
           "goto_statement": "goto", "throw_statement": "throw"}


@dataclass(frozen=True)
class Blocker:
    order: int
    text: str
    indirect: bool = False  # found inside a called function: named after the body's own


@dataclass
class LoopAnalysis:
    loop: Node
    per_iteration: int
    kernels: list[str]
    through: list[str]
    streams: list[str]  # the distinct streams of the launches written in the body
    blockers: list[Blocker] = field(default_factory=list)
    plan: GraphLoop | None = None


def _line(node: Node) -> int:
    return node.start_point[0] + 1


def _short(text: str, limit: int = 48) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Checker:
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
        for argument in (arguments.named_children if arguments is not None else []):
            while argument.type == "parenthesized_expression" and argument.named_children:
                argument = argument.named_children[0]
            if argument.type == "call_expression" and (
                    self.is_launch(argument) or gs.call_kind(call_name(argument, self.ctx)) is not None):
                return True
        return False

    def opaque(self, node: Node) -> bool:
        """A call whose arguments it cannot change: a launch, a runtime call (which writes only
        through `&x`), a pure function, a check around a runtime call."""
        name = call_name(node, self.ctx)
        return (self.is_launch(node) is not None or gs.call_kind(name) is not None or pure(name, self.ctx)
                or self.wrapper(node))

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

    def run(self, minimum: int) -> LoopAnalysis | None:
        ctx, body = self.ctx, self.body
        summary = Summary()
        count = self.launchers.count(body, self.launchers.main, summary, loops_once=False)
        if count < minimum:
            return None
        direct = [site for site in ctx.launches if body.start_byte <= site.node.start_byte < body.end_byte
                  and innermost_loop(site.node) == self.loop and not in_rewrite(site.node, ctx)]
        if summary.graphs and not direct:
            return None  # every launch is inside called functions that launch graphs too: they manage it
        streams = list(dict.fromkeys(stream_key(stream_of(launch, ctx), ctx) for launch in direct))
        result = LoopAnalysis(self.loop, count, summary.kernels, list(dict.fromkeys(summary.through)), streams)
        if len(streams) > 1:
            shown = ", ".join(f"`{s or '0'}`" for s in streams[:3])
            self.block(STREAM, f"the launches go to {len(streams)} streams ({shown}): capturing across streams "
                       "needs events joining them, not a mechanical rewrite")
        elif streams and streams[0] in NULL_STREAMS:
            which = "the per-thread default stream" if "PerThread" in streams[0] else "the null stream"
            self.block(STREAM, f"the launches go to {which}, which the rewrite does not capture: launch on a "
                       "stream the program creates (hipStreamCreate)")
        self.check_launches(direct, streams[0] if len(streams) == 1 else None)
        self.check_calls(streams[0] if len(streams) == 1 else None)
        self.check_statements(body)
        if result.through:
            names = ", ".join(f"`{n}`" for n in result.through[:3])
            self.block(INDIRECT, f"{count - len(direct)} of the launches happen inside called functions ({names}): "
                       "the rewrite captures only launches written in the loop body")
        if not self.blockers and len(streams) == 1:
            result.plan = self.layout(direct)
        direct_orders = {b.order for b in self.blockers.values() if not b.indirect}
        result.blockers = sorted((b for b in self.blockers.values() if not (b.indirect and b.order in direct_orders)),
                                 key=lambda b: (b.indirect, b.order))
        return result

    def check_launches(self, direct: list[Launch], stream: str | None) -> None:
        ctx = self.ctx
        header: dict[str, Node] = {}
        declared = {ctx.text(n) for part in header_parts(self.loop) for n in walk(part) if n.type == "identifier"
                    and n.parent is not None and n.parent.type.endswith("declarator")}
        for part in header_parts(self.loop):
            header.update(self.writes(part, calls_write=True))
        header.update(dict.fromkeys(declared, self.loop))
        written = self.writes(self.body, calls_write=False)
        derived = self.derived(header, written)
        visible = host_visible(ctx)
        for launch in direct:
            kernel = launch.kernel or "the kernel"
            if "Cooperative" in call_name(launch.node, ctx):
                self.block(HOST_WORK, f"`{kernel}` is a cooperative launch, which the rewrite does not capture")
            for node in launch_inputs(launch, ctx):
                for n in walk(node):
                    if n.type == "identifier" and (name := ctx.text(n)) in header:
                        self.block(VARIANT, f"`{kernel}` takes `{name}`, which the loop header changes every "
                                   "iteration (a graph replays the first iteration's arguments; changing ones need "
                                   "hipGraphExecKernelNodeSetParams per iteration)", key=name)
                    elif n.type == "identifier" and name in written:
                        self.variant_in_body(kernel, name, written[name])
                    elif n.type == "identifier" and name in derived:
                        self.block(VARIANT, f"`{kernel}` takes `{name}`, computed in the body from values that "
                                   "change every iteration", key=name)
                    elif n.type in _WRITES:
                        self.block(VARIANT, f"`{kernel}`'s argument `{_short(ctx.text(n))}` has a side effect")
                    elif n.type == "call_expression" and not pure(call_name(n, ctx), self.ctx):
                        self.block(VARIANT, f"`{kernel}`'s argument `{_short(ctx.text(n))}` calls "
                                   f"`{call_name(n, ctx)}`, which could return another value next iteration")
                    elif (
                        n.type in ("subscript_expression", "pointer_expression", "field_expression")
                        and root_name(n, ctx) in visible
                        and not (n.type == "pointer_expression" and n.children[0].type == "&")
                    ):
                        self.block(HOST_READ, f"`{kernel}`'s argument `{_short(ctx.text(n))}` reads host-visible "
                                   "memory kernels can write (a host read of device data, once per iteration)")

        for n in walk(self.body):  # the capture goes before the loop, where these are not declared
            if n.type == "identifier" and ctx.text(n) in declared:
                self.block(VARIANT, f"the body uses `{ctx.text(n)}` (line {_line(n)}), which the loop header "
                           "declares and changes", key=ctx.text(n))

    def variant_in_body(self, kernel: str, name: str, where: Node) -> None:
        if where.type == "call_expression" and call_name(where, self.ctx) in ("swap", "std::swap"):
            self.block(VARIANT, f"`{_short(self.ctx.text(where))}` (line {_line(where)}) swaps `{kernel}`'s "
                       "arguments every iteration: pointer ping-pong, which a graph replays with the first "
                       "iteration's pointers (capture an even and an odd iteration, or update the kernel nodes with "
                       "hipGraphExecKernelNodeSetParams)", key="swap")
        elif where.type == "assignment_expression" and name in swapped(self.body, self.ctx):
            self.block(VARIANT, f"`{_short(self.ctx.text(where))}` (line {_line(where)}) swaps `{kernel}`'s "
                       "arguments every iteration through a temporary: pointer ping-pong, which a graph replays with "
                       "the first iteration's pointers (capture an even and an odd iteration, or update the kernel "
                       "nodes with hipGraphExecKernelNodeSetParams)", key="swap")
        elif where.type == "call_expression" and gs.call_kind(call_name(where, self.ctx)) is None:
            self.block(VARIANT, f"`{kernel}` takes `{name}`, which `{_short(self.ctx.text(where))}` (line "
                       f"{_line(where)}) may change (by reference)", key=name)
        else:
            self.block(VARIANT, f"`{kernel}` takes `{name}`, which the body changes (`{_short(self.ctx.text(where))}`, "
                       f"line {_line(where)})", key=name)

    def derived(self, header: dict[str, Node], written: dict[str, Node]) -> set[str]:
        """Variables declared in the body from values that change (or from calls)."""
        found: set[str] = set()
        for declaration in (n for n in walk(self.body) if n.type == "declaration"):
            uses = {self.ctx.text(i) for i in walk(declaration) if i.type == "identifier"}
            impure = any(n.type == "call_expression" and not pure(call_name(n, self.ctx), self.ctx)
                         for n in walk(declaration))
            if impure or uses & (set(header) | set(written) | found):
                found |= {self.ctx.text(c) for n in walk(declaration) for c in n.children
                          if n.type.endswith("declarator") and c.type == "identifier"}
        return found

    def check_calls(self, stream: str | None) -> None:
        """Every call in the body, however deep: what it does to a capture."""
        ctx = self.ctx
        for node in walk(self.body):
            if node.type in ("identifier", "qualified_identifier") and gs.is_io_stream(ctx.text(node)):
                self.block(HOST_IO, f"the body does host I/O (`{ctx.text(node)}`, line {_line(node)})", key=gs.IO)
            if node.type != "call_expression" or self.is_launch(node) or in_rewrite(node, ctx):
                continue
            name = call_name(node, ctx)
            kind = gs.call_kind(name)
            where = f"`{name}`, line {_line(node)}"
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
                for hazard in (self.launchers.hazards(name).values() if callee is not None else ()):
                    self.block(_BY_KIND[hazard.kind], f"`{name}` (line {_line(node)}) {hazard.what} "
                               f"(`{hazard.call}` at {hazard.where})", key=f"in {hazard.kind}", indirect=True)
                if callee is None or not callee.launches:
                    self.block(HOST_WORK, f"the body runs host code every iteration (`{_short(ctx.text(node))}`, "
                               f"line {_line(node)}), which a graph would not repeat", key="host")

    def async_copy(self, node: Node, name: str, where: str, stream: str | None) -> None:
        arguments = call_args(node)
        texts = [re.sub(r"\s+", "", self.ctx.text(a)) for a in arguments]
        on_stream = stream is not None and len(texts) > 1 and texts[-1] == stream
        if any("DeviceToHost" in t or "HostToDevice" in t or "Default" in t for t in texts):
            self.block(HOST_READ, f"the body copies between host and device every iteration ({where}): the host "
                       "reads or writes that memory per iteration", key=gs.ASYNC_COPY)
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
                self.block(CONTROL, f"the body branches (`{kind.split('_')[0]}`, line {_line(statement)}): a graph "
                           "replays one path (HIP graphs have no conditional nodes)", key="branch")
            elif kind in LOOPS:
                self.block(CONTROL, f"the body has an inner loop (line {_line(statement)}), which a graph would "
                           "unroll: capture by hand", key="loop")
            elif kind.startswith("preproc"):
                self.block(LAYOUT, f"the body has preprocessor lines (line {_line(statement)}): capture by hand",
                           key="preproc")
            elif kind == "declaration" and not plain_declaration(statement, ctx):
                self.block(HOST_WORK, f"the body declares `{_short(ctx.text(statement))}` (line {_line(statement)}), "
                           "whose construction a graph would not repeat", key="host")
            elif kind not in ("expression_statement", "declaration", "empty_statement", *_LEAVES):
                self.block(HOST_WORK, f"the body runs host code (`{_short(ctx.text(statement))}`, line "
                           f"{_line(statement)})", key="host")
            elif kind == "expression_statement":
                for n in walk(statement):
                    if n.type in _WRITES and not self.inside_launch(n):
                        target = n.child_by_field_name("left") or n.child_by_field_name("argument")
                        if target is not None and root_name(target, ctx) not in self.launch_names():
                            self.block(HOST_WORK, f"the body changes host state every iteration "
                                       f"(`{_short(ctx.text(n))}`, line {_line(n)}), which a graph would not repeat",
                                       key="host")
        for node in walk(block):
            if node.type in _LEAVES and self.leaves(node):
                self.block(CONTROL, f"the body can end the iteration early (`{_LEAVES[node.type]}`, line "
                           f"{_line(node)})", key="leave")

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
            self._launch_names = {self.ctx.text(n) for launch in self.ctx.launches
                                  if self.body.start_byte <= launch.node.start_byte < self.body.end_byte
                                  for i in launch_inputs(launch, self.ctx) for n in walk(i) if n.type == "identifier"}
        return self._launch_names

    def layout(self, direct: list[Launch]) -> GraphLoop | None:
        ctx, loop, body = self.ctx, self.loop, self.body
        stream = stream_of(direct[0], ctx)
        if loop.parent is None or loop.parent.type != "compound_statement":
            kind = (loop.parent.type if loop.parent else "?").removesuffix("_statement").removesuffix("_clause")
            self.block(LAYOUT, f"the loop is the body of `{kind}`, not a statement of a block: there is no "
                       "place for the capture before it")
            return None
        previous = loop.prev_named_sibling
        if previous is not None and previous.type == "preproc_call":
            self.block(LAYOUT, f"`{_short(ctx.text(previous))}` applies to the loop: capture by hand")
            return None
        first = next((c for c in body.named_children if c.type != "comment"), body.children[-1])
        plan = graphs_plan(ctx.data, loop.start_byte, loop.end_byte, body.children[0].end_byte,
                           body.children[-1].start_byte, first.start_byte)
        if isinstance(plan, str):
            self.block(LAYOUT, f"the body is capturable, but {plan}: capture by hand")
            return None
        line = _line(loop)
        suffix, n = f"_{line}", 1
        while f"hipify_plus_graph{suffix}".encode() in ctx.data:
            n += 1
            suffix = f"_{line}_{n}"
        return plan(api="hip" if ctx.is_hip else "cuda", stream=ctx.text(stream).strip() if stream else "0",
                    suffix=suffix)


def analyze(loop: Node, ctx: LintContext, launchers: Launchers, minimum: int) -> LoopAnalysis | None:
    """The analysis of one host loop; None with fewer than `minimum` launches per iteration,
    without a body, or when HP324 already rewrote it."""
    body = loop.child_by_field_name("body")
    if body is None or body.type != "compound_statement" or rewritten(body, ctx):
        return None
    return _Checker(loop, body, ctx, launchers).run(minimum)
