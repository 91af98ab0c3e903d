"""HP506: CUDA WMMA (`<mma.h>`, `nvcuda::wmma`) has no HIP implementation. In HIP code (what
convert writes) the fix is the whole-file port to rocWMMA planned in `_wmma_plan.py`; what
blocks it is reported where it is (HP507 fragments, HP508 warp arithmetic and launches, HP506
WMMA names rocWMMA lacks) and summed up here."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.lint.detectors.portability._includes import _include_path
from hipify_plus.lint.detectors.portability._wmma_edits import WmmaPlan
from hipify_plus.lint.detectors.portability._wmma_plan import wmma_fix, wmma_plan
from hipify_plus.lint.registry import file_detector

SUMMARY_LIMIT = 3


def _summary(plan: WmmaPlan, ctx: LintContext) -> str:
    if plan.fixable:
        return (
            f"; the fix ports the file to rocWMMA (every fragment checked for "
            f"{', '.join(ctx.settings.arches)}, each kernel's warps made wavefronts)"
        )
    if not plan.blockers:
        return ""
    reasons = []
    for blocker in plan.blockers[:SUMMARY_LIMIT]:
        line = ctx.source.position(blocker.span[0])[0]
        reasons.append(f"line {line}{f' ({blocker.rule})' if blocker.rule else ''}: {blocker.message}")
    more = len(plan.blockers) - SUMMARY_LIMIT
    return "; not ported to rocWMMA: " + "; ".join(reasons) + (f"; and {more} more" if more > 0 else "")


# HP506
@file_detector(emits=("HP506",), names=("mma.h", "nvcuda"))
def wmma_without_hip_support(ctx: LintContext) -> None:
    if b"mma.h" not in ctx.data and b"nvcuda" not in ctx.data:
        return
    plan = wmma_plan(ctx)
    fix = wmma_fix(plan, ctx, "HP506")
    reported = False
    kinds = frozenset({"preproc_include", "namespace_identifier", "identifier"})
    for node in ctx.nodes(kinds):
        if node.type == "preproc_include":
            found = _include_path(node, ctx)
            if found is None or found[1] != "mma.h" or _excluded_on_amd(node, ctx):
                continue
            if found[0].type == "string_literal" and not ctx.mentions(b"wmma"):
                continue  # a project header that happens to be called mma.h
            span, what = found[0], "`<mma.h>`"
        elif not reported and _raw(node, ctx) == b"nvcuda" and not _excluded_on_amd(node, ctx):
            span, what = node, "`nvcuda::wmma`"
        else:
            continue
        ctx.report(
            "HP506",
            span,
            f"{what}: HIP has no warp matrix (WMMA) API; port to rocWMMA "
            "(`<rocwmma/rocwmma.hpp>`, `namespace wmma = rocwmma;`) and check each fragment "
            "shape per target (HP507)" + _summary(plan, ctx),
            fix,
        )
        reported = True
    for blocker in plan.blockers:
        if blocker.rule == "HP506":
            ctx.report("HP506", blocker.span, blocker.message)
