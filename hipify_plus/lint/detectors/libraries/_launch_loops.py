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

from dataclasses import dataclass, field

from hipify_plus.lint.context import Launch, LintContext
from hipify_plus.lint.detectors.libraries import _graph_safety as gs
from hipify_plus.lint.detectors.libraries._launch_syntax import (
    call_name,
    in_rewrite,
    innermost_loop,
    launch_inputs,
    rewritten,
    root_name,
    stream_of,
    walk,
)
from hipify_plus.lint.detectors.libraries._launchers import Launchers, Summary
from hipify_plus.lint.detectors.libraries._loop_body import (
    HOST_READ,
    HOST_WORK,
    INDIRECT,
    LAYOUT,
    STREAM,
    VARIANT,
    WRITES,
    Blocker,
    LoopChecks,
    line_of,
    shorten,
)
from hipify_plus.lint.detectors.libraries._loop_values import (
    NULL_STREAMS,
    header_parts,
    host_visible,
    pure,
    stream_key,
    swapped,
)
from hipify_plus.parse import Node
from hipify_plus.rewrite.graphs import GraphLoop
from hipify_plus.rewrite.graphs import plan as graphs_plan


@dataclass
class LoopAnalysis:
    loop: Node
    per_iteration: int
    kernels: list[str]
    through: list[str]
    streams: list[str]  # the distinct streams of the launches written in the body
    blockers: list[Blocker] = field(default_factory=list)
    plan: GraphLoop | None = None


