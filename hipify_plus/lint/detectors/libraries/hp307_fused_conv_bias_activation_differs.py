"""HP307: Fused convolution + bias + activation runs differently on MIOpen.

In HIP code, with alpha1 = 1 and alpha2 = 0 proven, the call becomes hipify-plus's support function:
a MIOpen fusion plan (convolution, bias, activation) compiled once per handle, descriptor set and
activation mode, with the unfused convolution (through Find), bias add and activation where MIOpen
cannot fuse the problem (hipify_plus/rewrite/cudnn.py, templates/cudnn/miopen_support.h.j2)."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args
from hipify_plus.edits import Edit, Fix
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _callee, _key, _squash
from hipify_plus.lint.detectors.libraries._cudnn_rewrites import (
    cudnn_calls,
    drop_arguments,
    inside_support,
    is_hip,
    support_edit,
)
from hipify_plus.lint.detectors.libraries._values import _scalar
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.rewrite import cudnn

_RELU = frozenset({"CUDNN_ACTIVATION_RELU", "miopenActivationRELU"})
_FUSED = frozenset({"cudnnConvolutionBiasActivationForward", "miopenConvolutionBiasActivationForward"})


def _activation_mode(descriptor: Node, ctx: LintContext) -> str | None:
    key = _key(descriptor, ctx)
    for call in cudnn_calls(ctx):
        if (
            call.name in ("cudnnSetActivationDescriptor", "miopenSetActivationDescriptor")
            and len(call.args) > 1
            and _key(call.args[0], ctx) == key
        ):
            return ctx.text(call.args[1])
    return None


def _known(arg: Node, at: Node, ctx: LintContext, value: float) -> tuple[bool, str]:
    """(the host scalar `arg` points at is always `value` here, how it is written)."""
    name, values = _scalar(arg, at, ctx)
    return isinstance(values, list) and bool(values) and all(v == value for v in values), _squash(name)


def _fusion_fix(node: Node, args: list[Node], ctx: LintContext) -> tuple[Fix | None, str]:
    alpha1_one, alpha1 = _known(args[1], node, ctx, 1.0)
    alpha2_zero, alpha2 = _known(args[10], node, ctx, 0.0)
    if not alpha1_one:
        return None, (
            f"; not rewritten: alpha1 (`{alpha1}`) is not known to be 1, and MIOpen's fused and plain "
            "2-D convolutions do not scale their result: convolve into a temporary and scale it"
        )
    if not alpha2_zero:
        return None, (
            f"; not rewritten: alpha2 (`{alpha2}`) is not known to be 0, so the call adds alpha2 * z "
            "(a residual), for which a MIOpen fusion plan has no operator: run the convolution, add z "
            "with `miopenOpTensor`, then the bias and the activation"
        )
    function = node.child_by_field_name("function")
    drops = drop_arguments(args, [i for i in range(len(args)) if i not in cudnn.FUSED_KEPT], ctx)
    if function is None or drops is None:
        return None, "; not rewritten: a comment sits beside an argument the rewrite drops"
    possible, block = support_edit(ctx, [cudnn.FUSION], node.start_byte)
    if not possible:
        return None, (
            "; not rewritten: hipify-plus's fusion-plan code goes after the file's #includes, and "
            "<miopen/miopen.h> is not among them"
        )
    edits = [Edit(function.start_byte, function.end_byte, cudnn.FUSED_FUNCTION.encode())]
    edits += drops
    if block is not None:
        edits.append(block)
    title = f"Run a MIOpen fusion plan compiled once per descriptor set (`{cudnn.FUSED_FUNCTION}`)"
    return ctx.fix("HP307", title, edits), ""


# HP307
@detector("call_expression", emits=("HP307",), names=tuple(sorted(_FUSED)))
def fused_conv_bias_activation_differs(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in _FUSED:
        return
    args = call_args(node)
    if len(args) != 18 or inside_support(node, ctx):
        return
    function = node.child_by_field_name("function") or node
    fix, why = _fusion_fix(node, args, ctx) if is_hip(ctx) else (None, "")
    mode = _activation_mode(args[15], ctx)
    activation = ""
    if mode is not None and mode not in _RELU:
        activation = (
            f"; its activation `{mode}` is not ReLU, which MIOpen's newest single call rejects "
            "(miopenStatusNotImplemented)"
        )
    ctx.report(
        "HP307",
        function,
        f"`{name}`: MIOpen's `miopenConvolutionBiasActivationForward` is not cuDNN's "
        "call: ROCm 5.7 and 6.0 accept only alpha2 = 1 with no z, 6.1 and 6.2 only alpha1 = alpha2 = 1 "
        "and always add z, newer MIOpen adds alpha2 * z and accepts only ReLU (so cuDNN's usual alpha2 = 0 "
        f"fails on every release), and every call compiles a new fusion plan{activation}{why}",
        fix,
    )
