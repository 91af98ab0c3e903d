"""HP206: `__maxnreg__(N)` is not defined by HIP."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.launch._bounds import _block_insertion
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node


# HP206
@file_detector(emits=("HP206",), names=("__maxnreg__",))
def maxnreg_attribute(ctx: LintContext) -> None:
    if b"__maxnreg__" not in ctx.data:
        return
    uses, defined = [], False
    for identifier in ctx.nodes({"identifier"}):
        if ctx.text(identifier) != "__maxnreg__":
            continue
        parent = identifier.parent
        if parent is not None and parent.type in ("preproc_def", "preproc_function_def"):
            defined = True
        elif parent is not None and parent.type not in ("preproc_defined", "preproc_ifdef"):
            uses.append(identifier)
    if defined or not uses:
        return
    constant = all(_maxnreg_value(ctx, u) is not None for u in uses)
    insertion = _block_insertion(ctx, _maxnreg_owner(uses[0]), _MAXNREG_COMPAT)
    for use in uses:
        arguments = use.next_named_sibling
        end = arguments.end_byte if arguments is not None and arguments.type == "argument_list" else use.end_byte
        value = _maxnreg_value(ctx, use)
        fix = None
        if insertion is not None:
            fix = ctx.fix(
                "HP206",
                "Define `__maxnreg__` as `amdgpu_num_vgpr` on AMD",
                [insertion],
                None if constant else "display",
            )
        shown = f"__maxnreg__({value})" if value is not None else "__maxnreg__"
        ctx.report(
            "HP206",
            (use.start_byte, end),
            f"`{shown}` (CUDA 12.4) is not defined by HIP: the kernel "
            "does not compile (\"variable has incomplete type 'void'\"); the AMD register cap is "
            "`amdgpu_num_vgpr`",
            fix,
        )


_MAXNREG_COMPAT = """\
// hipify-plus: CUDA's __maxnreg__(N) caps registers per thread; amdgpu_num_vgpr is the AMD cap. On gfx90a and
// gfx94x the VGPR and AGPR files are unified and the request is doubled, so N/2 gives N registers in all.
#if defined(__HIP_PLATFORM_AMD__) && !defined(__maxnreg__)
#if defined(__gfx90a__) || defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__) || defined(__gfx950__)
#define __maxnreg__(n) __attribute__((amdgpu_num_vgpr((n) / 2)))
#else
#define __maxnreg__(n) __attribute__((amdgpu_num_vgpr(n)))
#endif
#endif
"""


def _maxnreg_value(ctx: LintContext, use: Node) -> int | None:
    arguments = use.next_named_sibling
    if arguments is None or arguments.type != "argument_list":
        return None
    values = [a for a in arguments.named_children if a.type != "comment"]
    return ctx.int_value(values[0]) if len(values) == 1 else None


def _maxnreg_owner(use: Node) -> Node:
    node = use
    while node.parent is not None and node.parent.type not in (
        "translation_unit",
        "declaration_list",
        "preproc_if",
        "preproc_ifdef",
        "preproc_else",
        "preproc_elif",
    ):
        node = node.parent
    return node
