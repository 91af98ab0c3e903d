"""HP717: CUDA's graphics map flags in HIP code. HIP has register flags only: a map flag becomes
the register flag of the same value (the same meaning at registration), the type becomes
hipGraphicsRegisterFlags, and `cudaGraphicsResourceSetMapFlags` (a per-map hint HIP has no call
for) becomes `hipSuccess` where dropping its arguments drops nothing they compute."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args, callee_name, callee_node, computes_nothing, node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

FLAGS = {
    "cudaGraphicsMapFlagsNone": "hipGraphicsRegisterFlagsNone",
    "cudaGraphicsMapFlagsReadOnly": "hipGraphicsRegisterFlagsReadOnly",
    "cudaGraphicsMapFlagsWriteDiscard": "hipGraphicsRegisterFlagsWriteDiscard",
    "cudaGraphicsMapFlags": "hipGraphicsRegisterFlags",
}
SET_MAP_FLAGS = "cudaGraphicsResourceSetMapFlags"


def _inside_set_map_flags(node: Node) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.type == "call_expression" and callee_name(parent) == SET_MAP_FLAGS:
            return True
        parent = parent.parent
    return False


@detector("identifier", "type_identifier", emits=("HP717",), names=("cudaGraphicsMapFlags",))
def graphics_map_flag(node: Node, ctx: LintContext) -> None:
    name = node_text(node)
    wanted = FLAGS.get(name)
    if wanted is None or not ctx.is_hip or _inside_set_map_flags(node):
        return  # in CUDA code the flags are right, and convert writes HIP's with the same meaning
    what = "the type of CUDA's map flags" if name == "cudaGraphicsMapFlags" else "a CUDA map flag"
    fix = ctx.fix("HP717", f"Use `{wanted}`", [Edit(node.start_byte, node.end_byte, wanted.encode())])
    ctx.report(
        "HP717",
        node,
        f"`{name}` is {what}; HIP has register flags only, with the same values and meaning: `{wanted}`",
        fix,
    )


@detector("call_expression", emits=("HP717",), names=(SET_MAP_FLAGS,))
def set_map_flags(node: Node, ctx: LintContext) -> None:
    callee = callee_node(node)
    if callee is None or node_text(callee) != SET_MAP_FLAGS:
        return
    args = call_args(node)
    message = "HIP has no call to change a registered resource's access hint"
    if not ctx.is_hip:
        ctx.report(
            "HP717",
            callee,
            f"`{SET_MAP_FLAGS}`: {message}; convert drops the hint where its arguments "
            "compute nothing (the mapping then allows reads and writes): pass the flags when registering "
            "the resource instead",
            severity="warning",
        )
        return
    if len(args) != 2 or not all(computes_nothing(a) for a in args):
        ctx.report(
            "HP717",
            callee,
            f"`{SET_MAP_FLAGS}`: {message}; set the flags when registering the resource "
            "(hipGraphicsRegisterFlags*) and delete this call",
        )
        return
    replacement = f"hipSuccess /* {SET_MAP_FLAGS}: HIP has no per-map access hint */"
    fix = ctx.fix(
        "HP717",
        "Drop the hint (the mapping allows reads and writes)",
        [Edit(node.start_byte, node.end_byte, replacement.encode())],
    )
    ctx.report(
        "HP717",
        callee,
        f"`{SET_MAP_FLAGS}`: {message}; without it the mapping allows reads and writes, so the call goes",
        fix,
    )
