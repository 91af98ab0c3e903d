"""HP305: cudnnConvolutionBackwardFilter has no mapping; MIOpen's call is named and ordered
differently."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _callee
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP305
@detector(
    "call_expression",
    emits=("HP305",),
    names=("cudnnConvolutionBackwardFilter", "cudnnGetConvolutionBackwardFilterWorkspaceSize"),
)
def backward_filter_unmapped(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in ("cudnnConvolutionBackwardFilter", "cudnnGetConvolutionBackwardFilterWorkspaceSize"):
        return
    args = call_args(node)
    text = [ctx.text(a) for a in args]
    function = node.child_by_field_name("function") or node
    fix = None
    if name == "cudnnConvolutionBackwardFilter" and len(args) == 13:
        order = [0, 1, 4, 5, 2, 3, 6, 7, 10, 11, 12, 8, 9]
        suggestion = f"miopenConvolutionBackwardWeights({', '.join(text[i] for i in order)})"
        fix = ctx.fix(
            "HP305",
            "Use `miopenConvolutionBackwardWeights` (arguments reordered)",
            [Edit(node.start_byte, node.end_byte, suggestion.encode())],
            applicability="display",
        )
        message = (
            "has no HIPIFY mapping: MIOpen's `miopenConvolutionBackwardWeights` takes dy before x "
            "and the workspace last, and needs `miopenFindConvolutionBackwardWeightsAlgorithm` first"
        )
    elif name == "cudnnGetConvolutionBackwardFilterWorkspaceSize" and len(args) == 7:
        order = [0, 2, 1, 3, 4, 6]
        suggestion = f"miopenConvolutionBackwardWeightsGetWorkSpaceSize({', '.join(text[i] for i in order)})"
        fix = ctx.fix(
            "HP305",
            "Use `miopenConvolutionBackwardWeightsGetWorkSpaceSize` (dy first, no algorithm)",
            [Edit(node.start_byte, node.end_byte, suggestion.encode())],
            applicability="display",
        )
        message = (
            "has no HIPIFY mapping: MIOpen's `miopenConvolutionBackwardWeightsGetWorkSpaceSize` "
            "takes the dy descriptor before the x descriptor and no algorithm (it sizes the Find step)"
        )
    else:
        message = "has no HIPIFY mapping: MIOpen's counterpart has another name and argument order"
    ctx.report("HP305", function, f"`{name}` {message}", fix)
