"""HP326: cuDNN's true-convolution mode, which MIOpen does not have."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP326
@detector("identifier", emits=("HP326",), names=("CUDNN_CONVOLUTION",))
def true_convolution_mode(node: Node, ctx: LintContext) -> None:
    if not ctx.data.startswith(b"CUDNN_CONVOLUTION", node.start_byte) or ctx.text(node) != "CUDNN_CONVOLUTION":
        return
    ctx.report(
        "HP326",
        node,
        "`CUDNN_CONVOLUTION` is true convolution (the filter flipped in every spatial "
        "dimension): MIOpen's modes are cross-correlation (`miopenConvolution`, cuDNN's "
        "CUDNN_CROSS_CORRELATION), transposed, grouped and depthwise, so a rename would compute something "
        "else; flip the weights once (reverse R and S) and use `miopenConvolution`",
    )
