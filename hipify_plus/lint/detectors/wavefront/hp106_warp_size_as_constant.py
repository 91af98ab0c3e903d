"""HP106: `warpSize` used where a compile-time constant is required."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._macros import WARP_SIZE_MACRO, _with_warp_size_macro
from hipify_plus.lint.detectors.wavefront._syntax import _STATEMENT_END, _constant_context, _function_kind, _function_of
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node


# HP106
@file_detector(emits=("HP106",), names=("warpSize",))
def warp_size_as_constant(ctx: LintContext) -> None:
    # Identifiers are the most frequent nodes: look for the name in the bytes first.
    for node in _identifiers(ctx, "warpSize"):
        if _constant_context(node, ctx):
            _report_warp_size_constant(node, ctx)


def _identifiers(ctx: LintContext, *names: str) -> list[Node]:
    """Identifier (and type name) nodes spelling one of `names`, found only if the bytes contain one."""
    if not any(name.encode() in ctx.data for name in names):
        return []
    nodes = ctx.nodes(frozenset({"identifier", "type_identifier"}))
    return [n for n in nodes if ctx.text(n) in names]


def _report_warp_size_constant(node: Node, ctx: LintContext) -> None:
    function = _function_of(node) or _templated_function(node)
    in_device = function is not None and _function_kind(function, ctx) != "host"
    severity = "error" if ctx.settings.target_rocm >= (7, 0, 0) else "warning"
    message = (
        "`warpSize` used as a compile-time constant: from ROCm 7.0 it is a runtime value, so this no longer compiles"
    )
    edits = _with_warp_size_macro(ctx, node)
    fix = None
    if edits is not None:
        if not in_device:
            message += (
                "; outside device code the constant is the AMD host pass's 64 even for RDNA "
                "(choose a template <int WS> instance from hipDeviceAttributeWarpSize instead)"
            )
        fix = ctx.fix(
            "HP106", f"Use the portable `{WARP_SIZE_MACRO}`", edits, applicability=None if in_device else "unsafe"
        )
    ctx.report("HP106", node, message, fix, severity=severity)


def _templated_function(node: Node) -> Node | None:
    """The function a template parameter list belongs to (`template <int W = warpSize> f()`)."""
    parent = node.parent
    while parent is not None and parent.type != "template_declaration":
        if parent.type in _STATEMENT_END:
            return None
        parent = parent.parent
    if parent is None:
        return None
    return next((c for c in parent.named_children if c.type == "function_definition"), None)
