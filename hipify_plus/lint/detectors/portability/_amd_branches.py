"""Which preprocessor branches an AMD build compiles, for the portability family: the one
preprocessor model (`hipify_plus/cuda/preprocessor.py`, with what the project's headers define
for that build, `ctx.amd`), asked for every pass or for the device pass (device-code hazards)."""

from __future__ import annotations

from hipify_plus.cuda.preprocessor import CONDITIONALS, condition_of, excluded, inactive_on_amd
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.parse import Node


def _excluded_on_amd(node: Node, ctx: LintContext, stop: Node | None = None, device: bool = False) -> bool:
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
