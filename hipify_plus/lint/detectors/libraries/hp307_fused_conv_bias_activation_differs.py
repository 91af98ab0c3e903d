"""HP307: Fused convolution + bias + activation runs differently on MIOpen."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _callee, _calls, _key, _squash
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


def _arg_is_null(node: Node, ctx: LintContext) -> bool:
    return _squash(ctx.text(node)) in ("nullptr", "NULL", "0", "(void*)0", "0u", "0ul", "0ull")


_RELU = frozenset({"CUDNN_ACTIVATION_RELU", "miopenActivationRELU"})


def _activation_mode(descriptor: Node, ctx: LintContext) -> str | None:
    key = _key(descriptor, ctx)
    for call in _calls(ctx):
        if call.name in ("cudnnSetActivationDescriptor", "miopenSetActivationDescriptor") \
                and len(call.args) > 1 and _key(call.args[0], ctx) == key:
            return ctx.text(call.args[1])
    return None


# HP307
@detector("call_expression", emits=("HP307",))
def fused_conv_bias_activation_differs(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in ("cudnnConvolutionBiasActivationForward", "miopenConvolutionBiasActivationForward"):
        return
    args = call_args(node)
    if len(args) != 18:
        return
    function = node.child_by_field_name("function") or node
    mode = _activation_mode(args[15], ctx)
    notes = []
    if not (_arg_is_null(args[8], ctx) and _arg_is_null(args[9], ctx)):
        notes.append("MIOpen takes no workspace here (pass nullptr, 0)")
    if mode is not None and mode not in _RELU:
        ctx.report("HP307", function, f"`{name}` uses the activation `{mode}`: MIOpen's fused "
                   "convolution + bias + activation accepts only ReLU and fails with "
                   "miopenStatusNotImplemented; use a fusion plan with that activation, or separate calls",
                   severity="error")
        return
    notes.append("MIOpen builds and compiles a fusion plan on every call and accepts only ReLU; for "
                 "repeated calls create the fusion plan once (`miopenCreateFusionPlan`)")
    ctx.report("HP307", function, f"`{name}`: " + "; ".join(notes), severity="info")
