"""cuDNN and MIOpen convolution calls that several rules read: MIOpen's argument order for each
convolution as indices into cuDNN's, the evidence that tells a renamed call still in cuDNN's
order from one in MIOpen's (HP301, HP302, HP310, HP325), and the algorithm-selection calls of
each direction (HP301, HP304)."""

from __future__ import annotations

import re
from typing import Literal

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.syntax import unparenthesized
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _memo, _strip_casts
from hipify_plus.lint.detectors.libraries._values import _scalar
from hipify_plus.parse import Node

# MIOpen convolutions take beta, the output and then the workspace; cuDNN takes the workspace
# before beta (and BackwardData/Weights swap the first two tensors). name -> MIOpen order as
# indices into the cuDNN-ordered arguments (HIPIFY's FuncArgCasts moves, by position).
_CUDNN_ORDER = {
    "miopenConvolutionForward": (0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 8, 9),
    "miopenConvolutionBackwardData": (0, 1, 4, 5, 2, 3, 6, 7, 10, 11, 12, 8, 9),
    "miopenConvolutionBackwardWeights": (0, 1, 4, 5, 2, 3, 6, 7, 10, 11, 12, 8, 9),
}

Order = Literal["cudnn", "miopen", "unknown"]
Kind = Literal["descriptor", "integer", "pointer", "unknown"]

_INTEGER_TYPES = frozenset(
    {
        "size_t",
        "std::size_t",
        "int",
        "unsigned",
        "unsigned int",
        "long",
        "unsigned long",
        "long long",
        "unsigned long long",
        "int64_t",
        "uint64_t",
        "int32_t",
        "uint32_t",
        "std::int64_t",
        "std::uint64_t",
    }
)
_DESCRIPTOR = re.compile(r"(?:Tensor|Filter)Descriptor_t$")
_NUMBER = re.compile(r"^(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*$")
_NULL = frozenset({"nullptr", "NULL"})


def _field_types(ctx: LintContext) -> dict[str, set[tuple[str, int]]]:
    """Struct/class member name -> the (type, pointer depth) pairs it is declared with in this file."""

    def compute(ctx: LintContext) -> dict[str, set[tuple[str, int]]]:
        found: dict[str, set[tuple[str, int]]] = {}
        for node in ctx.nodes({"field_declaration"}):
            type_node = node.child_by_field_name("type")
            if type_node is None:
                continue
            for declarator in node.children_by_field_name("declarator"):
                depth = 0
                current: Node | None = declarator
                while current is not None and current.type in (
                    "pointer_declarator",
                    "array_declarator",
                    "init_declarator",
                ):
                    depth += current.type != "init_declarator"
                    current = current.child_by_field_name("declarator")
                if current is not None and current.type == "field_identifier":
                    found.setdefault(ctx.text(current), set()).add((ctx.text(type_node), depth))
        return found

    return _memo(ctx, "field_types", compute)


def _kind_of(type_name: str, pointers: int) -> Kind:
    type_name = re.sub(r"\b(?:const|volatile)\b", "", type_name).strip()
    if pointers:
        return "pointer"
    if _DESCRIPTOR.search(type_name):
        return "descriptor"
    if type_name in _INTEGER_TYPES:
        return "integer"
    return "unknown"


def _argument_kind(arg: Node, ctx: LintContext) -> Kind:
    """What an argument is, as far as this file declares it: a tensor/filter descriptor, an
    integer (a size), a pointer, or unknown."""
    node = unparenthesized(_strip_casts(arg, ctx))
    text = ctx.text(node).strip()
    if node.type == "number_literal" and _NUMBER.match(text):
        return "integer"
    if node.type == "sizeof_expression":
        return "integer"
    if node.type in ("null", "nullptr") or text in _NULL:
        return "pointer"
    if node.type == "identifier":
        declared = lookup(node)
        if declared is None or declared.function or declared.function_pointer:
            return "unknown"
        return _kind_of(declared.type_name, declared.pointers + (1 if declared.array else 0))
    if node.type == "field_expression":
        field = node.child_by_field_name("field")
        types = _field_types(ctx).get(ctx.text(field), set()) if field is not None else set()
        kinds = {_kind_of(t, depth) for t, depth in types}
        return kinds.pop() if len(kinds) == 1 else "unknown"
    return "unknown"


def _argument_order(name: str, args: list[Node] | tuple[Node, ...], at: Node, ctx: LintContext) -> Order:
    """Which library's order a 13-argument MIOpen convolution call has its arguments in. cuDNN's
    ends `workspace, size, beta, yDesc, y`, MIOpen's `beta, yDesc, y, workspace, size`: a size
    at 9 or a descriptor at 11, or the host beta scalar at 10, says cuDNN; a descriptor at 9, a
    size at 12 or the beta scalar at 8 says MIOpen. Both or neither: unknown."""
    if name not in _CUDNN_ORDER or len(args) != 13:
        return "unknown"
    kinds = {i: _argument_kind(args[i], ctx) for i in (9, 11, 12)}
    cudnn = kinds[9] == "integer" or kinds[11] == "descriptor"
    miopen = kinds[9] == "descriptor" or kinds[12] == "integer"
    _, at_cudnn = _scalar(args[10], at, ctx)
    _, at_miopen = _scalar(args[8], at, ctx)
    if at_cudnn != "unknown" and at_miopen == "unknown":
        cudnn = True
    elif at_miopen != "unknown" and at_cudnn == "unknown":
        miopen = True
    if cudnn == miopen:
        return "unknown"
    return "cudnn" if cudnn else "miopen"


def _cudnn_ordered(name: str, args: list[Node] | tuple[Node, ...], at: Node, ctx: LintContext) -> bool:
    """A MIOpen convolution whose arguments are still in cuDNN's order (see _argument_order)."""
    return _argument_order(name, args, at, ctx) == "cudnn"


_CONV_SELECT = {
    "cudnnFindConvolutionForwardAlgorithm": "Forward",
    "cudnnFindConvolutionForwardAlgorithmEx": "Forward",
    "cudnnGetConvolutionForwardAlgorithm": "Forward",
    "cudnnGetConvolutionForwardAlgorithm_v7": "Forward",
    "cudnnFindConvolutionBackwardDataAlgorithm": "BackwardData",
    "cudnnFindConvolutionBackwardDataAlgorithmEx": "BackwardData",
    "cudnnGetConvolutionBackwardDataAlgorithm": "BackwardData",
    "cudnnGetConvolutionBackwardDataAlgorithm_v7": "BackwardData",
    "cudnnFindConvolutionBackwardFilterAlgorithm": "BackwardWeights",
    "cudnnFindConvolutionBackwardFilterAlgorithmEx": "BackwardWeights",
    "cudnnGetConvolutionBackwardFilterAlgorithm": "BackwardWeights",
    "cudnnGetConvolutionBackwardFilterAlgorithm_v7": "BackwardWeights",
    "miopenFindConvolutionForwardAlgorithm": "Forward",
    "miopenFindConvolutionBackwardDataAlgorithm": "BackwardData",
    "miopenFindConvolutionBackwardWeightsAlgorithm": "BackwardWeights",
    "hipify_plus_miopen::find_convolution_forward_algorithm": "Forward",  # HP304's port of cuDNN's Find
}
