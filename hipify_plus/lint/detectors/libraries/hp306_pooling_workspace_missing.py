"""HP306: Pooling call without MIOpen's backward workspace."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _callee, _calls
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

_POOLING = frozenset({"cudnnPoolingForward", "cudnnPoolingBackward", "miopenPoolingForward", "miopenPoolingBackward"})


# HP306
@detector("call_expression", emits=("HP306",), names=tuple(sorted(_POOLING)))
def pooling_workspace_missing(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in _POOLING:
        return
    args = call_args(node)
    function = node.child_by_field_name("function") or node
    forward = name.endswith("Forward")
    if name.startswith("cudnn"):
        ctx.report(
            "HP306",
            function,
            f"`{name}` has no HIPIFY mapping: MIOpen's pooling "
            + (
                "forward also takes `do_backward`, a workspace and its size (from "
                "`miopenPoolingGetWorkSpaceSize`), which backward max pooling reads"
                if forward
                else "backward takes the workspace saved by the forward pass"
            ),
        )
        return
    if len(args) == (8 if forward else 12):
        ctx.report(
            "HP306",
            function,
            f"`{name}` has cuDNN's {len(args)} arguments: MIOpen's pooling "
            + (
                "forward also takes `do_backward`, a workspace and its size"
                if forward
                else "backward also takes the workspace written by the forward pass"
            ),
        )
        return
    if (
        forward
        and len(args) == 11
        and ctx.text(args[8]).strip() in ("false", "0")
        and any(c.name == "miopenPoolingBackward" for c in _calls(ctx))
    ):
        ctx.report(
            "HP306",
            args[8],
            "`miopenPoolingForward` runs with do_backward = false, but this file "
            "also runs `miopenPoolingBackward`: backward max pooling reads the indices the forward "
            "pass saves in its workspace only when do_backward is true",
        )
