"""Which preprocessor branches an AMD build compiles, for the portability family: the one
preprocessor model (`hipify_plus/cuda/preprocessor.py`, with what the project's headers define
for that build, `ctx.amd`), asked for every pass or for the device pass (device-code hazards)."""

from __future__ import annotations

from hipify_plus.cuda.preprocessor import condition_of, excluded, inactive_on_amd
from hipify_plus.cuda.syntax import same
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.parse import Node

CONDITIONALS = frozenset({"preproc_if", "preproc_ifdef", "preproc_elif", "preproc_elifdef"})


def _condition_value(directive: Node, ctx: LintContext, device: bool = False) -> int | None:
    """Whether the directive's test holds under hip-clang: in its device pass if `device`, else
    in both passes (None when the passes differ or it cannot be told)."""
    if device:
        return ctx.amd.in_pass(True).condition(directive)
    host, device_value = ctx.amd.in_pass(False).condition(directive), ctx.amd.in_pass(True).condition(directive)
    return host if host == device_value else None


def _is_condition(child: Node, directive: Node) -> bool:
    return same(child, directive.child_by_field_name("condition")) or same(
        child, directive.child_by_field_name("name"))


def _excluded_on_amd(node: Node, ctx: LintContext, stop: Node | None = None,
                     device: bool = False) -> bool:
    """True if an enclosing #if/#ifdef branch (below `stop`) is never compiled by hip-clang (by
    its device pass, if `device`: for device-code hazards)."""
    if device:
        return excluded(node, ctx.amd.in_pass(True), stop)
    return inactive_on_amd(node, ctx.amd, stop)


def _device_excluded(node: Node, ctx: LintContext, stop: Node | None = None) -> bool:
    return _excluded_on_amd(node, ctx, stop, device=True)


def _arch_switched(node: Node, ctx: LintContext, words: tuple[bytes, ...]) -> bool:
    """True if an enclosing #if tests one of `words` (the code already picks per target)."""
    parent = node.parent
    while parent is not None:
        if parent.type in CONDITIONALS:
            condition = condition_of(parent)
            if condition is not None and any(w in _raw(condition, ctx) for w in words):
                return True
        parent = parent.parent
    return False
