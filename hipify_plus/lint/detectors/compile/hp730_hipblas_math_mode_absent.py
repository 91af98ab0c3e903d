"""HP730: `hipblasSetMathMode` for a target whose hipBLAS has no math modes (they came with
hipBLAS of ROCm 6.1). Such a hipBLAS computes FP32 GEMMs in FP32 whatever the code asks (AMD's
counterpart of TF32 math, XF32, needs ROCm 6.1 and gfx940-942), so setting a math mode changes
nothing: the call becomes the success status it would return, and a `hipblasMath_t` variable made
only for it goes too. A call whose arguments compute something is reported."""

from __future__ import annotations

from hipify_plus.cuda.declarations import lookup as lookup_declaration
from hipify_plus.cuda.syntax import (
    call_args,
    callee_name,
    computes_nothing,
    descendants,
    enclosing_function,
    node_text,
    same,
)
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.mappings import hip_added
from hipify_plus.parse import Node
from hipify_plus.rewrite.blas import TF32_MARKER
from hipify_plus.versions import format_version

SET_MATH_MODE = "hipblasSetMathMode"
MATH_TYPE = "hipblasMath_t"
TF32_MATH = ("HIPBLAS_TF32_TENSOR_OP_MATH", "CUBLAS_TF32_TENSOR_OP_MATH")


@detector("call_expression", emits=("HP730",), names=(SET_MATH_MODE,))
def hipblas_math_mode_absent(node: Node, ctx: LintContext) -> None:
    added = hip_added("cublasSetMathMode")
    if not ctx.is_hip or callee_name(node) != SET_MATH_MODE or added is None or ctx.settings.target_rocm >= added:
        return
    release = f"hipBLAS before ROCm {format_version(added)} has no math modes (no `{SET_MATH_MODE}`)"
    args = call_args(node)
    if len(args) != 2 or not all(computes_nothing(a) for a in args):
        ctx.report("HP730", node, f"{release}: drop the call (its arguments compute something: keep that part)")
        return
    mode = args[1] if args[1].type == "identifier" else None
    declaration = _only_for_this_call(mode, node) if mode is not None else None
    gone = f"no math modes before ROCm {format_version(added)}"
    asked = node_text(declaration if declaration is not None else args[1])
    note = (  # a TF32 request keeps its finding (HP312 reports the marker)
        f"{TF32_MARKER}: {gone}, FP32 GEMMs compute in FP32"
        if any(m in asked for m in TF32_MATH)
        else f"{SET_MATH_MODE}: {gone}"
    )
    cast = "(void)" if node.parent is not None and node.parent.type == "expression_statement" else ""
    edits = [Edit(node.start_byte, node.end_byte, f"{cast}HIPBLAS_STATUS_SUCCESS /* {note} */".encode())]
    if declaration is not None:
        edits.append(Edit(declaration.start_byte, declaration.end_byte, f"/* {gone}: {asked} */".encode()))
    elif mode is not None and _declared_math_mode(mode):
        ctx.report(
            "HP730",
            mode,
            f"{release}; `{node_text(mode)}` is a `{MATH_TYPE}`, which it does not declare either, and it is "
            "used elsewhere too: remove it with the call",
        )
        return
    fix = ctx.fix("HP730", "Drop the call (hipBLAS computes in FP32 here whatever the mode)", edits)
    ctx.report(
        "HP730",
        node,
        f"{release}; it computes FP32 GEMMs in FP32 whatever the mode asks (XF32 needs ROCm "
        f"{format_version(added)}+ and gfx940-942), so the call becomes its success status",
        fix,
    )


def _declared_math_mode(mode: Node) -> bool:
    declared = lookup_declaration(mode)
    return declared is not None and declared.type_name == MATH_TYPE


def _only_for_this_call(mode: Node, call: Node) -> Node | None:
    """The local `hipblasMath_t mode = ...;` declaration of `mode`, when it declares nothing else,
    its value computes nothing and `call` is the only other place its function names it."""
    declared = lookup_declaration(mode)
    function = enclosing_function(call)
    if declared is None or declared.type_name != MATH_TYPE or function is None:
        return None
    declaration = declared.node
    if declaration.type != "declaration" or not same(enclosing_function(declaration), function):
        return None
    declarators = declaration.children_by_field_name("declarator")
    value = declarators[0].child_by_field_name("value") if len(declarators) == 1 else None
    if len(declarators) != 1 or (value is not None and not computes_nothing(value)) or "*/" in node_text(declaration):
        return None
    name = node_text(mode)
    uses = [n for n in descendants(function) if n.type == "identifier" and node_text(n) == name]
    inside = [n for n in uses if declaration.start_byte <= n.start_byte < declaration.end_byte]
    in_call = [n for n in uses if call.start_byte <= n.start_byte < call.end_byte]
    return declaration if len(uses) == len(inside) + len(in_call) and len(inside) == 1 else None
