"""The portable macros the wavefront fixes inject (`HP_WARP_SIZE`, `HP_SYNCWARP`), and where
their definition goes: after the file's leading #include block, once per file."""

from __future__ import annotations

import re
from typing import cast

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._syntax import _cache
from hipify_plus.parse import Node

# The portable compile-time warp size injected by fixes (64 on gfx8/gfx9 and in the AMD host
# pass, 32 on gfx10+ and everywhere else), and a `__syncwarp()` that also builds with HIP.
WARP_SIZE_MACRO = "HP_WARP_SIZE"
WARP_SIZE_BLOCK = (
    "// HP_WARP_SIZE (hipify-plus): compile-time wavefront size of the device pass. The AMD host\n"
    "// pass sees 64 even for RDNA targets: host code must query hipDeviceAttributeWarpSize.\n"
    "#ifndef HP_WARP_SIZE\n"
    "#if defined(__HIP__) && (!defined(__HIP_DEVICE_COMPILE__) || defined(__GFX8__) || defined(__GFX9__))\n"
    "#define HP_WARP_SIZE 64\n"
    "#else\n"
    "#define HP_WARP_SIZE 32\n"
    "#endif\n"
    "#endif\n"
)
SYNCWARP_MACRO = "HP_SYNCWARP"
SYNCWARP_BLOCK = (
    "// HP_SYNCWARP (hipify-plus): __syncwarp() for a full warp; AMD lanes run in lockstep, so a\n"
    "// wavefront-scope fence pair around a wave barrier is enough.\n"
    "#ifndef HP_SYNCWARP\n"
    "#if defined(__HIP__)\n"
    '#define HP_SYNCWARP() (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), '
    '__builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"))\n'
    "#else\n"
    "#define HP_SYNCWARP() __syncwarp()\n"
    "#endif\n"
    "#endif\n"
)


def _prelude_end(ctx: LintContext) -> int:
    """Where injected macros go: after the leading #include block (inside an include guard)."""
    cache = _cache(ctx)
    if "prelude" in cache:
        return cast("int", cache["prelude"])
    container = ctx.tree.root_node
    significant = [c for c in container.named_children if c.type not in ("comment", "preproc_call")]
    if len(significant) == 1 and significant[0].type == "preproc_ifdef":
        container = significant[0]
    position = None
    children = container.named_children
    name = container.child_by_field_name("name") if container.type == "preproc_ifdef" else None
    for child in children:
        if child == name or child.type in ("comment", "preproc_call"):
            continue
        if container.type == "preproc_ifdef" and child.type == "preproc_def" and position is None:
            guard = child.child_by_field_name("name")
            if name is not None and guard is not None and ctx.text(guard) == ctx.text(name):
                position = _next_line(ctx, child.end_byte)
                continue
        if child.type == "preproc_include":
            position = _next_line(ctx, child.end_byte)
            continue
        if position is None:
            position = child.start_byte
        break
    cache["prelude"] = position if position is not None else 0
    return cast("int", cache["prelude"])


def _with_warp_size_macro(ctx: LintContext, span: Node | tuple[int, int]) -> list[Edit] | None:
    """Replace `span` by HP_WARP_SIZE, inserting its definition if the file lacks it."""
    start, end = (span.start_byte, span.end_byte) if not isinstance(span, tuple) else span
    edits = [Edit(start, end, WARP_SIZE_MACRO.encode())]
    return _with_macro(ctx, span, edits, WARP_SIZE_MACRO, WARP_SIZE_BLOCK)


def _next_line(ctx: LintContext, offset: int) -> int:
    newline = ctx.data.find(b"\n", max(offset - 1, 0))
    return len(ctx.data) if newline == -1 else newline + 1


def _with_macro(
    ctx: LintContext, node: Node | tuple[int, int], edits: list[Edit], macro: str, block: str
) -> list[Edit] | None:
    """`edits` plus the insertion of a macro block if the file lacks it. None if the use comes
    before the place the block would go."""
    if re.search(rb"#\s*define\s+" + macro.encode() + rb"\b", ctx.data):
        return edits
    position = _prelude_end(ctx)
    start = node[0] if isinstance(node, tuple) else node.start_byte
    if start < position:
        return None
    text = "\n" + block if position > 0 and ctx.data[position - 2 : position] != b"\n\n" else block + "\n"
    return [Edit(position, position, text.encode()), *edits]
