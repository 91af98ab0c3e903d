"""HP313: cuBLASLt epilogue or matmul attribute that hipBLASLt lacks."""

from __future__ import annotations

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _ancestor, _callee, _starts
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

_LT_UNSUPPORTED = {
    "CUBLASLT_EPILOGUE_DRELU": "epilogue", "CUBLASLT_EPILOGUE_DRELU_BGRAD": "epilogue",
    "CUBLASLT_EPILOGUE_RELU_AUX": "epilogue", "CUBLASLT_EPILOGUE_RELU_AUX_BIAS": "epilogue",
    "CUBLASLT_MATMUL_DESC_FAST_ACCUM": "fast-accum",
    **{f"CUBLASLT_MATMUL_DESC_{a}": "attribute" for a in (
        "ALPHA_VECTOR_BATCH_STRIDE", "ATOMIC_SYNC_IN_COUNTERS_POINTER", "ATOMIC_SYNC_NUM_CHUNKS_D_COLS",
        "ATOMIC_SYNC_NUM_CHUNKS_D_ROWS", "ATOMIC_SYNC_OUT_COUNTERS_POINTER", "BIAS_BATCH_STRIDE",
        "EPILOGUE_AUX_AMAX_POINTER", "EPILOGUE_AUX_DATA_TYPE", "FILL_MODE", "SM_COUNT_TARGET", "TRANSC")},
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
@detector("identifier", emits=("HP313",))
def cublaslt_feature_unsupported(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"CUBLASLT_",)):
        return
    text = ctx.text(node)
    kind = _LT_UNSUPPORTED.get(text)
    if kind is None:
        return
    if kind == "epilogue":
        ctx.report("HP313", node, f"`{text}` has no hipBLASLt epilogue (hipBLASLt has RELU, GELU, BIAS, "
                   "GELU_AUX, DGELU, BGRADA/B): run the matmul with a supported epilogue and apply the "
                   "ReLU part in a separate elementwise kernel")
        return
    if kind == "attribute":
        ctx.report("HP313", node, f"`{text}` has no hipBLASLt matmul attribute: drop it or handle it outside "
                   "the matmul")
        return
    fix = None
    call = _ancestor(node, frozenset({"call_expression"}))
    if call is not None and _callee(call, ctx) == "hipblasLtMatmulDescSetAttribute":
        statement = _whole_statement(call)
        if statement is not None:
            fix = ctx.fix("HP313", "Remove the FAST_ACCUM attribute", [_remove_statement(statement, ctx)],
                          applicability="unsafe")
    ctx.report("HP313", node, f"`{text}` has no hipBLASLt attribute: drop it (hipBLASLt has no "
               "fast-accumulation switch for FP8)", fix)
