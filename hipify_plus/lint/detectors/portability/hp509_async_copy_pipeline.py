"""HP509: Asynchronous copy pipeline or `cuda::barrier` with no HIP equivalent."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import call_args
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded, _excluded_on_amd
from hipify_plus.lint.detectors.portability._cg_blocks import (
    CG_BLOCK_PARTS,
    _block_include_fix,
    _block_includes,
    _block_provides,
    _cg_include_fix,
    _cg_provided,
)
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.lint.detectors.portability._includes import _include_path
from hipify_plus.lint.detectors.portability._names import _cg_scopes, _outer_qualified, _qualified_path
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

ASYNC_HEADERS = frozenset(
    {
        "cuda/pipeline",
        "cuda/barrier",
        "cuda/std/barrier",
        "cuda_pipeline.h",
        "cuda_pipeline_primitives.h",
        "cuda_awbarrier.h",
        "cuda_awbarrier_primitives.h",
        "cooperative_groups/memcpy_async.h",
    }
)
ASYNC_CUDA_NAMES = frozenset(
    {
        "pipeline",
        "make_pipeline",
        "memcpy_async",
        "barrier",
        "pipeline_shared_state",
        "pipeline_role",
        "pipeline_consumer_wait_prior",
        "pipeline_producer_commit",
        "memcpy_async_tx",
        "barrier_arrive_tx",
        "aligned_size_t",
    }
)
ASYNC_CG_NAMES = frozenset({"memcpy_async", "wait", "wait_prior"})
# libcu++'s headers HIP lacks that a block from templates/ stands in for: the forms a synchronous
# copy implements exactly (a thread's own pipeline, a block's barrier)
ASYNC_BLOCK = "libcudacxx/hip_cuda_async.h.j2"
ASYNC_BLOCK_PARTS: dict[str, tuple[str, ...]] = {
    "cuda/pipeline": ("common", "pipeline"),
    "cuda/barrier": ("common", "barrier"),
}
ASYNC_PART_GUARDS = {
    "common": "HIP_PLUS_CUDA_ASYNC_COMMON",
    "pipeline": "HIP_PLUS_CUDA_PIPELINE",
    "barrier": "HIP_PLUS_CUDA_BARRIER",
}
# cuda:: name -> the parts that declare it, and the form of its use the block provides
ASYNC_PROVIDED = {
    "aligned_size_t": ("common",),
    "make_pipeline": ("pipeline",),
    "pipeline": ("pipeline",),
    "pipeline_consumer_wait_prior": ("pipeline",),
    "barrier": ("barrier",),
    "memcpy_async": ("pipeline", "barrier"),
}
_SCOPE_ARGUMENT = {"pipeline": "thread_scope_thread", "barrier": "thread_scope_block"}
PIPELINE_PRIMITIVES = frozenset(
    {b"__pipeline_memcpy_async", b"__pipeline_commit", b"__pipeline_wait_prior", b"__pipeline_arrive_on"}
)


# HP509
@detector(
    "preproc_include", "qualified_identifier", "identifier", emits=("HP509",), names=("include", "::", "__pipeline_")
)
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
        if found[1] in ASYNC_BLOCK_PARTS:
            fix = _block_include_fix(ctx, node, "HP509", _async_includes(ctx))
            ctx.report(
                "HP509",
                span,
                f"{what} does not exist in HIP: the fix puts hipify-plus's synchronous "
                "forms in its place (a thread's own `cuda::pipeline`, a block's `cuda::barrier`, "
                "`cuda::memcpy_async` copying at the call); block-scope pipelines stay reported",
                fix,
            )
            return
        if found[1] in CG_BLOCK_PARTS:
            fix = _cg_include_fix(ctx, node, "HP509")
            ctx.report(
                "HP509",
                span,
                f"{what} does not exist in HIP: the fix puts a synchronous "
                "`cg::memcpy_async` (the group copies at the call) and a `cg::wait`/"
                "`cg::wait_prior` that synchronize the group in its place",
                fix,
            )
            return
    else:
        if not _outer_qualified(node) or b"::" not in _raw(node, ctx):
            return
        path = _qualified_path(node, ctx)
        cuda = path[0] == "cuda" and path[-1] in ASYNC_CUDA_NAMES and (len(path) == 2 or path[1] in ("std", "device"))
        cg = len(path) == 2 and path[0] in _cg_scopes(ctx.data) and path[1] in ASYNC_CG_NAMES
        if not (cuda or cg) or _device_excluded(node, ctx):
            return
        if cg and _cg_provided(ctx, path[1]):
            return  # the #include's fix provides it
        if cuda and len(path) == 2 and _async_provided(ctx, node, path[1]):
            return  # the #include's fix provides this form
        span, what = node, f"`{'::'.join(path)}`"
    ctx.report(
        "HP509",
        span,
        f"{what}: HIP has no asynchronous global-to-shared copy pipeline or "
        "`cuda::barrier` (libhipcxx lacks them); copy synchronously and `__syncthreads()` "
        "at the wait",
        fix,
    )


def _async_includes(ctx: LintContext) -> dict[int, tuple[Node, str, Edit | None]]:
    if b"cuda/" not in ctx.data:
        return {}
    return _block_includes(ctx, ASYNC_BLOCK, ASYNC_BLOCK_PARTS, ASYNC_PART_GUARDS)


def _supported_form(node: Node, ctx: LintContext, name: str) -> bool:
    """The use is one the block declares: `pipeline<thread_scope_thread>`, `barrier<thread_scope_block>`,
    `make_pipeline()` with no group, `memcpy_async(dst, src, size, pipe_or_barrier)`."""
    if name in _SCOPE_ARGUMENT:
        text = ctx.text(node)
        if "<" not in text:
            return True  # the name alone (a using-declaration, a template parameter)
        argument = text.split("<", 1)[1].rsplit(">", 1)[0]
        return re.sub(r"\s|cuda::", "", argument) == _SCOPE_ARGUMENT[name]
    if name in ("make_pipeline", "memcpy_async"):
        call = node.parent
        if call is None or call.type != "call_expression":
            return True
        return len(call_args(call)) == (0 if name == "make_pipeline" else 4)
    return True


def _async_provided(ctx: LintContext, node: Node, name: str) -> bool:
    """The libcu++ block provides this use of `cuda::name`."""
    parts = ASYNC_PROVIDED.get(name)
    return (
        parts is not None
        and _supported_form(node, ctx, name)
        and _block_provides(ctx, parts, _async_includes(ctx), ASYNC_BLOCK_PARTS, ASYNC_PART_GUARDS)
    )
