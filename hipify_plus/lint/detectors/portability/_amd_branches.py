"""Which preprocessor branches an AMD build compiles: this family's own evaluator of `#if`/
`#ifdef` conditions under hip-clang (host pass, or device pass for device-code hazards), with
the macros an AMD build never defines and those every hip-clang pass defines. Unchanged by the
split (not yet `hipify_plus/cuda/preprocessor.py`); what the project's headers define for the
AMD build it takes from the same place as the preprocessor model (`ctx.amd`)."""

from __future__ import annotations

import re

from hipify_plus.cuda.preprocessor import both, condition_of, either
from hipify_plus.cuda.syntax import descendants, same
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node

CONDITIONALS = frozenset({"preproc_if", "preproc_ifdef", "preproc_elif", "preproc_elifdef"})


# Macros an AMD build never defines, and macros every hip-clang pass (host and device) defines.
NVIDIA_MACROS = frozenset({
    "__CUDA_ARCH__", "__NVCC__", "__HIP_PLATFORM_NVIDIA__", "__HIP_PLATFORM_NVCC__",
    "__CUDA_ARCH_LIST__",
})
AMD_PLATFORM_MACROS = frozenset({
    "__HIP_PLATFORM_AMD__", "__HIP_PLATFORM_HCC__", "__HIPCC__", "__HIP__", "__HIPCC_RTC__",
    "__HIP_ROCclr__", "USE_ROCM", "USE_HIP",
})
AMD_PROJECT_MACRO = re.compile(r"(?:\w+_)?(?:USE|WITH|ENABLE|BUILD)_(?:HIP|ROCM)\w*")
AMD_DEVICE_PASS_MACRO = re.compile(
    r"__HIP_DEVICE_COMPILE__|__AMDGCN\w*|__AMDGPU__|__gfx\w+__|__GFX\d+__|__HIP_ARCH_\w+"
)
DEVICE_PASS_MACROS = frozenset({"__HIP_DEVICE_COMPILE__", "__AMDGCN__", "__AMDGPU__"})
AMD_WORDS = frozenset({"HIP", "HIPCC", "ROCM", "AMD", "AMDGCN", "AMDGPU", "HCC"})


def _defined_on_amd(name: str, ctx: LintContext) -> int | None:
    """`defined(name)` under hip-clang: 1 in every pass, 0 never, None when it depends. What the
    project's headers define for the AMD build comes first (ggml defines `__CUDA_ARCH__` there)."""
    build = ctx.amd
    if name in build.project_values:
        return 1
    if name in build.project_undefined:
        return 0
    if name in NVIDIA_MACROS:
        return 0
    if name in AMD_PLATFORM_MACROS or AMD_PROJECT_MACRO.fullmatch(name):
        return 1
    return None


def _is_amd_macro(name: str) -> bool:
    return name not in NVIDIA_MACROS and bool(
        AMD_DEVICE_PASS_MACRO.fullmatch(name) or AMD_WORDS & set(name.split("_"))
    )


def _mentions_amd(node: Node, ctx: LintContext) -> bool:
    return any(n.type == "identifier" and _is_amd_macro(ctx.text(n)) for n in descendants(node))


_COMPARE = {
    "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b), "<": lambda a, b: int(a < b),
    ">": lambda a, b: int(a > b), "<=": lambda a, b: int(a <= b), ">=": lambda a, b: int(a >= b),
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "&": lambda a, b: a & b, "|": lambda a, b: a | b, "^": lambda a, b: a ^ b,
}


