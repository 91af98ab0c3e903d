"""cuDNN and MIOpen convolution calls that several rules read: MIOpen's argument order for each
convolution as indices into cuDNN's, which tells a call still in cuDNN's order (HP302, HP310,
HP325), and the algorithm-selection calls of each direction (HP301, HP304)."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._values import _scalar
from hipify_plus.parse import Node

# MIOpen convolutions take beta, the output and then the workspace; cuDNN takes the workspace
# before beta (and BackwardData/Weights swap the first two tensors). name -> MIOpen order as
# indices into the cuDNN-ordered arguments.
_CUDNN_ORDER = {
    "miopenConvolutionForward": (0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 8, 9),
    "miopenConvolutionBackwardData": (0, 1, 4, 5, 2, 3, 6, 7, 10, 11, 12, 8, 9),
    "miopenConvolutionBackwardWeights": (0, 1, 4, 5, 2, 3, 6, 7, 10, 11, 12, 8, 9),
}


def _cudnn_ordered(name: str, args: list[Node] | tuple[Node, ...], at: Node, ctx: LintContext) -> bool:
    """A MIOpen convolution whose 11th argument is the host beta scalar (cuDNN's place) while
    the 9th (MIOpen's beta) is not one: the arguments are still in cuDNN's order."""
    if name not in _CUDNN_ORDER or len(args) != 13:
        return False
    _, at_cudnn = _scalar(args[10], at, ctx)
    _, at_miopen = _scalar(args[8], at, ctx)
    return at_cudnn != "unknown" and at_miopen == "unknown"


_CONV_SELECT = {
    "cudnnFindConvolutionForwardAlgorithm": "Forward", "cudnnFindConvolutionForwardAlgorithmEx": "Forward",
    "cudnnGetConvolutionForwardAlgorithm": "Forward", "cudnnGetConvolutionForwardAlgorithm_v7": "Forward",
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
}
