"""HP517: NCCL include; AMD's implementation is RCCL."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.detectors.portability._file import _is_hip_source
from hipify_plus.lint.detectors.portability._includes import _include_path, _swap_include
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP517
@detector("preproc_include", emits=("HP517",))
def nccl_header(node: Node, ctx: LintContext) -> None:
    found = _include_path(node, ctx)
    if found is None or found[1] != "nccl.h" or _excluded_on_amd(node, ctx):
        return
    fix = None
    if _is_hip_source(ctx.data):
        edit = _swap_include(found[0], ctx, "rccl/rccl.h")
        fix = ctx.fix("HP517", "Include `<rccl/rccl.h>`", [edit])
    ctx.report(
        "HP517", found[0], "NCCL on AMD is RCCL: same `nccl*` API, but include `<rccl/rccl.h>` and link `-lrccl`", fix
    )
