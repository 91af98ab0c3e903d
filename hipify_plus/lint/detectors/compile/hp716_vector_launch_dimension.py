"""HP716: `kernel<<<grid, block>>>` with a `uint3` variable as grid or block. CUDA's dim3 has a
constructor from uint3, HIP's does not; the fix writes the conversion CUDA does, `dim3(v.x, v.y, v.z)`."""

from __future__ import annotations

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.syntax import node_text, unparenthesized
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import file_detector

_VECTOR_TYPES = frozenset({"uint3", "HIP_vector_type<unsigned int, 3>"})


@file_detector(emits=("HP716",), names=("uint3", "HIP_vector_type"))
def vector_launch_dimension(ctx: LintContext) -> None:
    if not ctx.is_hip:
        return
    for launch in ctx.launches:
        if not launch.chevrons:
            continue  # hipLaunchKernelGGL takes dim3 arguments too, but nobody converts into it with uint3
        for role, setting in zip(("grid", "block"), launch.config[:2], strict=False):
            value = unparenthesized(setting)
            if value.type != "identifier":
                continue
            declared = lookup(value)
            if declared is None or declared.pointers or declared.array or declared.function:
                continue
            if " ".join(declared.type_name.split()) not in _VECTOR_TYPES:
                continue
            name = node_text(value)
            fix = ctx.fix(
                "HP716",
                f"Convert `{name}` to dim3 by its components",
                [Edit(value.start_byte, value.end_byte, f"dim3({name}.x, {name}.y, {name}.z)".encode())],
            )
            ctx.report(
                "HP716",
                value,
                f"the launch's {role} `{name}` is a uint3: CUDA's dim3 converts from it, HIP's has no such constructor",
                fix,
            )
