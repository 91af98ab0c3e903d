"""HP513: Kernel launch or device runtime call from device code."""

from __future__ import annotations

from hipify_plus.cuda.syntax import callee_name, enclosing_function, execution_space
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded
from hipify_plus.lint.registry import detector, file_detector
from hipify_plus.parse import Node

DEVICE_RUNTIME_CALLS = frozenset(
    {
        "cudaDeviceSynchronize",
        "hipDeviceSynchronize",
        "cudaGetParameterBuffer",
        "cudaLaunchDevice",
        "cudaStreamCreateWithFlags",
        "cudaStreamTailLaunch",
        "cudaStreamFireAndForget",
        # the device runtime's allocation and stream calls, as convert renames them (host-only in HIP)
        "hipStreamCreateWithFlags",
        "hipStreamDestroy",
        "cudaStreamDestroy",
        "hipMalloc",
        "cudaMalloc",
        "hipFree",
        "cudaFree",
    }
)


def _report(node: Node, what: str, ctx: LintContext) -> None:
    if _device_excluded(node, ctx):
        return
    ctx.report(
        "HP513",
        node,
        f"{what}: HIP does not support dynamic parallelism; launch the child "
        "work from the host (or fold it into the parent kernel)",
    )


# HP513
@file_detector(emits=("HP513",), names=("<<",))
def device_side_launch(ctx: LintContext) -> None:
    """`<<<>>>` in a `__global__` or `__device__` function (the launches the file's launch model
    found: every call with a launch configuration)."""
    for launch in ctx.launches:
        if not launch.chevrons:
            continue  # hipLaunchKernelGGL & co.: host API calls, reported below when in device code
        if execution_space(enclosing_function(launch.node)) & {"__global__", "__device__"}:
            _report(launch.node, "kernel launch (`<<<>>>`) in device code", ctx)


# HP513
@detector("call_expression", emits=("HP513",), names=tuple(sorted(DEVICE_RUNTIME_CALLS)))
def device_runtime_call(node: Node, ctx: LintContext) -> None:
    if any(c.type == "kernel_call_syntax" for c in node.children):
        return  # a launch: device_side_launch's
    name = callee_name(node)
    if name not in DEVICE_RUNTIME_CALLS:
        return
    space = execution_space(enclosing_function(node))
    if not space & {"__global__", "__device__"} or "__host__" in space:
        return
    _report(node, f"`{name}` in device code", ctx)