def _amd_value(node: Node | None, ctx: LintContext, device: bool = False) -> int | None:
    """A preprocessor condition's value under hip-clang (in its device pass if `device`), or
    None when it cannot be told."""
    if node is None:
        return None
    kind = node.type
    if kind == "number_literal":
        return parse_int(ctx.text(node))
    if kind == "identifier":
        name = ctx.text(node)
        if device and name in DEVICE_PASS_MACROS:
            return 1
        build = ctx.amd
        if name in build.project_values:
            return build.project_values[name]
        if name in build.project_undefined:
            return 0
        return 0 if name in NVIDIA_MACROS else None  # undefined macros read as 0
    if kind == "preproc_defined":
        name_node = next((c for c in node.children if c.type == "identifier"), None)
        if name_node is None:
            return None
        name = ctx.text(name_node)
        return 1 if device and name in DEVICE_PASS_MACROS else _defined_on_amd(name, ctx)
    if kind == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        return _amd_value(inner[0], ctx, device) if len(inner) == 1 else None
    if kind == "unary_expression":
        operator = node.child_by_field_name("operator")
        value = _amd_value(node.child_by_field_name("argument"), ctx, device)
        if operator is None or value is None or ctx.text(operator) != "!":
            return None
        return int(not value)
    if kind == "binary_expression":
        operator = node.child_by_field_name("operator")
        op = ctx.text(operator) if operator is not None else ""
        left = _amd_value(node.child_by_field_name("left"), ctx, device)
        right = _amd_value(node.child_by_field_name("right"), ctx, device)
        if op == "&&":
            return both(left, right)
        if op == "||":
            return either(left, right)
        if (left is None or right is None) and op in _ARCH_TEST:
            return _arch_test(node, op, ctx)
        if left is None or right is None or op not in _COMPARE:
            return None
        return _COMPARE[op](left, right)
    return None


# `__CUDA_ARCH__ >= GGML_CUDA_CC_AMPERE`: an NVIDIA architecture compared with a named compute
# capability, which is never 0. `__CUDA_ARCH__` reads as 0 under hip-clang, so the test has the
# value it has for an architecture below every capability: (arch on the left, arch on the right).
_ARCH_TEST = {
    ">=": (0, 1), ">": (0, 1), "==": (0, 0), "!=": (1, 1), "<": (1, 0), "<=": (1, 0),
}


def _arch_test(node: Node, op: str, ctx: LintContext) -> int | None:
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None:
        return None
    names = [ctx.text(side) if side.type == "identifier" else None for side in (left, right)]
    if "__CUDA_ARCH__" in ctx.amd.project_values:
        return None  # the project gives it a value for AMD: the comparison is the project's
    if names[0] == "__CUDA_ARCH__" and names[1] is not None and names[1] not in NVIDIA_MACROS:
        return _ARCH_TEST[op][0]
    if names[1] == "__CUDA_ARCH__" and names[0] is not None and names[0] not in NVIDIA_MACROS:
        return _ARCH_TEST[op][1]
    return None


def _condition_value(directive: Node, ctx: LintContext, device: bool = False) -> int | None:
    if directive.type in ("preproc_ifdef", "preproc_elifdef"):
        name = directive.child_by_field_name("name")
        if name is None:
            return None
        text = ctx.text(name)
        value = 1 if device and text in DEVICE_PASS_MACROS else _defined_on_amd(text, ctx)
        if value is None:
            return None
        return 1 - value if directive.children[0].type in ("#ifndef", "#elifndef") else value
    return _amd_value(directive.child_by_field_name("condition"), ctx, device)


def _is_condition(child: Node, directive: Node) -> bool:
    return same(child, directive.child_by_field_name("condition")) or same(
        child, directive.child_by_field_name("name"))


def _excluded_on_amd(node: Node, ctx: LintContext, stop: Node | None = None,
                     device: bool = False) -> bool:
    """True if an enclosing #if/#ifdef branch (below `stop`) is never compiled by hip-clang (by
    its device pass, if `device`: for device-code hazards)."""
    child, parent = node, node.parent
    while parent is not None and not same(parent, stop):
        if parent.type in CONDITIONALS:
            if same(child, parent.child_by_field_name("alternative")):
                if _condition_value(parent, ctx, device) == 1:
                    return True
            elif not _is_condition(child, parent) and _condition_value(parent, ctx, device) == 0:
                return True
        child, parent = parent, parent.parent
    return False


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
