"""The cooperative-groups support block (templates/cooperative_groups) that stands in for the
CUDA headers HIP lacks: which parts each header needs, the fix that puts them in place of the
#include, and whether a name is provided here (HP509, HP510)."""

from __future__ import annotations

import re
from typing import cast

from hipify_plus.edits import Edit, Fix
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.detectors.portability._file import _portability_cache
from hipify_plus.lint.detectors.portability._includes import _include_path
from hipify_plus.parse import Node

# The cooperative-groups headers HIP lacks that a block from templates/ stands in for (the
# fix replaces the #include), the parts of the block each needs, and the guard of each part.
CG_BLOCK = "cooperative_groups/hip_cg_collectives.h.j2"
CG_BLOCK_PARTS = {
    "cooperative_groups/reduce.h": ("functional", "group", "reduce"),
    "cooperative_groups/scan.h": ("functional", "group", "scan"),
    "cooperative_groups/memcpy_async.h": ("group", "memcpy_async"),
}
CG_PART_GUARDS = {
    "functional": "HIP_PLUS_CG_FUNCTIONAL",
    "group": "HIP_PLUS_CG_GROUP",
    "reduce": "HIP_PLUS_CG_REDUCE",
    "scan": "HIP_PLUS_CG_SCAN",
    "memcpy_async": "HIP_PLUS_CG_MEMCPY_ASYNC",
}
CG_OPERATORS = frozenset({"plus", "less", "greater", "bit_and", "bit_or", "bit_xor"})
# cooperative_groups:: name -> the block parts that declare it
CG_PROVIDED = {
    "reduce": ("reduce",),
    "inclusive_scan": ("scan",),
    "exclusive_scan": ("scan",),
    "memcpy_async": ("memcpy_async",),
    "wait": ("memcpy_async",),
    "wait_prior": ("memcpy_async",),
    **{name: ("functional",) for name in CG_OPERATORS},
}


QUOTED_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"', re.MULTILINE)


def _block_includes(
    ctx: LintContext, template: str, headers: dict[str, tuple[str, ...]], guards: dict[str, str]
) -> dict[int, tuple[Node, str, Edit | None]]:
    """start byte -> (path node, header, fix edit) for each #include of one of `headers` that AMD
    compiles: the edit puts the block's parts (rendered from `template`) in its place, without
    the parts an earlier include in the same scope (or a block already in the file) provides."""
    cache = _portability_cache(ctx)
    key = f"block_includes:{template}"
    if key in cache:
        return cast("dict[int, tuple[Node, str, Edit | None]]", cache[key])
    from hipify_plus.lint.support_blocks import defines, replace_include
    from hipify_plus.templates import render

    found: dict[int, tuple[Node, str, Edit | None]] = {}
    present = {part for part, guard in guards.items() if defines(ctx, guard)}
    given: dict[tuple[int, int], set[str]] = {}  # parts already placed, per enclosing scope
    for node in ctx.nodes({"preproc_include"}):
        include = _include_path(node, ctx)
        if include is None or include[1] not in headers or _excluded_on_amd(node, ctx):
            continue
        path, header = include
        scope = (node.parent.start_byte, node.parent.end_byte) if node.parent else (0, 0)
        done = given.setdefault(scope, set(present))
        parts = [p for p in headers[header] if p not in done]
        done.update(parts)
        if parts:
            block = render(template, header=header.split("/", 1)[-1], parts=parts)
        else:
            block = f"// hipify-plus: <{header}> is provided above".encode()
        found[node.start_byte] = (path, header, replace_include(ctx, node, block))
    cache[key] = found
    return found


def _cg_includes(ctx: LintContext) -> dict[int, tuple[Node, str, Edit | None]]:
    if b"cooperative_groups/" not in ctx.data:
        return {}
    return _block_includes(ctx, CG_BLOCK, CG_BLOCK_PARTS, CG_PART_GUARDS)


def _cg_provided(ctx: LintContext, name: str) -> bool:
    """A block provides `cooperative_groups::name` here."""
    parts = CG_PROVIDED.get(name)
    return parts is not None and _block_provides(ctx, parts, _cg_includes(ctx), CG_BLOCK_PARTS, CG_PART_GUARDS)


def _block_provides(
    ctx: LintContext,
    parts: tuple[str, ...],
    planned: dict[int, tuple[Node, str, Edit | None]],
    headers: dict[str, tuple[str, ...]],
    guards: dict[str, str],
) -> bool:
    """One of a block's `parts` is there: the file includes a CUDA header the block stands in for
    (`planned`), has the block already (its guard), or includes project headers that may carry it."""
    included = {h for _, h, _ in planned.values()}
    if any(set(parts) & set(headers[h]) for h in included):
        return True
    from hipify_plus.lint.support_blocks import defines

    if any(defines(ctx, guards[p]) for p in parts):
        return True
    return QUOTED_INCLUDE.search(ctx.data) is not None


def _cg_include_fix(ctx: LintContext, node: Node, rule: str) -> Fix | None:
    return _block_include_fix(ctx, node, rule, _cg_includes(ctx))


def _block_include_fix(
    ctx: LintContext, node: Node, rule: str, planned_includes: dict[int, tuple[Node, str, Edit | None]]
) -> Fix | None:
    planned = planned_includes.get(node.start_byte)
    if planned is None or planned[2] is None:
        return None
    return ctx.fix(rule, f"Put hipify-plus's implementation in place of `<{planned[1]}>`", [planned[2]])
