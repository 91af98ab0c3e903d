"""HP505: OCP FP8 types on a target that computes in FNUZ FP8 (MI300)."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import in_device_code
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _arch_switched, _device_excluded, _excluded_on_amd
from hipify_plus.lint.detectors.portability._arches import MI300
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.lint.detectors.portability._includes import _include_path
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

CUDA_FP8 = re.compile(rb"__nv_fp8\w*|__nv_cvt_\w*fp8\w*")
FP8_SWITCH_WORDS = (b"gfx94", b"GFX94", b"FNUZ", b"fnuz", b"OCP", b"gfx950", b"gfx12")
HIP_OCP_FP8 = frozenset(
    {
        b"__hip_fp8_e4m3",
        b"__hip_fp8_e5m2",
        b"__hip_fp8x2_e4m3",
        b"__hip_fp8x2_e5m2",
        b"__hip_fp8x4_e4m3",
        b"__hip_fp8x4_e5m2",
    }
)


# HP505
@detector("type_identifier", "identifier", "preproc_include", emits=("HP505",), names=("fp8",))
def fp8_format_mismatch(node: Node, ctx: LintContext) -> None:
    if node.type != "preproc_include" and b"fp8" not in _raw(node, ctx):
        return
    if not MI300 & set(ctx.settings.arches):
        return  # other targets use the OCP encoding CUDA uses
    arches = ", ".join(sorted(MI300 & set(ctx.settings.arches)))
    if node.type == "preproc_include":
        found = _include_path(node, ctx)
        if found is None or found[1] != "cuda_fp8.h" or _excluded_on_amd(node, ctx):
            return
        ctx.report(
            "HP505",
            found[0],
            f"CUDA FP8 (OCP E4M3/E5M2) does not match {arches}, which "
            "computes in the FNUZ encoding (E4M3 max 240, not 448): values and checkpoints "
            "need rescaling",
        )
        return
    raw = _raw(node, ctx)
    if CUDA_FP8.fullmatch(raw):
        verb = "converts OCP FP8" if raw.startswith(b"__nv_cvt") else "is OCP FP8"
        message = (
            f"`{raw.decode()}` {verb}; {arches} implements FNUZ FP8 (`__hip_fp8_e4m3_fnuz`, "
            "other bias, no infinities, one NaN): port with an arch switch and rescale"
        )
    elif raw in HIP_OCP_FP8 and in_device_code(node):
        if _device_excluded(node, ctx) or _arch_switched(node, ctx, FP8_SWITCH_WORDS):
            return
        message = (
            f"`{raw.decode()}` is the OCP FP8 type, which {arches} device code cannot use: "
            "use the `_fnuz` type there (other bias and range)"
        )
    else:
        return
    if not _excluded_on_amd(node, ctx):
        ctx.report("HP505", node, message)
