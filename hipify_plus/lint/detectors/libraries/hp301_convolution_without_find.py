"""HP301: Convolution whose algorithm was not chosen by a Find step (MIOpen requires one).

The fix makes a MIOpen convolution call the support function that runs Find once per handle and
descriptor set, on the call's own buffers, with a workspace of MIOpen's size, and then the
convolution with the algorithm Find chose (hipify_plus/rewrite/cudnn.py,
templates/cudnn/miopen_support.h.j2)."""

from __future__ import annotations

import re

from hipify_plus.edits import Edit, Fix
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _Call, _key, _strip_casts
from hipify_plus.lint.detectors.libraries._cudnn_calls import _CONV_SELECT, _argument_order
from hipify_plus.lint.detectors.libraries._cudnn_rewrites import cudnn_calls, drop_arguments, is_hip, support_edit
from hipify_plus.lint.detectors.libraries._values import _origin
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node
from hipify_plus.rewrite import cudnn

_CONV_EXEC = {
    "cudnnConvolutionForward": "Forward",
    "cudnnConvolutionBackwardData": "BackwardData",
    "cudnnConvolutionBackwardFilter": "BackwardWeights",
    "miopenConvolutionForward": "Forward",
    "miopenConvolutionBackwardData": "BackwardData",
    "miopenConvolutionBackwardWeights": "BackwardWeights",
}

_ALGO_CONSTANT = re.compile(r"^(?:CUDNN_CONVOLUTION_\w*ALGO\w*|miopen(?:Convolution|Transpose)\w*Algo\w*)$")


def _constant_algorithm(arg: Node, at: Node, ctx: LintContext) -> tuple[str, str]:
    """(how to show the constant, origin kind) of a convolution's algorithm argument; the kind is
    constant, local (chosen in this file) or external (a parameter, member or call result)."""
    node = _strip_casts(arg, ctx)
    text = ctx.text(node)
    if node.type == "number_literal" or (
        node.type == "identifier" and (_ALGO_CONSTANT.match(text) or text in ctx.constants)
    ):
        return f"`{text}`", "constant"
    if node.type == "field_expression":
        base = node.child_by_field_name("argument")
        while base is not None and base.type == "subscript_expression":
            base = base.child_by_field_name("argument")
        if (
            base is not None
            and base.type == "identifier"
            and _origin(ctx.text(base), at, ctx).kind in ("local", "global")
        ):
            return "", "local"  # perfResults[0].fwd_algo: read from a search result in this file
        return "", "external"
    if node.type != "identifier":
        return "", "external"
    origin = _origin(text, at, ctx)
    if origin.kind != "local":
        return "", "external"
    constants = []
    for value in origin.values:
        inner = _strip_casts(value, ctx) if value is not None else None
        if inner is None or not (inner.type == "number_literal" or _ALGO_CONSTANT.match(ctx.text(inner))):
            return "", "local"
        constants.append(ctx.text(inner))
    if not constants:
        return "", "local"
    return f"`{text}` (= `{constants[-1]}`)", "constant"


def _find_fix(call: _Call, ctx: LintContext, applicability: str | None = None) -> tuple[Fix | None, str]:
    """The rewrite to the Find-once support function, or why there is none."""
    wrapper = cudnn.CONVOLUTIONS.get(call.name)
    if wrapper is None:
        return None, ""  # cuDNN spelling: convert ports it first
    if not is_hip(ctx):
        return None, ""
    order = _argument_order(call.name, call.args, call.node, ctx)
    if order != "miopen":
        why = (
            "its arguments are still in cuDNN's order (HP310)"
            if order == "cudnn"
            else "the file does not show which order its arguments are in (a size, a descriptor or the beta "
            "scalar would)"
        )
        return None, f"; not rewritten: {why}"
    function = call.node.child_by_field_name("function")
    drop = drop_arguments(call.args, [wrapper.algorithm_index], ctx)
    possible, block = support_edit(ctx, [wrapper.part], call.node.start_byte)
    if function is None or drop is None:
        return None, "; not rewritten: a comment or line break sits beside the algorithm argument"
    if not possible:
        return None, (
            "; not rewritten: hipify-plus's Find support code goes after the file's #includes, and "
            "<miopen/miopen.h> is not among them"
        )
    edits = [Edit(function.start_byte, function.end_byte, wrapper.function.encode()), *drop]
    if block is not None:
        edits.append(block)
    title = f"Run `{wrapper.find}` once per descriptor set: `{wrapper.function}`"
    return ctx.fix("HP301", title, edits, applicability=applicability), ""


# HP301
@file_detector(emits=("HP301",), names=("Convolution",))
def convolution_without_find(ctx: LintContext) -> None:
    calls = cudnn_calls(ctx)
    for call in calls:
        direction = _CONV_EXEC.get(call.name)
        if direction is None or len(call.args) != 13:
            continue
        library = "miopen" if call.name.startswith("miopen") else "cudnn"
        if library == "cudnn" and ctx.settings.converted:
            continue  # a cuDNN call convert could not map: it reports it (HP001)
        find = f"miopenFindConvolution{direction}Algorithm"
        constant, origin = _constant_algorithm(call.args[7], call.node, ctx)
        if origin == "constant":
            fix, why = _find_fix(call, ctx, applicability="unsafe")
            rewrite = (
                "; the fix lets Find choose instead (unsafe: it drops the choice, whose reason -- "
                "determinism, memory -- only the author knows)"
                if fix is not None
                else why
            )
            ctx.report(
                "HP301",
                call.args[7],
                f"`{call.name}` runs the fixed algorithm {constant}: MIOpen "
                f"needs the algorithm (and workspace) chosen by `{find}` on these descriptors, and "
                f"throws 'Was find executed?' without it{rewrite}",
                fix,
            )
            continue
        if origin != "local":
            continue
        descriptor = _key(call.args[6], ctx)
        selected = any(
            _CONV_SELECT.get(other.name) == direction
            and other.node.start_byte < call.node.start_byte
            and (library == "cudnn" or other.name.startswith("miopen"))
            and any(_key(a, ctx) == descriptor for a in other.args)
            for other in calls
        )
        if not selected:
            function = call.node.child_by_field_name("function")
            step = f"`{find}`" if library == "miopen" else "cuDNN Find/Get-algorithm step"
            fix, why = _find_fix(call, ctx)
            ctx.report(
                "HP301",
                function or call.node,
                f"`{call.name}` on `{descriptor}` has no {step} on that "
                f"descriptor before it in this file: MIOpen refuses a convolution whose algorithm was "
                f"not chosen by `{find}` first{why}",
                fix,
            )
