"""HP323: a hipBLAS name in a rocBLAS-only file: `--roc` wrote it where rocBLAS has no counterpart."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _memo, _starts, _uses
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


def _rocblas_only(ctx: LintContext) -> bool:
    def compute(ctx: LintContext) -> bool:
        includes = [ctx.text(n) for n in ctx.nodes({"preproc_include"})]
        if any("hipblas" in i for i in includes):
            return False  # hipBLAS (or hipBLASLt, which includes it) is there: its names are declared
        return any("rocblas" in i for i in includes) or (ctx.settings.roc and _uses(ctx, "rocblas_"))

    return _memo(ctx, "hp323_rocblas_only", compute)


# HP323
@detector("identifier", "type_identifier", emits=("HP323",), names=("hipblas", "HIPBLAS_"))
def hipblas_name_in_rocblas_code(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"hipblas", b"HIPBLAS_")) or not _rocblas_only(ctx):
        return
    text = ctx.text(node)
    if text.startswith(("hipblasLt", "HIPBLASLT_")):
        return
    ctx.report(
        "HP323",
        node,
        f"`{text}` is a hipBLAS name in rocBLAS code (`--roc` writes the hipBLAS name "
        "where rocBLAS has no counterpart): rocblas.h does not declare it; use the rocBLAS equivalent "
        "or drop the use (a status rocBLAS never returns)",
    )
