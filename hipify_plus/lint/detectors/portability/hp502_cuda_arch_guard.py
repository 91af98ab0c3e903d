"""HP502: `__CUDA_ARCH__` test that hip-clang never satisfies."""

from __future__ import annotations

import re
from collections.abc import Iterator

from hipify_plus.cuda.preprocessor import (
    CONDITIONALS,
    condition_of,
    in_directive,
    is_amd_macro,
    mentions_amd,
    on_unparsed_directive,
)
from hipify_plus.cuda.syntax import callee_name, descendants, same
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded, _excluded_on_amd
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.lint.detectors.portability._intrinsics import _defined_in_file, _missing_intrinsic
from hipify_plus.lint.detectors.portability._ptx import _ptx_in_asm, _ptx_in_macro
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

DEVICE_GUARD = "defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)"
HOST_GUARD = "!defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)"
PRESENCE_TESTS = frozenset({"preproc_defined", "preproc_ifdef", "preproc_elifdef"})
# The oldest architecture any CUDA toolkit still in use compiles for (CUDA 11: sm_35; CUDA 12 starts
# at sm_50, CUDA 13 at sm_75): a comparison that gives the same answer on it and on every newer one
# (`__CUDA_ARCH__ >= 200`, Fermi's) tests only whether this is a device pass.
OLDEST_ARCH = 350
_MIRRORED = {">=": "<=", ">": "<", "<=": ">=", "<": ">"}


def _floor_test(use: Node, ctx: LintContext) -> bool | None:
    """`__CUDA_ARCH__ >= 200` (or `200 <= __CUDA_ARCH__`): what it gives on every architecture
    from OLDEST_ARCH on (True or False), or None when that depends on the architecture."""
    test = use.parent
    if test is None or test.type != "binary_expression" or test.child_count != 3:
        return None
    left, operator, right = test.children
    number = right if same(left, use) else left
    digits = _raw(number, ctx).rstrip(b"uUlL")
    if number.type != "number_literal" or not digits.isdigit():
        return None
    op = _raw(operator, ctx).decode()
    if same(right, use):
        op = _MIRRORED.get(op, op)
    value = int(digits)
    if op in (">=", ">"):  # __CUDA_ARCH__ >= value
        return True if (value <= OLDEST_ARCH if op == ">=" else value < OLDEST_ARCH) else None
    if op in ("<", "<="):
        return False if (value <= OLDEST_ARCH if op == "<" else value < OLDEST_ARCH) else None
    return None


def _earlier_branches(directive: Node) -> Iterator[Node]:
    """The #if/#elif directives before `directive` in its #if ... #elif ... #else chain."""
    current = directive
    while (
        current.parent is not None
        and current.parent.type in CONDITIONALS
        and same(current, current.parent.child_by_field_name("alternative"))
    ):
        current = current.parent
        yield current


def _chain_root(directive: Node) -> Node:
    """The #if/#ifdef that starts the chain of `directive`."""
    return [directive, *_earlier_branches(directive)][-1]


def _earlier_branch_mentions_amd(directive: Node, ctx: LintContext) -> bool:
    """`#if defined(__HIP_DEVICE_COMPILE__) ... #elif defined(__CUDA_ARCH__)`: AMD comes first."""
    for branch in _earlier_branches(directive):
        condition = condition_of(branch)
        if condition is not None and mentions_amd(condition):
            return True
    return False


def _exposed_hazard(chain: Node, ctx: LintContext) -> str | None:
    """Code in the chain's branches that AMD cannot compile: switching the guard would expose it."""
    for node in descendants(chain):
        if node.type == "gnu_asm_expression":
            idiom = _ptx_in_asm(node, ctx)
            if idiom is not None and not _device_excluded(node, ctx, stop=chain):
                return "inline PTX"
        elif node.type == "preproc_arg" and b"asm" in _raw(node, ctx):
            if any(_ptx_in_macro(node, ctx)) and not _device_excluded(node, ctx, stop=chain):
                return "inline PTX"
        elif node.type == "call_expression":
            name = callee_name(node)
            if (
                _missing_intrinsic(name)
                and not _defined_in_file(ctx, name)
                and not _device_excluded(node, ctx, stop=chain)
            ):
                return f"`{name}`, which HIP lacks"
    return None


def _guard_fix(node: Node, uses: list[Node], ctx: LintContext) -> list[Edit]:
    if node.type in ("preproc_ifdef", "preproc_elifdef"):
        keyword, name = node.children[0], node.child_by_field_name("name")
        if name is None:
            return []
        negated = keyword.type in ("#ifndef", "#elifndef")
        directive = "#elif" if keyword.type.startswith("#elif") else "#if"
        return [
            Edit(keyword.start_byte, name.end_byte, f"{directive} {HOST_GUARD if negated else DEVICE_GUARD}".encode())
        ]
    condition = node.child_by_field_name("condition")
    edits = []
    for use in uses:
        test = use.parent
        if test is None:
            continue
        guard = HOST_GUARD if _floor_test(use, ctx) is False else DEVICE_GUARD
        bare = same(test, condition) or (test.parent is not None and test.parent.type == "parenthesized_expression")
        text = guard if bare else f"({guard})"
        edits.append(Edit(test.start_byte, test.end_byte, text.encode()))
    return edits


