"""HP303: cuDNN descriptor setter with no MIOpen mapping or a different argument list."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _callee, _drop_argument
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

_MIOPEN_DTYPE = {
    "CUDNN_DATA_FLOAT": "miopenFloat", "CUDNN_DATA_HALF": "miopenHalf", "CUDNN_DATA_BFLOAT16": "miopenBFloat16",
    "CUDNN_DATA_INT8": "miopenInt8", "CUDNN_DATA_INT32": "miopenInt32", "CUDNN_DATA_DOUBLE": "miopenDouble",
}
_NCHW = ("CUDNN_TENSOR_NCHW", "miopenTensorNCHW")
_SETTER_MESSAGES = {
    "cudnnSetTensor4dDescriptor": "no HIPIFY mapping, and MIOpen's `miopenSet4dTensorDescriptor` has no format "
                                  "argument (packed NCHW only); NHWC needs "
                                  "`miopenSetNdTensorDescriptorWithLayout`",
    "cudnnSetTensorNdDescriptor": "no HIPIFY mapping; `miopenSetTensorDescriptor` takes the same (type, nbDims, "
                                  "dims, strides) arguments",
    "cudnnSetTensorNdDescriptorEx": "no HIPIFY mapping; use `miopenSetNdTensorDescriptorWithLayout` (layout after "
                                    "the data type, length last)",
    "cudnnSetFilter4dDescriptor": "no HIPIFY mapping, and MIOpen has no filter descriptor: a filter is a tensor "
                                  "descriptor (`miopenSet4dTensorDescriptor`, KCHW order)",
    "cudnnSetFilterNdDescriptor": "no HIPIFY mapping, and MIOpen has no filter descriptor: describe the filter "
                                  "with `miopenSetTensorDescriptor` or `miopenSetNdTensorDescriptorWithLayout`",
    "cudnnSetConvolution2dDescriptor": "no HIPIFY mapping; MIOpen's `miopenInitConvolutionDescriptor` takes the "
                                       "mode second and has no compute type",
    "cudnnSetConvolutionNdDescriptor": "no HIPIFY mapping; MIOpen's `miopenInitConvolutionNdDescriptor` has no "
                                       "compute type",
    "cudnnSetActivationDescriptor": "no HIPIFY mapping; `miopenSetActivationDescriptor` takes (mode, alpha, beta, "
                                    "gamma) with per-mode meanings and no NaN option",
    "cudnnSetOpTensorDescriptor": "no HIPIFY mapping, and MIOpen has no op-tensor descriptor: `miopenOpTensor` "
                                  "takes the operation directly",
    "cudnnSetPooling2dDescriptor": "renamed to `miopenSet2dPoolingDescriptor`, which has no NaN-propagation "
                                   "argument: the translated call has one argument too many",
    "cudnnSetPoolingNdDescriptor": "renamed to `miopenSetNdPoolingDescriptor`, which has no NaN-propagation "
                                   "argument: the translated call has one argument too many",
    "cudnnSetLRNDescriptor": "renamed to `miopenSetLRNDescriptor`, which also takes the LRN mode (second "
                             "argument): the translated call is one argument short",
}
# Ported calls that kept cuDNN's argument count: name -> (count, message)
_PORTED_SETTERS = {
    "miopenSet2dPoolingDescriptor": (9, "has no NaN-propagation argument: drop the third argument"),
    "miopenSetNdPoolingDescriptor": (7, "has no NaN-propagation argument: drop the third argument"),
    "miopenSetLRNDescriptor": (5, "takes the LRN mode as its second argument (`miopenLRNCrossChannel`)"),
}


def _display_setter(name: str, args: list[Node], ctx: LintContext) -> tuple[str, str] | None:
    """The MIOpen call a cuDNN setter becomes, when it is a plain reordering."""
    text = [ctx.text(a) for a in args]

    def call(function: str, dtype: str, rest: list[str]) -> tuple[str, str]:
        return f"Use `{function}`", f"{function}({text[0]}, {_MIOPEN_DTYPE.get(dtype, dtype)}, {', '.join(rest)})"

    if name == "cudnnSetTensor4dDescriptor" and len(args) == 7 and text[1] in _NCHW:
        return call("miopenSet4dTensorDescriptor", text[2], text[3:])
    if name == "cudnnSetFilter4dDescriptor" and len(args) == 7 and text[2] in _NCHW:
        return call("miopenSet4dTensorDescriptor", text[1], text[3:])
    if name == "cudnnSetTensorNdDescriptor" and len(args) == 5:
        return call("miopenSetTensorDescriptor", text[1], text[2:])
    if name == "cudnnSetConvolution2dDescriptor" and len(args) == 9 and text[7] in ("CUDNN_CROSS_CORRELATION",):
        return ("Use `miopenInitConvolutionDescriptor`",
                f"miopenInitConvolutionDescriptor({text[0]}, miopenConvolution, {', '.join(text[1:7])})")
    return None


# HP303
@detector("call_expression", emits=("HP303",))
def descriptor_setter_differs(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if not name.startswith(("cudnnSet", "miopenSet")):
        return
    args = call_args(node)
    function = node.child_by_field_name("function") or node
    if name in _PORTED_SETTERS:
        count, why = _PORTED_SETTERS[name]
        if len(args) != count:
            return
        fix = None
        drop = _drop_argument(args, 2, ctx) if name != "miopenSetLRNDescriptor" else None
        if drop is not None:
            fix = ctx.fix("HP303", "Drop the cuDNN NaN-propagation argument", [drop], applicability="unsafe")
        ctx.report("HP303", function, f"`{name}` still has cuDNN's {count} arguments: MIOpen's setter {why}", fix)
        return
    message = _SETTER_MESSAGES.get(name)
    if message is None:
        return
    if name in ("cudnnSetConvolution2dDescriptor", "cudnnSetConvolutionNdDescriptor") and any(
            ctx.text(a) == "CUDNN_CONVOLUTION" for a in args):
        message = ("CUDNN_CONVOLUTION is true convolution (flipped filter), but MIOpen's only mode, "
                   "`miopenConvolution`, is cross-correlation: results differ unless the weights are "
                   "flipped; also " + message)
    fix = None
    display = _display_setter(name, args, ctx)
    if display is not None:
        fix = ctx.fix("HP303", display[0], [Edit(node.start_byte, node.end_byte, display[1].encode())],
                      applicability="display")
    ctx.report("HP303", function, f"`{name}`: {message}", fix)
