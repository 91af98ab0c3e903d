"""HP732: before ROCm 6.4, convert writes CUDA's linker (`cuLinkCreate`, `cuLinkAddData`, ...) as
hipRTC's (`hiprtcLinkCreate`, ...), which returns a `hiprtcResult` where the code expects the
`CUresult` CUDA returned (renamed `hipError_t`): `hipError_t s = hiprtcLinkCreate(...)` and
`checkCudaErrors(hiprtcLinkComplete(...))` do not compile. In converted code, a linker call whose
value is used is wrapped in `hipify_plus_rtc_status(...)`, a function the fix defines after the
file's includes (templates/rtc/rtc_status.h.j2) that gives the status as a `hipError_t`."""

from __future__ import annotations

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.syntax import callee_node, enclosing_function, node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

LINKER = frozenset(
    {"hiprtcLinkCreate", "hiprtcLinkAddData", "hiprtcLinkAddFile", "hiprtcLinkComplete", "hiprtcLinkDestroy"}
)
WRAPPER = "hipify_plus_rtc_status"
BLOCK = "rtc/rtc_status.h.j2"
RTC_STATUS = "hiprtcResult"


def _outer(call: Node) -> Node | None:
    """What the call's value goes into, through parentheses."""
    parent = call.parent
    while parent is not None and parent.type == "parenthesized_expression":
        parent = parent.parent
    return parent


def _value_used(call: Node) -> bool:
    parent = _outer(call)
    return parent is not None and parent.type not in ("expression_statement", "comma_expression")


def _handles_rtc_status(call: Node) -> bool:
    """The value goes where hipRTC's status is expected: a `hiprtcResult` variable, a comparison
    with `HIPRTC_*`, a function returning `hiprtcResult`."""
    parent = _outer(call)
    if parent is None:
        return False
    if parent.type == "init_declarator" and parent.parent is not None:
        type_node = parent.parent.child_by_field_name("type")
        return type_node is not None and node_text(type_node) == RTC_STATUS
    if parent.type == "binary_expression":
        return any(node_text(c).startswith("HIPRTC_") for c in parent.named_children)
    if parent.type == "assignment_expression":
        left = parent.child_by_field_name("left")
        declared = lookup(left) if left is not None and left.type == "identifier" else None
        return declared is not None and declared.type_name == RTC_STATUS
    if parent.type == "return_statement":
        function = enclosing_function(call)
        type_node = function.child_by_field_name("type") if function is not None else None
        return type_node is not None and node_text(type_node) == RTC_STATUS
    return False


@detector("call_expression", emits=("HP732",), names=("hiprtcLink",))
def rtc_linker_status(node: Node, ctx: LintContext) -> None:
    if not ctx.settings.converted or ctx.settings.target_rocm >= (6, 4, 0):
        return
    callee = callee_node(node)
    if callee is None or node_text(callee) not in LINKER or not _value_used(node):
        return
    if (parent := node.parent) is not None and parent.type == "argument_list":
        outer = parent.parent
        outer_callee = callee_node(outer) if outer is not None else None
        if outer_callee is not None and node_text(outer_callee) == WRAPPER:
            return
    if _handles_rtc_status(node):
        return
    from hipify_plus.lint.support_blocks import defines, insert_after_includes
    from hipify_plus.templates import render

    edits = [Edit(node.start_byte, node.start_byte, f"{WRAPPER}(".encode()), Edit(node.end_byte, node.end_byte, b")")]
    if not defines(ctx, "HIPIFY_PLUS_RTC_STATUS"):
        block = insert_after_includes(ctx, render(BLOCK), node.start_byte)
        if block is None:
            ctx.report("HP732", callee, _message(node_text(callee), wrapped=False))
            return
        edits.append(block)
    fix = ctx.fix("HP732", f"Wrap the call in `{WRAPPER}(...)`", edits)
    ctx.report("HP732", callee, _message(node_text(callee), wrapped=True), fix)


def _message(name: str, wrapped: bool) -> str:
    what = (
        f"`{WRAPPER}(...)` (defined after the includes) gives it as a hipError_t"
        if wrapped
        else "convert it to a hipError_t where the value is used (or target ROCm 6.4, whose hipLink* return one)"
    )
    return (
        f"`{name}` (CUDA's linker before ROCm 6.4 is hipRTC's) returns a hiprtcResult where the CUDA code "
        f"expects a CUresult, here a hipError_t: {what}"
    )
