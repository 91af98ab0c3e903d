"""HP111: CUB/hipCUB warp primitive with the default width next to 32-thread warp indexing.

It reads the warp-size unit's HP102/HP110 sites (`_warp_units.py`) to find 32-thread warp
indexing."""

from __future__ import annotations

import re
from typing import cast

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._patterns import LITERAL_5, LITERAL_31, LITERAL_32
from hipify_plus.lint.detectors.wavefront._syntax import _cache, _line
from hipify_plus.lint.detectors.wavefront._warp_units import _warp_set
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

CUB_WARP_PRIMITIVES = frozenset({"WarpReduce", "WarpScan"})


# HP111
@detector("template_type", emits=("HP111",))
def cub_warp_default_width(node: Node, ctx: LintContext) -> None:
    name_node = node.child_by_field_name("name")
    arguments = node.child_by_field_name("arguments")
    if name_node is None or arguments is None or ctx.text(name_node) not in CUB_WARP_PRIMITIVES:
        return
    values = [a for a in arguments.named_children if a.type != "comment"]
    if len(values) != 1:
        return
    indexing = _warp32_indexing(ctx)
    if not indexing:
        return
    name = ctx.text(name_node)
    closing = arguments.end_byte - 1
    fix = ctx.fix("HP111", f"Give `{name}` an explicit logical width of 32", [Edit(closing, closing, b", 32")])
    ctx.report(
        "HP111",
        node,
        f"`{ctx.text(node)}` uses the hardware width by default (64 lanes with "
        f"hipCUB on CDNA), but this file indexes 32-thread warps ({indexing})",
        fix,
    )


def _warp32_indexing(ctx: LintContext) -> str:
    """The first place the file numbers warps of 32 threads, or ""."""
    cache = _cache(ctx)
    if "warp32" not in cache:
        found = ""
        for site in sorted(_warp_set(ctx).sites.values(), key=lambda s: s.node.start_byte):
            if site.rule in ("HP102", "HP110") and not site.storage:
                found = f"`{ctx.text(site.node)}`, line {_line(ctx, site.node)}"
                break
        if not found:
            match = re.search(
                rf"threadIdx\.x\s*(/\s*{LITERAL_32}|>>\s*{LITERAL_5}|%\s*{LITERAL_32}|&\s*{LITERAL_31})".encode(),
                ctx.data,
            )
            if match is not None:
                found = f"`{match.group(0).decode()}`"
        cache["warp32"] = found
    return cast("str", cache["warp32"])
