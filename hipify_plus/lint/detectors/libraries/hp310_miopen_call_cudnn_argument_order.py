"""HP310: MIOpen call that kept cuDNN's argument order after a rename."""

from __future__ import annotations

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.syntax import call_args, unparenthesized
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _callee, _drop_argument
from hipify_plus.lint.detectors.libraries._cudnn_calls import _CUDNN_ORDER, _argument_order
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

_WORKSPACE_QUERIES = frozenset(
    {
        "miopenConvolutionForwardGetWorkSpaceSize",
        "miopenConvolutionBackwardDataGetWorkSpaceSize",
        "miopenConvolutionBackwardWeightsGetWorkSpaceSize",
    }
)
_SOFTMAX = {"miopenSoftmaxForward_V2": 9, "miopenSoftmaxBackward_V2": 11}


def _permute(args: list[Node], order: tuple[int, ...], ctx: LintContext) -> list[Edit]:
    return [
        Edit(args[i].start_byte, args[i].end_byte, ctx.text(args[j]).encode()) for i, j in enumerate(order) if i != j
    ]


def _softmax_algorithm(arg: Node, ctx: LintContext) -> bool:
    """The softmax algorithm (cuDNN's second argument): an enumerator, or a variable of its type."""
    if "SOFTMAX" in ctx.text(arg).upper():
        return True
    node = unparenthesized(arg)
    declared = lookup(node) if node.type == "identifier" else None
    return declared is not None and not declared.pointers and "SoftmaxAlgorithm" in declared.type_name


# HP310
@detector("call_expression", emits=("HP310",), names=("miopen",))
def miopen_call_in_cudnn_order(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if not name.startswith("miopen"):
        return
    args = call_args(node)
    function = node.child_by_field_name("function") or node
    title = "Put the arguments in MIOpen's order"
    if name in _CUDNN_ORDER and len(args) == 13:
        order = _argument_order(name, args, node, ctx)
        swapped = "" if name == "miopenConvolutionForward" else "; the first two tensors are also swapped"
        if order == "cudnn":
            fix = ctx.fix("HP310", title, _permute(args, _CUDNN_ORDER[name], ctx))
            ctx.report(
                "HP310",
                function,
                f"`{name}` has cuDNN's argument order (workspace before beta): MIOpen "
                f"takes beta, the output descriptor and buffer, then the workspace{swapped}",
                fix,
            )
        elif order == "unknown" and ctx.settings.converted:
            ctx.report(
                "HP310",
                function,
                f"`{name}` was renamed from cuDNN, whose order puts the workspace "
                "before beta, but this file does not declare the arguments well enough to tell which "
                "order they are in now (a size, a descriptor or the beta scalar): MIOpen takes beta, the "
                f"output descriptor and buffer, then the workspace{swapped}; check and move them",
            )
    elif name in _WORKSPACE_QUERIES and len(args) == 7:
        drop = _drop_argument(args, 5, ctx)
        query_fix = ctx.fix("HP310", title, _permute(args[:3], (0, 2, 1), ctx) + [drop]) if drop is not None else None
        ctx.report(
            "HP310",
            function,
            f"`{name}` has cuDNN's arguments: MIOpen's query takes the two tensor "
            "descriptors the other way round and no algorithm (it sizes the Find step)",
            query_fix,
        )
    elif name in _SOFTMAX and len(args) == _SOFTMAX[name] and _softmax_algorithm(args[1], ctx):
        permutation = (0, *range(3, len(args)), 1, 2)
        fix = ctx.fix("HP310", title, _permute(args, permutation, ctx))
        ctx.report(
            "HP310",
            function,
            f"`{name}` has cuDNN's argument order: MIOpen takes the softmax algorithm and mode last",
            fix,
        )
