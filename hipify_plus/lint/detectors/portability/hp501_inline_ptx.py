"""HP501: Inline PTX assembly in an `asm` statement."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.lint.detectors.portability._ptx import _ptx_in_asm, _ptx_in_macro
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP501
@detector("gnu_asm_expression", "preproc_arg", emits=("HP501",))
def inline_ptx(node: Node, ctx: LintContext) -> None:
    if node.type == "preproc_arg":
        if b"asm" not in _raw(node, ctx) or _device_excluded(node, ctx):
            return
        for start, macro_idiom in _ptx_in_macro(node, ctx):
            ctx.report(
                "HP501", (start, start + 3), f"macro contains inline {macro_idiom}: PTX does not assemble for AMD GPUs"
            )
        return
    idiom = _ptx_in_asm(node, ctx)
    if idiom is None or _device_excluded(node, ctx):
        return
    ctx.report(
        "HP501",
        node,
        f"inline {idiom}: PTX does not assemble for AMD GPUs; replace the "
        "asm block with a HIP intrinsic or AMDGCN builtin",
    )
