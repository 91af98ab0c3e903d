"""HP202: Launch with a constant block size larger than the kernel's declared launch bounds."""

from __future__ import annotations

import os

from hipify_plus.cuda.syntax import base_name, declarator_name, descendants
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.launch._bounds import _bounds_arguments, _span_value
from hipify_plus.lint.detectors.launch._kernels import _block_size, _has_bounds, _kernel_definitions, _launched
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node


def _amd_attribute_values(ctx: LintContext, node: Node, attribute: str) -> list[int | None] | None:
    """Arguments of `__attribute__((<attribute>(...)))` / `[[clang::<attribute>(...)]]` on a
    kernel, or None if it has none."""
    for child in node.children:
        if child.type not in ("attribute_specifier", "attribute_declaration"):
            continue
        for call in (n for n in descendants(child) if n.type in ("call_expression", "attribute")):
            name = (
                call.child_by_field_name("function")
                if call.type == "call_expression"
                else call.child_by_field_name("name")
            )
            if name is not None and ctx.text(name) == attribute:
                arguments = call.child_by_field_name("arguments") or next(
                    (c for c in call.children if c.type == "argument_list"), None
                )
                return [
                    ctx.int_value(a) for a in (arguments.named_children if arguments else ()) if a.type != "comment"
                ]
    return None


def _max_threads(ctx: LintContext, kernel: Node) -> int | None:
    """The kernel's declared max threads per block: `__launch_bounds__(N, ...)` or
    `amdgpu_flat_work_group_size(lo, N)`; None if it declares none (or not as a constant)."""
    bounds = next((c for c in kernel.children if c.type == "launch_bounds"), None)
    if bounds is not None:
        spans = _bounds_arguments(bounds, ctx)
        return _span_value(ctx, spans[0]) if spans else None
    flat = _amd_attribute_values(ctx, kernel, "amdgpu_flat_work_group_size")
    return flat[1] if flat is not None and len(flat) == 2 else None


# HP202
@file_detector(emits=("HP202",))
def launch_exceeds_launch_bounds(ctx: LintContext) -> None:
    bounded: dict[str, int | None] = {}
    unbounded: set[str] = set()  # defined here without bounds: clang would find none either
    for kernel in _kernel_definitions(ctx):
        name = declarator_name(kernel)
        if name is None:
            continue
        key = base_name(ctx.text(name))
        if _has_bounds(ctx, kernel):
            bounded[key] = _max_threads(ctx, kernel) if key not in bounded else None
        else:
            unbounded.add(key)
    clang = ctx.clang
    for launch in [*ctx.launches, *ctx.expanded_launches]:
        launched = _launched(ctx, launch)
        limit, where = bounded.get(launched), ""
        if limit is None and clang is not None and (launched in bounded or launched not in unbounded):
            # --precise: the bounds of the kernel clang resolved, in this file, a header or another unit
            facts = clang.launch(launch.node.start_byte)
            if facts is not None and facts.bounds is not None:
                limit = facts.bounds
                if facts.kernel_file and facts.kernel_file != clang.path:
                    where = f", defined in `{os.path.basename(facts.kernel_file)}`"
        threads = _block_size(ctx, launch)
        if limit is None or threads is None or threads <= limit:
            continue
        expanded = "" if launch.config else f" (in the expansion of `{ctx.text(launch.node).split('(', 1)[0]}`)"
        ctx.report(
            "HP202",
            launch.config[1] if len(launch.config) > 1 else launch.node,
            f"launch of `{launched}`{expanded} with {threads} threads per block "
            f"exceeds its launch bounds ({limit}{where}): the HIP runtime refuses it with "
            '`hipErrorLaunchFailure` ("Launch params ... are larger than launch bounds")',
        )
