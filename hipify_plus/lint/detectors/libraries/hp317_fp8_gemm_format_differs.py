"""HP317: OCP FP8 GEMM data type on a target that lacks it."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._blas_calls import _XF32_ARCHES
from hipify_plus.lint.detectors.libraries._calls import _starts
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

_FP8_TYPES = frozenset({"CUDA_R_8F_E4M3", "CUDA_R_8F_E5M2", "HIP_R_8F_E4M3", "HIP_R_8F_E5M2"})
_OCP_FP8_ARCHES = frozenset({"gfx950", "gfx1200", "gfx1201"})


# HP317
@detector("identifier", emits=("HP317",), names=("CUDA_R_8F", "HIP_R_8F"))
def fp8_gemm_type_differs(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"CUDA_R_8F", b"HIP_R_8F")):
        return
    text = ctx.text(node)
    if text not in _FP8_TYPES:
        return
    arches = set(ctx.settings.arches)
    fnuz = sorted(arches & _XF32_ARCHES)
    without = sorted(arches - _XF32_ARCHES - _OCP_FP8_ARCHES)
    if fnuz:
        ctx.report(
            "HP317",
            node,
            f"`{text}` is the OCP FP8 format; {', '.join(fnuz)} GEMMs take only the FNUZ "
            "formats (`HIP_R_8F_E4M3_FNUZ` / `HIP_R_8F_E5M2_FNUZ`: other exponent bias, no infinities, "
            "one NaN), so data and scales must be converted, not just retyped",
        )
    elif without:
        ctx.report(
            "HP317",
            node,
            f"`{text}`: {', '.join(without)} has no FP8 matrix instructions and hipBLASLt "
            "has no FP8 GEMMs for it; keep an fp16/bf16 path for these targets",
        )
