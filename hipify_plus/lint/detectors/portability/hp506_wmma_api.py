"""HP506: CUDA WMMA (`<mma.h>`, `nvcuda::wmma`) has no HIP implementation."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.detectors.portability._file import _contains, _raw
from hipify_plus.lint.detectors.portability._includes import _include_path
from hipify_plus.lint.registry import file_detector


# HP506
@file_detector(emits=("HP506",))
def wmma_without_hip_support(ctx: LintContext) -> None:
    if b"mma.h" not in ctx.data and b"nvcuda" not in ctx.data:
        return
    reported = False
    kinds = frozenset({"preproc_include", "namespace_identifier", "identifier"})
    for node in ctx.nodes(kinds):
        if node.type == "preproc_include":
            found = _include_path(node, ctx)
            if found is None or found[1] != "mma.h" or _excluded_on_amd(node, ctx):
                continue
            if found[0].type == "string_literal" and not _contains(ctx.data, b"wmma"):
                continue  # a project header that happens to be called mma.h
            span, what = found[0], "`<mma.h>`"
        elif not reported and _raw(node, ctx) == b"nvcuda" and not _excluded_on_amd(node, ctx):
            span, what = node, "`nvcuda::wmma`"
        else:
            continue
        ctx.report("HP506", span, f"{what}: HIP has no warp matrix (WMMA) API; port to rocWMMA "
                   "(`<rocwmma/rocwmma.hpp>`, `namespace wmma = rocwmma;`) and check each fragment "
                   "shape per target (HP507)")
        reported = True
