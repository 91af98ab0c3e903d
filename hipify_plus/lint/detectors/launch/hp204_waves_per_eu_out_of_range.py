"""HP204: Waves-per-SIMD request above the hardware maximum is silently ignored."""

from __future__ import annotations

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.launch._arch import _max_waves_per_eu, _tightest
from hipify_plus.lint.detectors.launch._bounds import _bounds_arguments, _span_value
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP204
@detector("launch_bounds", emits=("HP204",))
def waves_per_eu_out_of_range_in_launch_bounds(node: Node, ctx: LintContext) -> None:
    spans = _bounds_arguments(node, ctx)
    if len(spans) < 2:
        return
    value = _span_value(ctx, spans[1])
    arch, limit = _tightest(ctx, _max_waves_per_eu)
    if value is None or value <= limit:
        return
    ctx.report(
        "HP204",
        spans[1],
        f"HIP passes {value} as `amdgpu_waves_per_eu({value})`, above the {limit} waves "
        f"per SIMD of {arch}: the compiler silently ignores the request",
    )


# HP204
@detector("call_expression", "attribute", emits=("HP204",), names=("amdgpu_waves_per_eu",))
def waves_per_eu_out_of_range(node: Node, ctx: LintContext) -> None:
    name = node.child_by_field_name("function" if node.type == "call_expression" else "name")
    if name is None or ctx.text(name) != "amdgpu_waves_per_eu":
        return
    arguments = node.child_by_field_name("arguments") or next(
        (c for c in node.children if c.type == "argument_list"), None
    )
    values = [a for a in (arguments.named_children if arguments else ()) if a.type != "comment"]
    arch, limit = _tightest(ctx, _max_waves_per_eu)
    over = [a for a in values if (v := ctx.int_value(a)) is not None and v > limit]
    if not over:
        return
    fix = ctx.fix(
        "HP204", f"Clamp to {limit} waves per SIMD", [Edit(a.start_byte, a.end_byte, str(limit).encode()) for a in over]
    )
    ctx.report(
        "HP204",
        node,
        f"`{ctx.text(node)}` asks for more than the {limit} waves per SIMD of {arch}: "
        "the compiler silently ignores the whole request",
        fix,
    )
