"""HP324: Loop that launches several kernels per iteration on one stream.

A host loop with at least LAUNCHES_PER_ITERATION launches on its largest path through one
iteration (launches in helper functions of the file or its project headers included) is
reported. Where _launch_loops proves the body capturable, the fix captures it once into a graph
and replays it per iteration (hipify_plus/rewrite/graphs.py), behind `#if
HIPIFY_PLUS_USE_GRAPHS`, at UNSAFE applicability; elsewhere the message says which
preconditions fail."""

from __future__ import annotations

import re

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._launch_loops import LoopAnalysis, analyze
from hipify_plus.lint.detectors.libraries._launch_syntax import call_name, in_rewrite, innermost_loop
from hipify_plus.lint.detectors.libraries._launchers import Launchers, may_launch
from hipify_plus.lint.detectors.libraries._loop_values import NULL_STREAMS
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node
from hipify_plus.rewrite.graphs import MACRO, edits

LAUNCHES_PER_ITERATION = 4
MAX_REASONS = 4
_QUOTED_INCLUDE = re.compile(rb'#[ \t]*include[ \t]*"')


def _host_loops(ctx: LintContext, launchers: Launchers) -> list[Node]:
    """The innermost host loops around a launch or a call of a function that launches, in
    document order (not in kernels or device functions, not the rewrite's own blocks)."""
    loops: dict[int, Node] = {}
    sites = [launch.node for launch in ctx.launches]
    sites += [call for call in ctx.nodes({"call_expression"}) if launchers.launches(call_name(call, ctx))]
    captures = launchers.main.captures  # this file's, as its Unit found them
    for site in sites:
        loop = innermost_loop(site)
        if loop is None or loop.start_byte in loops or in_rewrite(site, ctx):
            continue
        if any(begin < loop.start_byte < end for begin, end in captures):
            continue  # recorded into a graph already
        function = loop.parent
        while function is not None and function.type != "function_definition":
            function = function.parent
        if function is not None and any(c.type in ("__global__", "__device__") for c in function.children):
            continue
        loops[loop.start_byte] = loop
    return [loops[k] for k in sorted(loops)]


def _where(found: LoopAnalysis) -> str:
    if len(found.streams) > 1:
        return f" on {len(found.streams)} streams"
    if not found.streams:
        return ""
    if found.streams[0] in NULL_STREAMS:
        return " on the per-thread default stream" if "PerThread" in found.streams[0] else " on the null stream"
    return f" on stream `{found.streams[0]}`"


def _message(found: LoopAnalysis) -> str:
    kernels = ", ".join(list(dict.fromkeys(found.kernels))[:6]) + (", …" if len(set(found.kernels)) > 6 else "")
    through = (", through " + ", ".join(f"`{n}`" for n in found.through[:3])) if found.through else ""
    head = (
        f"{found.per_iteration} kernel launches per iteration{_where(found)} ({kernels}{through}): launch "
        "overhead dominates small kernels"
    )
    if found.plan is not None:
        return (
            f"{head}. The body is capturable: the fix (an unsafe fix, --unsafe-fixes) captures it once into a "
            f"graph replayed per iteration, with the plain launches as the fallback, behind `#if {MACRO}`; build "
            f"with -D{MACRO}=1 and measure both (graph replay is not automatically faster on ROCm), or fuse "
            "the kernels"
        )
    reasons = [b.text for b in found.blockers]
    shown = "; ".join(reasons[:MAX_REASONS]) + (
        f"; and {len(reasons) - MAX_REASONS} more" if len(reasons) > MAX_REASONS else ""
    )
    return f"{head}; fuse them (robust on both vendors). Not capturable as a graph: {shown}"


# HP324
@file_detector(emits=("HP324",), names=("for", "while", "do"))
def launch_bound_loop(ctx: LintContext) -> None:
    if not ctx.launches and (_QUOTED_INCLUDE.search(ctx.data) is None or not may_launch(ctx)):
        return  # no launch here, nor in a project header it includes
    launchers = Launchers(ctx)
    for loop in _host_loops(ctx, launchers):
        found = analyze(loop, ctx, launchers, LAUNCHES_PER_ITERATION)
        if found is None:
            continue
        keyword = loop.children[0] if loop.children else loop
        fix = None
        if found.plan is not None:
            fix = ctx.fix("HP324", f"capture the loop's launches into a graph behind #if {MACRO}", edits(found.plan))
        ctx.report(
            "HP324",
            keyword,
            _message(found),
            fix,
            launches=found.per_iteration,
            blockers=tuple(b.text for b in found.blockers),
        )
