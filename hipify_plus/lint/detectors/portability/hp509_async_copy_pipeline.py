"""HP509: Asynchronous copy pipeline or `cuda::barrier` with no HIP equivalent."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded, _excluded_on_amd
from hipify_plus.lint.detectors.portability._cg_blocks import (
    CG_BLOCK_PARTS,
    _cg_include_fix,
    _cg_provided,
)
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.lint.detectors.portability._includes import _include_path
from hipify_plus.lint.detectors.portability._names import (
    _cg_scopes,
    _outer_qualified,
    _qualified_path,
)
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

ASYNC_HEADERS = frozenset({
    "cuda/pipeline", "cuda/barrier", "cuda/std/barrier", "cuda_pipeline.h",
    "cuda_pipeline_primitives.h", "cuda_awbarrier.h", "cuda_awbarrier_primitives.h",
    "cooperative_groups/memcpy_async.h",
})
ASYNC_CUDA_NAMES = frozenset({
    "pipeline", "make_pipeline", "memcpy_async", "barrier", "pipeline_shared_state",
    "pipeline_role", "pipeline_consumer_wait_prior", "pipeline_producer_commit", "memcpy_async_tx",
    "barrier_arrive_tx", "aligned_size_t",
})
ASYNC_CG_NAMES = frozenset({"memcpy_async", "wait", "wait_prior"})
PIPELINE_PRIMITIVES = frozenset({
    b"__pipeline_memcpy_async", b"__pipeline_commit", b"__pipeline_wait_prior",
    b"__pipeline_arrive_on",
})


# HP509
@detector("preproc_include", "qualified_identifier", "identifier", emits=("HP509",))
def async_copy_pipeline(node: Node, ctx: LintContext) -> None:
    fix = None
    if node.type == "identifier":
        if _raw(node, ctx) not in PIPELINE_PRIMITIVES or _device_excluded(node, ctx):
            return
        what = f"`{ctx.text(node)}`"
        span: Node = node
    elif node.type == "preproc_include":
        found = _include_path(node, ctx)
        if found is None or found[1] not in ASYNC_HEADERS or _excluded_on_amd(node, ctx):
            return
        span, what = found[0], f"`<{found[1]}>`"
        if found[1] in CG_BLOCK_PARTS:
            fix = _cg_include_fix(ctx, node, "HP509")
            ctx.report("HP509", span, f"{what} does not exist in HIP: the fix puts a synchronous "
                       "`cg::memcpy_async` (the group copies at the call) and a `cg::wait`/"
                       "`cg::wait_prior` that synchronize the group in its place", fix)
            return
    else:
        if not _outer_qualified(node) or b"::" not in _raw(node, ctx):
            return
        path = _qualified_path(node, ctx)
        cuda = (path[0] == "cuda" and path[-1] in ASYNC_CUDA_NAMES
                and (len(path) == 2 or path[1] in ("std", "device")))
        cg = len(path) == 2 and path[0] in _cg_scopes(ctx.data) and path[1] in ASYNC_CG_NAMES
        if not (cuda or cg) or _device_excluded(node, ctx):
            return
        if cg and _cg_provided(ctx, path[1]):
            return  # the #include's fix provides it
        span, what = node, f"`{'::'.join(path)}`"
    ctx.report("HP509", span, f"{what}: HIP has no asynchronous global-to-shared copy pipeline or "
               "`cuda::barrier` (libhipcxx lacks them); copy synchronously and `__syncthreads()` "
               "at the wait", fix)
