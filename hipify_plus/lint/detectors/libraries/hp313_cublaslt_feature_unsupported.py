"""HP313: cuBLASLt epilogue or matmul attribute that hipBLASLt lacks: what to run instead (the
epilogue hipBLASLt has and the element-wise step to add), and SCALE_TYPE dropped where the
descriptor already has that scale type."""

from __future__ import annotations

from typing import Literal

from hipify_plus.cuda.syntax import call_args as _args
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import (
    _FUNCTION,
    _ancestor,
    _callee,
    _calls,
    _inside,
    _key,
    _squash,
    _starts,
)
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.rewrite.blas import data_type
from hipify_plus.rewrite.blaslt import epilogue_fallback

_LT_UNSUPPORTED = {
    "CUBLASLT_EPILOGUE_DRELU": "epilogue",
    "CUBLASLT_EPILOGUE_DRELU_BGRAD": "epilogue",
    "CUBLASLT_EPILOGUE_RELU_AUX": "epilogue",
    "CUBLASLT_EPILOGUE_RELU_AUX_BIAS": "epilogue",
    "CUBLASLT_MATMUL_DESC_FAST_ACCUM": "fast-accum",
    "CUBLASLT_MATMUL_DESC_SCALE_TYPE": "scale-type",
    **{
        f"CUBLASLT_MATMUL_DESC_{a}": "attribute"
        for a in (
            "ALPHA_VECTOR_BATCH_STRIDE",
            "ATOMIC_SYNC_IN_COUNTERS_POINTER",
            "ATOMIC_SYNC_NUM_CHUNKS_D_COLS",
            "ATOMIC_SYNC_NUM_CHUNKS_D_ROWS",
            "ATOMIC_SYNC_OUT_COUNTERS_POINTER",
            "BIAS_BATCH_STRIDE",
            "EPILOGUE_AUX_AMAX_POINTER",
            "EPILOGUE_AUX_DATA_TYPE",
            "FILL_MODE",
            "SM_COUNT_TARGET",
            "TRANSC",
        )
    },
}


def _whole_statement(call: Node) -> Node | None:
    """The expression statement that consists of this call (possibly inside one CHECK(...) macro)."""
    parent = call.parent
    if parent is not None and parent.type == "argument_list" and len(parent.named_children) == 1:
        parent = parent.parent.parent if parent.parent is not None else None
    return parent if parent is not None and parent.type == "expression_statement" else None


def _remove_statement(statement: Node, ctx: LintContext) -> Edit:
    data = ctx.data
    start, end = statement.start_byte, statement.end_byte
    line_start = data.rfind(b"\n", 0, start) + 1
    line_end = data.find(b"\n", end)
    line_end = len(data) if line_end < 0 else line_end
    rest = data[end:line_end]
    if not data[line_start:start].strip() and not rest.strip():
        return Edit(line_start, min(line_end + 1, len(data)), b"")
    if rest.strip().startswith((b"//", b"/*")):
        return Edit(start, end + len(rest) - len(rest.lstrip()), b"")  # keep the trailing comment
    return Edit(start, end, b"")


# HP313
@detector("identifier", emits=("HP313",), names=("CUBLASLT_",))
def cublaslt_feature_unsupported(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"CUBLASLT_",)):
        return
    text = ctx.text(node)
    kind = _LT_UNSUPPORTED.get(text)
    if kind is None:
        return
    if kind == "epilogue":
        epilogue, step = epilogue_fallback(text) or ("HIPBLASLT_EPILOGUE_DEFAULT", "add the missing step after it")
        newer = ""
        if "RELU_AUX" in text and ctx.settings.target_rocm >= (7, 1, 0):
            newer = (
                "; HIPIFY's tables and hipBLASLt's changelog give ROCm 7.1 "
                f"`{text.replace('CUBLASLT_', 'HIPBLASLT_')}` "
                "for f16/bf16 on gfx942 only (not checked against those headers here)"
            )
        ctx.report(
            "HP313",
            node,
            f"`{text}` has no hipBLASLt epilogue (hipBLASLt has RELU, GELU, BIAS, GELU_AUX, "
            f"DGELU, BGRADA/B and their combinations): run the matmul with `{epilogue}`, then {step}{newer}",
        )
        return
    call = _ancestor(node, frozenset({"call_expression"}))
    if kind == "scale-type":
        fix = None
        if call is not None and _callee(call, ctx) == "hipblasLtMatmulDescSetAttribute":
            statement = _whole_statement(call)
            declaration = _scale_type_is_the_descriptors(call, ctx) if statement is not None else None
            if statement is not None and declaration is not None:
                edits = [_remove_statement(statement, ctx)]
                if declaration is not True:  # the variable only fed this attribute: it goes too
                    edits.append(_remove_statement(declaration, ctx))
                fix = ctx.fix("HP313", "Remove the SCALE_TYPE attribute (the descriptor has that scale type)", edits)
        ctx.report(
            "HP313",
            node,
            f"`{text}` has no hipBLASLt attribute: hipBLASLt's scale type is the one "
            "`hipblasLtMatmulDescCreate` was given; drop the call when it sets the same type",
            fix,
        )
        return
    if kind == "attribute":
        ctx.report(
            "HP313", node, f"`{text}` has no hipBLASLt matmul attribute: drop it or handle it outside the matmul"
        )
        return
    fix = None
    if call is not None and _callee(call, ctx) == "hipblasLtMatmulDescSetAttribute":
        statement = _whole_statement(call)
        if statement is not None:
            fix = ctx.fix(
                "HP313", "Remove the FAST_ACCUM attribute", [_remove_statement(statement, ctx)], applicability="unsafe"
            )
    ctx.report(
        "HP313",
        node,
        f"`{text}` has no hipBLASLt attribute: drop it (hipBLASLt has no fast-accumulation switch for FP8)",
        fix,
    )


def _scale_type_is_the_descriptors(call: Node, ctx: LintContext) -> Node | Literal[True] | None:
    """SetAttribute(desc, SCALE_TYPE, &v, sizeof(v)) where `v` is initialised in this function to the
    data type `hipblasLtMatmulDescCreate(&desc, compute, T)` in the same function was given: the
    declaration of `v` when nothing else in the function uses it, else True; None when unproven."""
    args = _args(call)
    function = _ancestor(call, _FUNCTION)
    if len(args) != 4 or function is None:
        return None
    desc = _key(args[0], ctx)
    pointer = _squash(ctx.text(args[2]))
    if not pointer.startswith("&"):
        return None
    variable = pointer[1:]
    value = holder = None
    for declaration in ctx.nodes({"declaration"}):
        if not _inside(declaration, function):
            continue
        for child in declaration.named_children:
            if (
                child.type == "init_declarator"
                and ctx.text(child.child_by_field_name("declarator") or child) == variable
            ):
                value, holder = child.child_by_field_name("value"), declaration
    created = [
        c
        for c in _calls(ctx)
        if c.name == "hipblasLtMatmulDescCreate"
        and _inside(c.node, function)
        and len(c.args) == 3
        and _key(c.args[0], ctx) == desc
    ]
    if value is None or holder is None or len(created) != 1:
        return None
    wanted, given = data_type(ctx.text(value)), data_type(ctx.text(created[0].args[2]))
    if wanted is None or given is None or wanted.key != given.key:
        return None
    uses = [
        n
        for n in ctx.nodes({"identifier"})
        if _inside(n, function) and ctx.text(n) == variable and not _inside(n, call) and not _inside(n, holder)
    ]
    alone = len([c for c in holder.named_children if c.type in ("init_declarator", "identifier")]) == 1
    return holder if not uses and alone else True
