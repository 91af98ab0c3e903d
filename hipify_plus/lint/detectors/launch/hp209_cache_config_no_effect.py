"""HP209: L1/shared-memory cache and bank configuration has no effect on AMD."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args, callee_text
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.launch._kernels import FUNC_SET_ATTRIBUTE
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

CACHE_CONFIG_CALLS = frozenset(
    {
        "cudaFuncSetCacheConfig",
        "cudaDeviceSetCacheConfig",
        "cudaThreadSetCacheConfig",
        "cudaDeviceSetSharedMemConfig",
        "cudaFuncSetSharedMemConfig",
        "cuFuncSetCacheConfig",
        "cuCtxSetCacheConfig",
        "cuFuncSetSharedMemConfig",
        "cuCtxSetSharedMemConfig",
        "hipFuncSetCacheConfig",
        "hipDeviceSetCacheConfig",
        "hipDeviceSetSharedMemConfig",
        "hipFuncSetSharedMemConfig",
        "hipCtxSetCacheConfig",
        "hipCtxSetSharedMemConfig",
    }
)

CARVEOUT_ATTRIBUTES = frozenset(
    {
        "cudaFuncAttributePreferredSharedMemoryCarveout",
        "hipFuncAttributePreferredSharedMemoryCarveout",
        "CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT",
        "HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT",
    }
)


# HP209
@detector("call_expression", emits=("HP209",), names=("CacheConfig", "SharedMemConfig", *sorted(FUNC_SET_ATTRIBUTE)))
def cache_config_no_effect(node: Node, ctx: LintContext) -> None:
    name = callee_text(node)
    if name in CACHE_CONFIG_CALLS:
        ctx.report(
            "HP209",
            node,
            f"`{name}` has no effect on AMD GPUs: LDS and L1 are separate fixed-size "
            "memories, and HIP ignores the setting",
        )
        return
    if name in FUNC_SET_ATTRIBUTE:
        args = call_args(node)
        if len(args) == 3 and ctx.text(args[1]).split("::")[-1] in CARVEOUT_ATTRIBUTES:
            ctx.report(
                "HP209",
                node,
                f"`{ctx.text(args[1])}` has no effect on AMD GPUs: the LDS size is fixed and not carved out of L1",
            )
