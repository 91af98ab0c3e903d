"""HP107: `__AMDGCN_WAVEFRONT_SIZE` is deprecated and wrong in host code."""

from __future__ import annotations

import re

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._macros import WARP_SIZE_MACRO, _with_warp_size_macro
from hipify_plus.lint.detectors.wavefront._syntax import _function_kind, _function_of, _in_preproc_condition
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node

WAVEFRONT_MACROS = frozenset({"__AMDGCN_WAVEFRONT_SIZE", "__AMDGCN_WAVEFRONT_SIZE__"})


# HP107
@file_detector(emits=("HP107",), names=("__AMDGCN_WAVEFRONT_SIZE",))
def wavefront_size_macro(ctx: LintContext) -> None:
    if b"__AMDGCN_WAVEFRONT_SIZE" not in ctx.data:
        return
    for node in ctx.nodes(frozenset({"identifier", "preproc_arg"})):
        _report_wavefront_macro(node, ctx)


def _report_wavefront_macro(node: Node, ctx: LintContext) -> None:
    if node.type == "preproc_arg":
        text = ctx.text(node)
        if "__AMDGCN_WAVEFRONT_SIZE" not in text:
            return
        for match in re.finditer(r"\b__AMDGCN_WAVEFRONT_SIZE(__)?\b", text):
            start = node.start_byte + len(text[: match.start()].encode())
            span = (start, start + len(match.group(0)))
            edits = _with_warp_size_macro(ctx, span)
            fix = (
                ctx.fix("HP107", f"Use the portable `{WARP_SIZE_MACRO}`", edits, applicability="unsafe")
                if edits is not None
                else None
            )
            ctx.report(
                "HP107",
                span,
                f"`{match.group(0)}` is deprecated, and where this macro is used "
                "from host code it reads 64 even for RDNA",
                fix,
                severity="warning",
            )
        return
    if node.end_byte - node.start_byte < 23 or ctx.text(node) not in WAVEFRONT_MACROS:
        return
    name = ctx.text(node)
    parent = node.parent
    if parent is not None and (
        parent.type == "preproc_defined"
        or (parent.type == "preproc_ifdef" and parent.child_by_field_name("name") == node)
    ):
        ctx.report(
            "HP107",
            node,
            f"`{name}` is deprecated: a test for it silently turns false once "
            "the compiler drops it (test `__HIP_PLATFORM_AMD__` or `__AMDGCN__` instead)",
            severity="warning",
        )
        return
    function = _function_of(node)
    kind = _function_kind(function, ctx) if function is not None else None
    if kind == "host":
        ctx.report(
            "HP107",
            node,
            f"`{name}` in host code is 64 even when the target is RDNA "
            "(wave32); query hipDeviceAttributeWarpSize at run time",
            severity="error",
        )
        return
    edits = _with_warp_size_macro(ctx, node)
    fix = None
    if edits is not None:
        fix = ctx.fix(
            "HP107",
            f"Use the portable `{WARP_SIZE_MACRO}`",
            edits,
            applicability=None if kind is not None or _in_preproc_condition(node) else "unsafe",
        )
    ctx.report(
        "HP107", node, f"`{name}` is deprecated (and reads 64 in the host pass even for RDNA)", fix, severity="warning"
    )
