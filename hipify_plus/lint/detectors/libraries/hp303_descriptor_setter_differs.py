"""HP303: cuDNN descriptor setter with no MIOpen mapping or a different argument list.

In HIP code (convert's output) the setters MIOpen has a counterpart for are rewritten to it
(hipify_plus/rewrite/cudnn.py); in CUDA code the MIOpen call is shown, since it does not compile
against cuDNN."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args
from hipify_plus.edits import Edit, Fix
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _ancestor, _callee, _drop_argument
from hipify_plus.lint.detectors.libraries._cudnn_rewrites import (
    call_edits,
    inside_support,
    is_hip,
    statement_of,
    support_edit,
)
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.rewrite import cudnn

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
    "cudnnSetConvolutionMathType": "no HIPIFY mapping, and MIOpen has no math type on a convolution descriptor "
    "(it chooses its kernels itself): the call has nothing to do",
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
# The setters convert leaves for this rule (status lint in rules/mappings/extra.tsv); convert
# reports the others as unmapped itself (HP001), so in its output this rule says nothing of them.
_LEFT_BY_CONVERT = frozenset(
    {
        "cudnnSetTensor4dDescriptor",
        "cudnnSetFilter4dDescriptor",
        "cudnnSetConvolution2dDescriptor",
        "cudnnSetConvolutionMathType",
        "cudnnSetActivationDescriptor",
    }
)
_MATH_NAMES = frozenset(
    {
        "CUDNN_DEFAULT_MATH",
        "CUDNN_TENSOR_OP_MATH",
        "CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION",
        "CUDNN_FMA_MATH",
        "cudnnMathType_t",
    }
)


def _plan(name: str, texts: list[str]) -> cudnn.Call | cudnn.Refusal | None:
    """The MIOpen call a cuDNN setter becomes (or why none is right); None: no rewrite exists."""
    if name == "cudnnSetTensor4dDescriptor":
        return cudnn.tensor_4d(texts)
    if name == "cudnnSetFilter4dDescriptor":
        return cudnn.tensor_4d(texts, filter_order=True)
    if name == "cudnnSetConvolution2dDescriptor":
        return cudnn.convolution_2d(texts)
    if name == "cudnnSetActivationDescriptor":
        return cudnn.activation(texts)
    if name == "cudnnSetTensorNdDescriptor" and len(texts) == 5:
        return cudnn.Call("miopenSetTensorDescriptor", tuple(texts), {1: cudnn.miopen_enumerator(texts[1])})
    return None


def _rewrite(node: Node, name: str, args: list[Node], ctx: LintContext) -> tuple[Fix | None, str]:
    """The fix for a cuDNN setter (safe in HIP code, shown in CUDA code), or why there is none."""
    texts = [ctx.text(a) for a in args]
    hip = is_hip(ctx)
    applicability = None if hip else "display"
    if name == "cudnnSetConvolutionMathType":
        if len(args) != 2:
            return None, ""
        statement = statement_of(node)
        if statement is not None:
            edit = Edit(
                statement.start_byte, statement.end_byte, cudnn.math_type_statement(" ".join(ctx.text(node).split()))
            )
        else:
            # a cast, so that `f(...) != miopenStatusSuccess` does not become a self-comparison
            edit = Edit(node.start_byte, node.end_byte, b"static_cast<miopenStatus_t>(miopenStatusSuccess)")
        return ctx.fix("HP303", "Drop the call (MIOpen has no math type)", [edit], applicability=applicability), ""
    plan = _plan(name, texts)
    if plan is None:
        return None, ""
    if isinstance(plan, cudnn.Refusal):
        return None, f"; not rewritten: {plan.reason}"
    edits = call_edits(node, args, plan, ctx)
    if edits is None:
        return None, "; not rewritten: a comment sits between arguments the rewrite drops"
    if plan.parts:
        if not hip:
            return None, ""  # the helper it calls is added by the HIP-side rewrite
        possible, block = support_edit(ctx, plan.parts, node.start_byte)
        if not possible:
            return None, (
                "; not rewritten: the helper it needs goes after the file's #includes, and "
                "<miopen/miopen.h> is not among them"
            )
        if block is not None:
            edits.append(block)
    note = f" ({plan.note})" if plan.note else ""
    return ctx.fix("HP303", f"Use `{plan.function}`{note}", edits, applicability=applicability), ""


# HP303
@detector("call_expression", emits=("HP303",), names=("cudnnSet", "miopenSet"))
def descriptor_setter_differs(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if not name.startswith(("cudnnSet", "miopenSet")) or inside_support(node, ctx):
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
    if message is None or (ctx.settings.converted and name.startswith("cudnn") and name not in _LEFT_BY_CONVERT):
        return
    fix, why = _rewrite(node, name, args, ctx)
    ctx.report("HP303", function, f"`{name}`: {message}{why}", fix)


# HP303
@detector("identifier", "type_identifier", emits=("HP303",), names=tuple(sorted(_MATH_NAMES)))
def math_type_left(node: Node, ctx: LintContext) -> None:
    """cuDNN math types in HIP code outside the setter HP303 rewrites (convert leaves them)."""
    if not ctx.data.startswith((b"CUDNN_", b"cudnnMathType_t"), node.start_byte) or ctx.text(node) not in _MATH_NAMES:
        return
    if not is_hip(ctx):
        return  # CUDA code: the setter's finding covers it, and convert maps the rest
    call = _ancestor(node, frozenset({"call_expression"}))
    while call is not None:
        if _callee(call, ctx) == "cudnnSetConvolutionMathType":
            return
        call = _ancestor(call, frozenset({"call_expression"}))
    ctx.report(
        "HP303",
        node,
        f"`{ctx.text(node)}`: MIOpen has no math type (a convolution's kernels are its own "
        "choice); drop what stores or passes it",
    )
