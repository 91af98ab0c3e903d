"""HP515: `clock()`/`clock64()` timing in device code on RDNA3."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args, callee_name, in_device_code
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP515
@detector("call_expression", emits=("HP515",), names=("clock",))
def device_clock(node: Node, ctx: LintContext) -> None:
    name = callee_name(node)
    if name not in ("clock64", "clock") or call_args(node):
        return
    rdna3 = sorted(a for a in ctx.settings.arches if a.startswith("gfx11"))
    if not rdna3 or not in_device_code(node) or _device_excluded(node, ctx):
        return
    function = node.child_by_field_name("function")
    if function is None:
        return
    edit = Edit(function.start_byte, function.end_byte, b"wall_clock64")
    fix = ctx.fix("HP515", "Use `wall_clock64()`", [edit])
    ctx.report(
        "HP515",
        node,
        f"`{name}()` does not count reliably on RDNA3 "
        f"({', '.join(rdna3)}): time with `wall_clock64()` and convert with "
        "`hipDeviceAttributeWallClockRate` (kHz)",
        fix,
    )
