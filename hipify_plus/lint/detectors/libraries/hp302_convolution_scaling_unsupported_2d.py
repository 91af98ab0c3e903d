"""HP302: 2-D convolution with alpha != 1 or beta != 0 (MIOpen rejects it)."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _callee, _calls, _key
from hipify_plus.lint.detectors.libraries._cudnn_calls import _cudnn_ordered
from hipify_plus.lint.detectors.libraries._cudnn_rewrites import inside_support
from hipify_plus.lint.detectors.libraries._values import _scalar
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.rewrite.cudnn import WRAPPER_SCALARS

_CONV_SCALARS = {
    "cudnnConvolutionForward": (1, 10),
    "cudnnConvolutionBackwardData": (1, 10),
    "cudnnConvolutionBackwardFilter": (1, 10),
    "miopenConvolutionForward": (1, 8),
    "miopenConvolutionBackwardData": (1, 8),
    "miopenConvolutionBackwardWeights": (1, 8),
    **WRAPPER_SCALARS,  # HP301's Find-once functions: the MIOpen call's arguments less the algorithm
}
_CONV_RANK = {
    "cudnnSetConvolution2dDescriptor": 2,
    "miopenInitConvolutionDescriptor": 2,
    "cudnnSetConvolutionNdDescriptor": None,
    "miopenInitConvolutionNdDescriptor": None,
}


def _convolution_rank(descriptor: Node, ctx: LintContext) -> int | None:
    """Spatial dimensions set on a convolution descriptor in this file (None: not known)."""
    key = _key(descriptor, ctx)
    for call in _calls(ctx):
        if call.name in _CONV_RANK and call.args and _key(call.args[0], ctx) == key:
            rank = _CONV_RANK[call.name]
            if rank is None and len(call.args) > 1:
                rank = ctx.int_value(call.args[1])
            return rank
    return None


# HP302
@detector("call_expression", emits=("HP302",), names=tuple(_CONV_SCALARS))
def convolution_scaling_unsupported_in_2d(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    positions = _CONV_SCALARS.get(name)
    if positions is None:
        return
    args = call_args(node)
    count = 12 if name in WRAPPER_SCALARS else 13
    if len(args) != count or _convolution_rank(args[6], ctx) not in (None, 2) or inside_support(node, ctx):
        return
    if _cudnn_ordered(name, args, node, ctx):
        positions = (1, 10)  # still in cuDNN's order (HP310)
    for index, allowed, label in ((positions[0], 1.0, "alpha"), (positions[1], 0.0, "beta")):
        scalar, values = _scalar(args[index], node, ctx)
        if values == "parameter":
            ctx.report(
                "HP302",
                args[index],
                f"{label} of `{name}` comes from the parameter `{scalar}`: "
                f"MIOpen runs 2-D convolutions only with alpha = 1 and beta = 0 (other values "
                "fail with miopenStatusNotImplemented); check every caller",
            )
        elif isinstance(values, list) and any(v != allowed for v in values):
            shown = ", ".join(f"{v:g}" for v in values if v != allowed)
            what = "accumulates into the output" if label == "beta" else "scales the result"
            ctx.report(
                "HP302",
                args[index],
                f"{label} of `{name}` is {shown} (`{scalar}`): the call {what}, "
                f"but MIOpen runs 2-D convolutions only with alpha = 1 and beta = 0 "
                "(miopenStatusNotImplemented); convolve into a temporary and combine it separately",
            )
