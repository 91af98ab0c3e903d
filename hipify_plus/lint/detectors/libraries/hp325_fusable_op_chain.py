"""HP325: Convolution/GEMM followed by bias or activation passes that could be fused."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import call_args
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _FUNCTION, _ancestor, _calls, _inside, _key
from hipify_plus.lint.detectors.libraries._cudnn_calls import _cudnn_ordered
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node

_CONV_OUTPUT = {
    "cudnnConvolutionForward": 12,
    "miopenConvolutionForward": 10,
    "hipify_plus_miopen::convolution_forward": 9,
}  # HP301's Find-once function
_BIAS_ADD = {"cudnnAddTensor": 6, "miopenConvolutionForwardBias": 6, "miopenOpTensor": 10}
_ACTIVATION_INPUT = {"cudnnActivationForward": 4, "miopenActivationForward": 4}
_GEMM_OUTPUT = {
    "cublasSgemm": 12,
    "cublasSgemm_v2": 12,
    "cublasHgemm": 12,
    "hipblasSgemm": 12,
    "hipblasHgemm": 12,
    "rocblas_sgemm": 12,
    "rocblas_hgemm": 12,
    "cublasGemmEx": 14,
    "hipblasGemmEx": 14,
    "hipblasGemmEx_v2": 14,
}
_EPILOGUE_KERNEL = re.compile(r"bias|relu|gelu|silu|swish|activation", re.IGNORECASE)


def _mentions(arguments: list[Node] | tuple[Node, ...], key: str, ctx: LintContext) -> bool:
    return any(_key(a, ctx) == key for a in arguments)


def _later_in_function(ctx: LintContext, after: Node) -> list[tuple[Node, str, list[Node]]]:
    """Calls and launches after `after` in its function: (node, name, arguments)."""
    function = _ancestor(after, _FUNCTION)
    if function is None:
        return []
    launches = {launch.node.start_byte: launch for launch in ctx.launches}
    found = []
    for call in _calls(ctx):
        if call.node.start_byte <= after.end_byte or not _inside(call.node, function):
            continue
        launch = launches.get(call.node.start_byte)
        if launch is not None:
            args = call_args(call.node)
            kernel_args = args[5:] if call.name.startswith("hipLaunch") else args
            found.append((call.node, "<<<" + launch.kernel, kernel_args))
        else:
            found.append((call.node, call.name, list(call.args)))
    return found


# HP325
@file_detector(emits=("HP325",), names=("ConvolutionForward", "convolution_forward", "gemm", "Gemm"))
def fusable_op_chain(ctx: LintContext) -> None:
    for call in _calls(ctx):
        if call.name in _CONV_OUTPUT and len(call.args) == (12 if call.name.startswith("hipify_plus") else 13):
            index = 12 if _cudnn_ordered(call.name, call.args, call.node, ctx) else _CONV_OUTPUT[call.name]
            output = _key(call.args[index], ctx)
            chain = [c for c in _later_in_function(ctx, call.node) if _mentions(c[2], output, ctx)]
            if len(chain) < 2:
                continue
            (_, bias_name, bias_args), (_, act_name, act_args) = chain[0], chain[1]
            if (
                bias_name not in _BIAS_ADD
                or len(bias_args) <= _BIAS_ADD[bias_name]
                or _key(bias_args[_BIAS_ADD[bias_name]], ctx) != output
            ):
                continue
            if act_name not in _ACTIVATION_INPUT or len(act_args) <= 4 or _key(act_args[4], ctx) != output:
                continue
            function = call.node.child_by_field_name("function") or call.node
            ctx.report(
                "HP325",
                function,
                f"`{call.name}` -> `{bias_name}` -> `{act_name}` on `{output}`: three "
                "passes over the output; fuse them (cuDNN: cudnnConvolutionBiasActivationForward; MIOpen: a "
                "fusion plan with conv, bias and activation ops, compiled once)",
            )
        elif call.name in _GEMM_OUTPUT and len(call.args) > _GEMM_OUTPUT[call.name]:
            output = _key(call.args[_GEMM_OUTPUT[call.name]], ctx)
            chain = [c for c in _later_in_function(ctx, call.node) if _mentions(c[2], output, ctx)]
            if not chain or not chain[0][1].startswith("<<<"):
                continue
            kernel = chain[0][1][3:]
            if not _EPILOGUE_KERNEL.search(kernel):
                continue
            function = call.node.child_by_field_name("function") or call.node
            ctx.report(
                "HP325",
                function,
                f"`{call.name}` is followed by the kernel `{kernel}` on its output "
                f"`{output}`: a GEMM epilogue (hipBLASLt / cuBLASLt BIAS, RELU_BIAS, GELU_BIAS) saves "
                "a launch and a pass over the output",
            )
