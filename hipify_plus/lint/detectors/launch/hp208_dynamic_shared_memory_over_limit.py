"""HP208: Dynamic shared memory request above the LDS a workgroup can address."""

from __future__ import annotations

from hipify_plus.cuda.syntax import base_name, call_args, callee_text, declarator_name
from hipify_plus.lint.context import Launch, LintContext
from hipify_plus.lint.detectors.launch._arch import _kib, _lds_limit, _tightest
from hipify_plus.lint.detectors.launch._kernels import (
    FUNC_SET_ATTRIBUTE,
    _kernel_definitions,
    _launched,
    _referenced_kernel,
    _static_shared_bytes,
)
from hipify_plus.lint.registry import detector, file_detector
from hipify_plus.parse import Node

MAX_DYNAMIC_SMEM_ATTRIBUTES = frozenset(
    {
        "cudaFuncAttributeMaxDynamicSharedMemorySize",
        "hipFuncAttributeMaxDynamicSharedMemorySize",
        "CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES",
        "HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES",
    }
)


def _shared_bytes_argument(launch: Launch) -> Node | None:
    """The dynamic shared memory argument of a launch, if written."""
    index = 2 if launch.chevrons or callee_text(launch.node) == "hipLaunchKernelGGL" else 3
    return launch.config[index] if len(launch.config) > index else None


def _static_shared_by_kernel(ctx: LintContext) -> dict[str, int]:
    totals: dict[str, int] = {}
    for kernel in _kernel_definitions(ctx):
        name = declarator_name(kernel)
        if name is not None:
            totals[base_name(ctx.text(name))] = _static_shared_bytes(ctx, kernel)[0]
    return totals


# HP208
@detector("call_expression", emits=("HP208",), names=tuple(sorted(FUNC_SET_ATTRIBUTE)))
def dynamic_shared_memory_opt_in_over_limit(node: Node, ctx: LintContext) -> None:
    if callee_text(node) not in FUNC_SET_ATTRIBUTE:
        return
    args = call_args(node)
    if len(args) != 3 or ctx.text(args[1]).split("::")[-1] not in MAX_DYNAMIC_SMEM_ATTRIBUTES:
        return
    requested = ctx.int_value(args[2])
    if requested is None:
        return
    kernel = _referenced_kernel(args[0], ctx)
    static = _static_shared_by_kernel(ctx).get(kernel, 0)
    _report_shared_over_limit(ctx, args[2], requested, static, f"`{callee_text(node)}` opts `{kernel}` into")


# HP208
@file_detector(emits=("HP208",))
def launch_shared_memory_over_limit(ctx: LintContext) -> None:
    static: dict[str, int] | None = None
    for launch in ctx.launches:
        argument = _shared_bytes_argument(launch)
        requested = ctx.int_value(argument)
        if argument is None or requested is None or requested <= 0:
            continue
        static = _static_shared_by_kernel(ctx) if static is None else static
        kernel = _launched(ctx, launch)
        _report_shared_over_limit(ctx, argument, requested, static.get(kernel, 0), f"the launch of `{kernel}` asks for")


# HP208
@detector("assignment_expression", emits=("HP208",))
def launch_config_shared_memory_over_limit(node: Node, ctx: LintContext) -> None:
    left = node.child_by_field_name("left")
    if left is None or left.type != "field_expression":
        return
    field = left.child_by_field_name("field")
    if field is None or ctx.text(field) != "dynamicSmemBytes":
        return
    right = node.child_by_field_name("right")
    requested = ctx.int_value(right)
    if right is not None and requested is not None:
        _report_shared_over_limit(ctx, right, requested, 0, "the launch configuration asks for")


def _report_shared_over_limit(ctx: LintContext, span: Node, requested: int, static: int, what: str) -> None:
    arch, limit = _tightest(ctx, _lds_limit)
    if requested + static <= limit:
        return
    with_static = f" (+ {_kib(static)} static)" if static else ""
    ctx.report(
        "HP208",
        span,
        f"{what} {_kib(requested)} of dynamic shared memory{with_static}: a workgroup on "
        f"{arch} addresses at most {_kib(limit)} of LDS, so HIP returns `hipErrorInvalidValue`; "
        "size the tile from `hipDeviceAttributeMaxSharedMemoryPerBlock`",
    )