class _Checker(LoopChecks):
    def run(self, minimum: int) -> LoopAnalysis | None:
        ctx, body = self.ctx, self.body
        summary = Summary()
        count = self.launchers.count(body, self.launchers.main, summary, loops_once=False)
        if count < minimum:
            return None
        direct = [
            site
            for site in ctx.launches
            if body.start_byte <= site.node.start_byte < body.end_byte
            and innermost_loop(site.node) == self.loop
            and not in_rewrite(site.node, ctx)
        ]
        if summary.graphs and not direct:
            return None  # every launch is inside called functions that launch graphs too: they manage it
        streams = list(dict.fromkeys(stream_key(stream_of(launch, ctx), ctx) for launch in direct))
        result = LoopAnalysis(self.loop, count, summary.kernels, list(dict.fromkeys(summary.through)), streams)
        if len(streams) > 1:
            shown = ", ".join(f"`{s or '0'}`" for s in streams[:3])
            self.block(
                STREAM,
                f"the launches go to {len(streams)} streams ({shown}): capturing across streams "
                "needs events joining them, not a mechanical rewrite",
            )
        elif streams and streams[0] in NULL_STREAMS:
            which = "the per-thread default stream" if "PerThread" in streams[0] else "the null stream"
            self.block(
                STREAM,
                f"the launches go to {which}, which the rewrite does not capture: launch on a "
                "stream the program creates (hipStreamCreate)",
            )
        self.check_launches(direct, streams[0] if len(streams) == 1 else None)
        self.check_calls(streams[0] if len(streams) == 1 else None)
        self.check_statements(body)
        if result.through:
            names = ", ".join(f"`{n}`" for n in result.through[:3])
            self.block(
                INDIRECT,
                f"{count - len(direct)} of the launches happen inside called functions ({names}): "
                "the rewrite captures only launches written in the loop body",
            )
        if not self.blockers and len(streams) == 1:
            result.plan = self.layout(direct)
        direct_orders = {b.order for b in self.blockers.values() if not b.indirect}
        result.blockers = sorted(
            (b for b in self.blockers.values() if not (b.indirect and b.order in direct_orders)),
            key=lambda b: (b.indirect, b.order),
        )
        return result

    def check_launches(self, direct: list[Launch], stream: str | None) -> None:
        ctx = self.ctx
        header: dict[str, Node] = {}
        declared = {
            ctx.text(n)
            for part in header_parts(self.loop)
            for n in walk(part)
            if n.type == "identifier" and n.parent is not None and n.parent.type.endswith("declarator")
        }
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
                        self.block(
                            VARIANT,
                            f"`{kernel}` takes `{name}`, which the loop header changes every "
                            "iteration (a graph replays the first iteration's arguments; changing ones need "
                            "hipGraphExecKernelNodeSetParams per iteration)",
                            key=name,
                        )
                    elif n.type == "identifier" and name in written:
                        self.variant_in_body(kernel, name, written[name])
                    elif n.type == "identifier" and name in derived:
                        self.block(
                            VARIANT,
                            f"`{kernel}` takes `{name}`, computed in the body from values that change every iteration",
                            key=name,
                        )
                    elif n.type in WRITES:
                        self.block(VARIANT, f"`{kernel}`'s argument `{shorten(ctx.text(n))}` has a side effect")
                    elif n.type == "call_expression" and not pure(call_name(n, ctx), self.ctx):
                        self.block(
                            VARIANT,
                            f"`{kernel}`'s argument `{shorten(ctx.text(n))}` calls "
                            f"`{call_name(n, ctx)}`, which could return another value next iteration",
                        )
                    elif (
                        n.type in ("subscript_expression", "pointer_expression", "field_expression")
                        and root_name(n, ctx) in visible
                        and not (n.type == "pointer_expression" and n.children[0].type == "&")
                    ):
                        self.block(
                            HOST_READ,
                            f"`{kernel}`'s argument `{shorten(ctx.text(n))}` reads host-visible "
                            "memory kernels can write (a host read of device data, once per iteration)",
                        )

        for n in walk(self.body):  # the capture goes before the loop, where these are not declared
            if n.type == "identifier" and ctx.text(n) in declared:
                self.block(
                    VARIANT,
                    f"the body uses `{ctx.text(n)}` (line {line_of(n)}), which the loop header declares and changes",
                    key=ctx.text(n),
                )

    def variant_in_body(self, kernel: str, name: str, where: Node) -> None:
        if where.type == "call_expression" and call_name(where, self.ctx) in ("swap", "std::swap"):
            self.block(
                VARIANT,
                f"`{shorten(self.ctx.text(where))}` (line {line_of(where)}) swaps `{kernel}`'s "
                "arguments every iteration: pointer ping-pong, which a graph replays with the first "
                "iteration's pointers (capture an even and an odd iteration, or update the kernel nodes with "
                "hipGraphExecKernelNodeSetParams)",
                key="swap",
            )
        elif where.type == "assignment_expression" and name in swapped(self.body, self.ctx):
            self.block(
                VARIANT,
                f"`{shorten(self.ctx.text(where))}` (line {line_of(where)}) swaps `{kernel}`'s "
                "arguments every iteration through a temporary: pointer ping-pong, which a graph replays with "
                "the first iteration's pointers (capture an even and an odd iteration, or update the kernel "
                "nodes with hipGraphExecKernelNodeSetParams)",
                key="swap",
            )
        elif where.type == "call_expression" and gs.call_kind(call_name(where, self.ctx)) is None:
            self.block(
                VARIANT,
                f"`{kernel}` takes `{name}`, which `{shorten(self.ctx.text(where))}` (line "
                f"{line_of(where)}) may change (by reference)",
                key=name,
            )
        else:
            self.block(
                VARIANT,
                f"`{kernel}` takes `{name}`, which the body changes (`{shorten(self.ctx.text(where))}`, "
                f"line {line_of(where)})",
                key=name,
            )

    def derived(self, header: dict[str, Node], written: dict[str, Node]) -> set[str]:
        """Variables declared in the body from values that change (or from calls)."""
        found: set[str] = set()
        for declaration in (n for n in walk(self.body) if n.type == "declaration"):
            uses = {self.ctx.text(i) for i in walk(declaration) if i.type == "identifier"}
            impure = any(
                n.type == "call_expression" and not pure(call_name(n, self.ctx), self.ctx) for n in walk(declaration)
            )
            if impure or uses & (set(header) | set(written) | found):
                found |= {
                    self.ctx.text(c)
                    for n in walk(declaration)
                    for c in n.children
                    if n.type.endswith("declarator") and c.type == "identifier"
                }
        return found

    def layout(self, direct: list[Launch]) -> GraphLoop | None:
        ctx, loop, body = self.ctx, self.loop, self.body
        stream = stream_of(direct[0], ctx)
        if loop.parent is None or loop.parent.type != "compound_statement":
            kind = (loop.parent.type if loop.parent else "?").removesuffix("_statement").removesuffix("_clause")
            self.block(
                LAYOUT,
                f"the loop is the body of `{kind}`, not a statement of a block: there is no "
                "place for the capture before it",
            )
            return None
        previous = loop.prev_named_sibling
        if previous is not None and previous.type == "preproc_call":
            self.block(LAYOUT, f"`{shorten(ctx.text(previous))}` applies to the loop: capture by hand")
            return None
        first = next((c for c in body.named_children if c.type != "comment"), body.children[-1])
        plan = graphs_plan(
            ctx.data,
            loop.start_byte,
            loop.end_byte,
            body.children[0].end_byte,
            body.children[-1].start_byte,
            first.start_byte,
        )
        if isinstance(plan, str):
            self.block(LAYOUT, f"the body is capturable, but {plan}: capture by hand")
            return None
        line = line_of(loop)
        suffix, n = f"_{line}", 1
        while f"hipify_plus_graph{suffix}".encode() in ctx.data:
            n += 1
            suffix = f"_{line}_{n}"
        return plan(
            api="hip" if ctx.is_hip else "cuda", stream=ctx.text(stream).strip() if stream else "0", suffix=suffix
        )


def analyze(loop: Node, ctx: LintContext, launchers: Launchers, minimum: int) -> LoopAnalysis | None:
    """The analysis of one host loop; None with fewer than `minimum` launches per iteration,
    without a body, or when HP324 already rewrote it."""
    body = loop.child_by_field_name("body")
    if body is None or body.type != "compound_statement" or rewritten(body, ctx):
        return None
    return _Checker(loop, body, ctx, launchers).run(minimum)
