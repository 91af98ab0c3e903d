"""HP212: `amdgpu_num_vgpr(N)` gives 2N registers on gfx90a/gfx94x/gfx950."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.launch._arch import UNIFIED_REGISTER_FILE, _arches
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP212
@detector("call_expression", "attribute", emits=("HP212",), names=("amdgpu_num_vgpr",))
def num_vgpr_doubled_on_unified_register_file(node: Node, ctx: LintContext) -> None:
    name = node.child_by_field_name("function" if node.type == "call_expression" else "name")
    if name is None or ctx.text(name) != "amdgpu_num_vgpr":
        return
    unified = [a for a in _arches(ctx) if a in UNIFIED_REGISTER_FILE]
    if not unified:
        return
    arguments = node.child_by_field_name("arguments") or next(
        (c for c in node.children if c.type == "argument_list"), None
    )
    values = [ctx.int_value(a) for a in (arguments.named_children if arguments else ()) if a.type != "comment"]
    count = values[0] if len(values) == 1 else None
    budget = f"{2 * count} VGPRs and AGPRs in all" if count is not None else "twice that in VGPRs and AGPRs"
    ctx.report(
        "HP212",
        node,
        f"`{ctx.text(node)}` on {unified[0]} gives a budget of {budget}: the VGPR and AGPR "
        "files are unified there and the request is doubled (on gfx908 and RDNA it is the exact VGPR count)",
    )
