"""HP312: TF32 math requested from cuBLAS/hipBLAS/cuBLASLt/cuDNN. In hipBLAS, rocBLAS and
hipBLASLt calls the request becomes what AMD runs for the target (hipify_plus/rewrite/blas.py
plan_tf32): XF32 math, or FP32 compute with a comment that keeps the finding."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import call_args as _args
from hipify_plus.cuda.syntax import defines_name, same
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._blas_rewrites import compute_holder, file_holder
from hipify_plus.lint.detectors.libraries._calls import _ancestor, _callee, _calls, _starts, _uses
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.rewrite.blas import (
    COMPUTE_VARIABLE_TYPES,
    TF32_MARKER,
    XF32_ARCHES,
    plan_tf32,
    tf32_marker,
    type_positions,
    xf32_math_note,
)
from hipify_plus.versions import format_version


def _release(ctx: LintContext) -> str:
    return f"ROCm {format_version(ctx.settings.target_rocm)}"


_TF32_COMPUTE = frozenset(
    {"CUBLAS_COMPUTE_32F_FAST_TF32", "HIPBLAS_COMPUTE_32F_FAST_TF32", "HIPBLASLT_COMPUTE_F32_FAST_XF32"}
)
_TF32_MATH = frozenset({"CUBLAS_TF32_TENSOR_OP_MATH", "HIPBLAS_TF32_TENSOR_OP_MATH"})
_XF32_ARCHES = XF32_ARCHES
_BLAS_GEMM = re.compile(r"^(?:cublas|hipblas)Gemm\w*Ex(?:WithFlags)?(?:_v2|_64)?$|^rocblas_gemm\w*_ex$")
_LT_CALL = re.compile(r"^(?:cublasLt|hipblasLt)\w+")


def _enclosing_call_name(node: Node, ctx: LintContext) -> str:
    call = _ancestor(node, frozenset({"call_expression"}))
    while call is not None:
        name = _callee(call, ctx)
        if _BLAS_GEMM.match(name) or _LT_CALL.match(name) or name.endswith(("SetMathMode", "set_math_mode")):
            return name
        call = _ancestor(call, frozenset({"call_expression"}))
    return ""


_MATH_MODE_TYPES = {
    "hipblasMath_t": "hipblas_math",
    "rocblas_math_mode": "rocblas_math",
    "rocblas_math_mode_": "rocblas_math",
}


def _stored(node: Node) -> tuple[Node, Node] | None:
    """(the init_declarator or assignment, the value) when `node` is a value (possibly a branch of
    `c ? a : b`) that initialises a variable or is assigned to one."""
    value = node
    while value.parent is not None and value.parent.type in ("conditional_expression", "parenthesized_expression"):
        if value.parent.type == "conditional_expression" and same(value.parent.child_by_field_name("condition"), value):
            return None
        value = value.parent
    holder = value.parent
    if holder is None:
        return None
    if holder.type == "init_declarator" and same(holder.child_by_field_name("value"), value):
        return holder, value
    if holder.type == "assignment_expression" and same(holder.child_by_field_name("right"), value):
        return holder, value
    return None


def _declared_type(init_declarator: Node, ctx: LintContext) -> str:
    declaration = init_declarator.parent
    type_node = declaration.child_by_field_name("type") if declaration is not None else None
    return ctx.text(type_node) if type_node is not None else ""


def _math_mode_variable_context(node: Node, ctx: LintContext) -> str:
    """A math-mode value that initialises (possibly through `c ? a : b`) a variable declared
    hipblasMath_t or rocblas_math_mode: whatever it is used for, it is a math mode."""
    stored = _stored(node)
    if stored is None or stored[0].type != "init_declarator":
        return ""
    return _MATH_MODE_TYPES.get(_declared_type(stored[0], ctx), "")


_HOLDER_CONTEXTS = {"hipblasLtComputeType_t": "hipblaslt_compute", "hipblasDatatype_t": "hipblas_gemm"}


def _compute_variable_context(node: Node, ctx: LintContext) -> str:
    """Before ROCm 6.0, a TF32 compute type stored in a compute-type variable: the context of the
    library whose type convert gives the variable (HP327)."""
    if ctx.settings.target_rocm >= (6, 0, 0) or ctx.settings.roc:
        return ""
    stored = _stored(node)
    if stored is None:
        return ""
    holder: str | None
    if stored[0].type == "init_declarator":
        declared = _declared_type(stored[0], ctx)
        holder = file_holder(ctx) if declared in COMPUTE_VARIABLE_TYPES else declared
    else:
        left = stored[0].child_by_field_name("left")
        holder = compute_holder(ctx, left) if left is not None and left.type == "identifier" else None
    return _HOLDER_CONTEXTS.get(holder or "", "")


def _tf32_context(node: Node, ctx: LintContext) -> str:
    """Where a TF32 value is passed, when it is itself the argument that takes it: the context
    plan_tf32 knows (hipblas_math, rocblas_math, hipblas_gemm, rocblas_gemm, hipblaslt_compute), or ''."""
    if ctx.text(node) not in _TF32_COMPUTE:  # a math mode, or the XF32 mode a rewrite wrote
        by_type = _math_mode_variable_context(node, ctx)
        if by_type:
            return by_type
    by_variable = _compute_variable_context(node, ctx)  # also the FP32 value a TF32 rewrite wrote
    if by_variable:
        return by_variable
    arguments = node.parent
    call = arguments.parent if arguments is not None and arguments.type == "argument_list" else None
    if call is None or call.type != "call_expression":
        return ""
    name = _callee(call, ctx)
    args = _args(call)
    index = next((i for i, a in enumerate(args) if a.start_byte == node.start_byte and a.end_byte == node.end_byte), -1)
    if name == "hipblasSetMathMode" and index == 1:
        return "hipblas_math"
    if name == "rocblas_set_math_mode" and index == 1:
        return "rocblas_math"
    if name == "hipblasLtMatmulDescCreate" and index == 1:
        return "hipblaslt_compute"
    if name.startswith(("hipblasGemm", "rocblas_gemm")):
        positions = type_positions(name, len(args))
        if positions is not None and positions[3] == index:
            return "rocblas_gemm" if name.startswith("rocblas_") else "hipblas_gemm"
    return ""


def _release_tf32_spelling(context: str, version: tuple[int, int, int]) -> str | None:
    if context == "hipblaslt_compute":
        return "HIPBLASLT_COMPUTE_F32_FAST_XF32" if version < (6, 0, 0) else "HIPBLAS_COMPUTE_32F_FAST_TF32"
    return None


# HP312
@detector("identifier", emits=("HP312",), names=tuple(sorted(_TF32_COMPUTE | _TF32_MATH)))
def tf32_requested(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"CUBLAS_", b"HIPBLAS")):
        return
    text = ctx.text(node)
    if (text not in _TF32_COMPUTE and text not in _TF32_MATH) or text in ctx.project_names or defines_name(node):
        return  # unknown, or the project defines it for the AMD build (ggml: #define CUBLAS_TF32_TENSOR_OP_MATH 0)
    parent = node.parent
    if (
        parent is not None
        and parent.type == "binary_expression"
        and ctx.text(parent.child_by_field_name("operator") or parent) in ("==", "!=")
    ):
        return  # a test of the value (`compute == ..._FAST_TF32 ? "TF32" : "FP32"`), not a request
    context = _tf32_context(node, ctx)
    version = ctx.settings.target_rocm
    plan = plan_tf32(context, version, ctx.settings.arches) if context else None
    if plan is not None:
        wanted = plan.replacement or _release_tf32_spelling(context, version) or text
        if wanted in _TF32_COMPUTE:  # TF32 stays requested (as the release spells it): no marker
            fix = (
                ctx.fix(
                    "HP312",
                    f"Spell it `{wanted}` for {_release(ctx)}",
                    [Edit(node.start_byte, node.end_byte, wanted.encode())],
                )
                if wanted != text
                else None
            )
            ctx.report("HP312", node, f"`{text}`: {plan.message}", fix, severity=plan.severity if fix is None else None)
            return
        if context in ("hipblas_math", "rocblas_math"):  # the XF32 value keeps the finding (xf32_math_requested)
            fix = ctx.fix("HP312", f"Use `{wanted}`", [Edit(node.start_byte, node.end_byte, wanted.encode())])
        else:
            marker = tf32_marker(plan)
            fix = ctx.fix(
                "HP312", f"Use `{wanted}`", [Edit(node.start_byte, node.end_byte, f"{wanted} {marker}".encode())]
            )
        ctx.report("HP312", node, f"`{text}` asks for TF32: {plan.message}", fix)
        return
    call = _enclosing_call_name(node, ctx)
    if text in _TF32_MATH:
        older = ""
        if context == "hipblas_math":
            older = (
                "; hipBLAS before ROCm 6.1 has no math-mode setter at all: drop the call (AMD computes FP32; "
                "XF32 needs ROCm 6.1+ and gfx940-942)"
            )
        elif context == "rocblas_math":
            older = "; rocBLAS before ROCm 5.7 has no math-mode setter: drop the call"
        ctx.report(
            "HP312",
            node,
            f"`{text}` asks for TF32: hipBLAS on AMD rejects this math mode "
            "(HIPBLAS_STATUS_NOT_SUPPORTED); AMD's counterpart is XF32 (`HIPBLAS_XF32_XDL_MATH`, "
            f"`rocblas_xf32_xdl_math_op`), which runs on gfx940-942 and is ignored elsewhere{older}",
        )
        return
    xf32 = bool(_XF32_ARCHES & set(ctx.settings.arches))
    lt = bool(_LT_CALL.match(call)) or (
        not call
        and (_uses(ctx, "cublasLt") or _uses(ctx, "hipblasLt"))
        and not any(_BLAS_GEMM.match(c.name) for c in _calls(ctx))
    )
    if lt:
        if xf32:
            ctx.report(
                "HP312",
                node,
                f"`{text}` in hipBLASLt runs as XF32 on gfx940-942: close to TF32 "
                "but not bit-identical; compare results against the NVIDIA run",
                severity="info",
            )
        else:
            targets = ", ".join(a for a in ctx.settings.arches if a not in _XF32_ARCHES)
            if ctx.settings.target_rocm >= (6, 3, 0):
                what = "hipBLASLt falls back to full FP32 (correct, slower than TF32 on NVIDIA)"
            else:
                what = (
                    "hipBLASLt before ROCm 6.3 has no FP32 fallback and its heuristic finds no algorithm: "
                    "pass HIPBLAS_COMPUTE_32F for these targets"
                )
            ctx.report("HP312", node, f"`{text}`: {targets} has no XF32/TF32 matrix path; {what}", severity="warning")
        return
    if _BLAS_GEMM.match(call):
        hint = " and `hipblasSetMathMode(handle, HIPBLAS_XF32_XDL_MATH)` for XF32" if xf32 else ""
        ctx.report(
            "HP312",
            node,
            f"`{text}` in `{call}`: hipBLAS/rocBLAS on AMD do not accept a TF32 compute "
            f"type (HIPBLAS_STATUS_NOT_SUPPORTED); use HIPBLAS_COMPUTE_32F{hint}",
        )
        return
    if text.startswith("HIPBLASLT_") and not any("hipblaslt" in ctx.text(n) for n in ctx.nodes({"preproc_include"})):
        ctx.report(
            "HP312",
            node,
            f"`{text}` is hipBLASLt 0.3's TF32 (XF32) compute type, the only ROCm 5.x spelling "
            "of a TF32 request, and this file does not include hipblaslt.h: hipBLAS GEMMs before ROCm 6.0 "
            "take `HIPBLAS_R_32F` (FP32) as their compute type",
        )
        return
    ctx.report(
        "HP312",
        node,
        f"`{text}` asks for TF32: hipBLAS GEMMs on AMD reject it "
        "(HIPBLAS_STATUS_NOT_SUPPORTED) while hipBLASLt maps it to XF32 (gfx940-942 only)",
        severity="warning",
    )


_XF32_MATH = frozenset({"HIPBLAS_XF32_XDL_MATH", "rocblas_xf32_xdl_math_op"})


# HP312
@detector("identifier", emits=("HP312",), names=tuple(sorted(_XF32_MATH)))
def xf32_math_requested(node: Node, ctx: LintContext) -> None:
    """XF32 math (what TF32 math becomes on AMD, by convert's data or HP312's fix): say what each
    target runs."""
    if not _starts(node, ctx, (b"HIPBLAS_XF32", b"rocblas_xf32")) or ctx.text(node) not in _XF32_MATH:
        return
    if _tf32_context(node, ctx) not in ("hipblas_math", "rocblas_math"):
        return
    note, severity = xf32_math_note(ctx.settings.arches)
    ctx.report("HP312", node, f"`{ctx.text(node)}`, AMD's counterpart of TF32 math: {note}", severity=severity)


# HP312
@detector("comment", emits=("HP312",))
def tf32_rewritten(node: Node, ctx: LintContext) -> None:
    """The comment a TF32 rewrite left: the request is gone from the code, the finding stays."""
    if not ctx.data.startswith(b"/* " + TF32_MARKER.encode(), node.start_byte):
        return
    previous = node.prev_named_sibling
    context = _tf32_context(previous, ctx) if previous is not None and previous.type == "identifier" else ""
    plan = plan_tf32(context, ctx.settings.target_rocm, ctx.settings.arches) if context else None
    text = ctx.text(node)[3:-3].strip()
    if plan is not None:
        ctx.report("HP312", node, f"TF32 was requested here and rewritten: {plan.message}", severity=plan.severity)
    else:
        ctx.report("HP312", node, text, severity="warning")


# HP312
@detector("call_expression", emits=("HP312",), names=("cudnnSetConvolutionMathType",))
def convolution_tensor_op_math(node: Node, ctx: LintContext) -> None:
    if _callee(node, ctx) != "cudnnSetConvolutionMathType":
        return
    args = _args(node)
    if len(args) != 2 or not ctx.text(args[1]).startswith("CUDNN_TENSOR_OP_MATH"):
        return
    ctx.report(
        "HP312",
        args[1],
        f"`{ctx.text(args[1])}` lets cuDNN run FP32 convolutions in TF32: MIOpen has "
        "no math-type setting (no HIPIFY mapping); remove the call, FP32 convolutions stay FP32 on AMD",
        severity="warning",
    )
