"""HP324: Loop that launches several kernels per iteration on one stream."""

from __future__ import annotations

import re

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import (
    _FUNCTION,
    _ancestor,
    _calls,
    _inside,
    _squash,
)
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node

_LOOPS = frozenset({"for_statement", "while_statement", "do_statement", "for_range_loop"})
_HOST_SYNC = re.compile(r"^(?:cuda|hip)(?:DeviceSynchronize|StreamSynchronize|EventSynchronize|Memcpy|Memset|"
                        r"Malloc|Free|MemcpyToSymbol|MemcpyFromSymbol|StreamQuery|EventQuery|GraphLaunch|"
                        r"StreamBeginCapture)$")
_DEFAULT_STREAM = frozenset({"", "0", "nullptr", "NULL", "cudaStreamDefault", "hipStreamDefault",
                             "cudaStreamLegacy", "hipStreamLegacy"})
LAUNCHES_PER_ITERATION = 4


# HP324
@file_detector(emits=("HP324",))
def launch_bound_loop(ctx: LintContext) -> None:
    by_loop: dict[int, tuple[Node, list]] = {}
    for launch in ctx.launches:
        loop = _ancestor(launch.node, _LOOPS | _FUNCTION)
        if loop is None or loop.type == "function_definition":
            continue
        function = _ancestor(loop, _FUNCTION)
        if function is not None and any(c.type in ("__global__", "__device__") for c in function.children):
            continue
        by_loop.setdefault(loop.start_byte, (loop, []))[1].append(launch)
    for loop, launches in by_loop.values():
        if len(launches) < LAUNCHES_PER_ITERATION:
            continue
        streams = {_squash(ctx.text(l.config[3])) if len(l.config) > 3 else "" for l in launches}
        streams = {"default" if s in _DEFAULT_STREAM else s for s in streams}
        if len(streams) != 1:
            continue
        if any(_HOST_SYNC.match(c.name) and _inside(c.node, loop) for c in _calls(ctx)):
            continue
        names = ", ".join(dict.fromkeys(l.kernel or "?" for l in launches))
        keyword = loop.children[0] if loop.children else loop
        stream = streams.pop()
        where = "the default stream" if stream == "default" else f"stream `{stream}`"
        ctx.report("HP324", keyword, f"{len(launches)} kernel launches per iteration on {where} with no host "
                   f"synchronisation ({names}): launch overhead dominates small kernels; fuse them (robust on "
                   "both vendors) or capture the body in a HIP graph behind a measured A/B switch (graph replay "
                   "is not automatically faster on ROCm)")
