"""HP513: Kernel launch or device runtime call from device code."""

from __future__ import annotations

from hipify_plus.cuda.syntax import callee_name, enclosing_function, execution_space
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded
from hipify_plus.lint.registry import detector
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


# HP513
@detector("call_expression", emits=("HP513",))
def dynamic_parallelism(node: Node, ctx: LintContext) -> None:
    launch = any(c.type == "kernel_call_syntax" for c in node.children)
    if launch:
        space = execution_space(enclosing_function(node))
        if not space & {"__global__", "__device__"}:
            return
        what = "kernel launch (`<<<>>>`) in device code"
    else:
        name = callee_name(node)
        if name not in DEVICE_RUNTIME_CALLS:
            return
        space = execution_space(enclosing_function(node))
        if not space & {"__global__", "__device__"} or "__host__" in space:
            return
        what = f"`{name}` in device code"
    if _device_excluded(node, ctx):
        return
    ctx.report(
        "HP513",
        node,
        f"{what}: HIP does not support dynamic parallelism; launch the child "
        "work from the host (or fold it into the parent kernel)",
    )