# HP502
@detector("preproc_if", "preproc_ifdef", "preproc_elif", "preproc_elifdef", emits=("HP502",))
def cuda_arch_guard(node: Node, ctx: LintContext) -> None:
    if "__CUDA_ARCH__" in ctx.amd.project_values:
        return  # the project's headers define it for AMD (ggml: 1300): its tests are the project's choice
    if node.type in ("preproc_ifdef", "preproc_elifdef"):
        name = node.child_by_field_name("name")
        if name is None or _raw(name, ctx) != b"__CUDA_ARCH__":
            return
        uses, condition_text = [name], ctx.text(node.children[0]) + " __CUDA_ARCH__"
    else:
        condition = node.child_by_field_name("condition")
        if condition is None or b"__CUDA_ARCH__" not in _raw(condition, ctx):
            return
        if mentions_amd(condition):
            return
        uses = [n for n in descendants(condition) if n.type == "identifier" and _raw(n, ctx) == b"__CUDA_ARCH__"]
        condition_text = " ".join(ctx.text(condition).split())
    if not uses or _earlier_branch_mentions_amd(node, ctx) or _excluded_on_amd(node, ctx):
        return
    hazard = _exposed_hazard(_chain_root(node), ctx)
    severity = "error" if hazard else "warning"
    presence = [u.parent is not None and u.parent.type in PRESENCE_TESTS for u in uses]
    presence_only = all(p or _floor_test(u, ctx) is not None for p, u in zip(presence, uses, strict=True))
    where = f"`{condition_text}`: hip-clang"
    if not presence_only:
        ctx.report(
            "HP502",
            uses[0],
            f"{where} never defines `__CUDA_ARCH__` (it reads as 0 here), "
            "so AMD builds silently take the other branch; test an AMD target or feature "
            "macro (`__gfx90a__`, `__gfx942__`, `__HIP_ARCH_HAS_*`) explicitly"
            + (f"; the guarded code contains {hazard}" if hazard else ""),
            severity=severity,
        )
        return
    if hazard:
        ctx.report(
            "HP502",
            uses[0],
            f"{where} does not define `__CUDA_ARCH__`, and the code this "
            f"guards contains {hazard}: port that code first, then also test "
            "`__HIP_DEVICE_COMPILE__`",
            severity=severity,
        )
        return
    fix = ctx.fix("HP502", "Also test `__HIP_DEVICE_COMPILE__`", _guard_fix(node, uses, ctx))
    floor = (
        ""
        if all(presence)
        else (
            f" (an architecture comparison that every GPU from sm_{OLDEST_ARCH // 10} on answers the same way is a "
            "device-pass test)"
        )
    )
    ctx.report(
        "HP502",
        uses[0],
        f"{where} does not define `__CUDA_ARCH__`, so AMD device code takes the host branch" + floor,
        fix,
        severity=severity,
    )


# HP502
@detector("identifier", "preproc_arg", emits=("HP502",), names=("__CUDA_ARCH__",))
def cuda_arch_value(node: Node, ctx: LintContext) -> None:
    if "__CUDA_ARCH__" in ctx.amd.project_values:
        return
    if node.type == "identifier":
        if node.end_byte - node.start_byte != 13 or _raw(node, ctx) != b"__CUDA_ARCH__":
            return
        if _excluded_on_amd(node, ctx):
            return
        if on_unparsed_directive(node):
            ctx.report(
                "HP502",
                node,
                "`__CUDA_ARCH__` in a `#if` the parser could not follow (its branches open "
                "braces they close after `#endif`): hip-clang never defines it and reads it as 0, so AMD "
                "builds take the branch for 0; test `__HIP_DEVICE_COMPILE__` or an AMD target macro",
                severity="warning",
            )
            return
        if in_directive(node):
            return
        floor = _floor_test(node, ctx)
        if floor is not None and node.parent is not None:
            test = node.parent
            value = "1" if floor else "0"
            fix = ctx.fix("HP502", f"Write `{value}`", [Edit(test.start_byte, test.end_byte, value.encode())])
            ctx.report(
                "HP502",
                node,
                f"`{' '.join(ctx.text(test).split())}` is {str(floor).lower()} on every GPU "
                f"from sm_{OLDEST_ARCH // 10} on, and hip-clang does not define `__CUDA_ARCH__`: "
                f"written as `{value}`, which nvcc's device pass also gives",
                fix,
            )
            return
        ctx.report(
            "HP502",
            node,
            "`__CUDA_ARCH__` is not defined by hip-clang: this expression "
            "does not compile for AMD; use an AMD target macro or a runtime device query",
        )
        return
    text = ctx.text(node)
    if (
        "__CUDA_ARCH__" not in text
        or node.parent is None
        or node.parent.type not in ("preproc_def", "preproc_function_def")
    ):
        return
    if any(is_amd_macro(word) for word in re.findall(r"\w+", text)) or _excluded_on_amd(node, ctx):
        return
    start = node.start_byte + len(text[: text.index("__CUDA_ARCH__")].encode())
    ctx.report(
        "HP502",
        (start, start + 13),
        "macro tests `__CUDA_ARCH__`, which hip-clang never defines: every expansion takes the non-CUDA meaning on AMD",
        severity="warning",
    )
