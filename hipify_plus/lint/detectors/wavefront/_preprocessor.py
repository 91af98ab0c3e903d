"""The wavefront rules' own reading of preprocessor branches: is a node compiled for AMD at the
target ROCm (`#if 0`, the CUDA side of a platform switch, a HIP_VERSION test)? Kept as it was;
`hipify_plus/cuda/preprocessor.py` is the shared model, and moving these rules onto it changes
findings, so it is a step of its own."""

from __future__ import annotations

import re
from collections.abc import Iterator

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._syntax import _operator, _unparen
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node

_AMD_ONLY_MACROS = frozenset({
    "__HIP_PLATFORM_AMD__", "__HIP_PLATFORM_HCC__", "__HIP__", "__HIPCC__", "__AMDGCN__", "__HCC__",
})
_NVIDIA_ONLY_MACROS = frozenset({"__HIP_PLATFORM_NVIDIA__", "__HIP_PLATFORM_NVCC__", "__NVCC__"})
_AMD_BUILD_FLAG = re.compile(r"(?i)(^|_)(rocm|hip|amd|hcc)(_|$)")
_NOT_PLATFORM_FLAG = re.compile(r"(?i)nvidia|nvcc|enable|disable|no_|device_compile|version|__has")


def _branch_conditions(node: Node) -> Iterator[tuple[Node, bool]]:
    """(condition, wanted value) for each #if/#ifdef/#elif around `node`: the node is compiled
    only where every condition has its wanted value."""
    child, parent = node, node.parent
    while parent is not None:
        if parent.type in ("preproc_if", "preproc_ifdef", "preproc_elif"):
            condition = _condition_of(parent)
            if child == parent.child_by_field_name("alternative"):
                yield parent, False
            elif child != condition:
                yield parent, True
        child, parent = parent, parent.parent


def _hip_version_values(ctx: LintContext) -> dict[str, int]:
    major, minor, patch = ctx.settings.target_rocm
    return {
        "HIP_VERSION": major * 10_000_000 + minor * 100_000 + patch, "HIP_VERSION_MAJOR": major,
        "HIP_VERSION_MINOR": minor, "ROCM_VERSION_MAJOR": major, "ROCM_VERSION_MINOR": minor,
        "ROCM_VERSION": major * 10_000 + minor * 100 + patch,
    }


def _amd_value(node: Node | None, ctx: LintContext) -> int | bool | None:
    """What a preprocessor condition evaluates to when compiling for AMD at the target ROCm:
    True/False, an integer, or None when it depends on things we cannot see."""
    node = _unparen(node)
    if node is None:
        return None
    kind = node.type
    if kind == "preproc_defined":
        names = [c for c in node.named_children if c.type == "identifier"]
        return _defined_on_amd(ctx.text(names[0])) if names else None
    if kind == "number_literal":
        return parse_int(ctx.text(node))
    if kind == "identifier":
        name = ctx.text(node)
        versions = _hip_version_values(ctx)
        if name in versions:
            return versions[name]
        return True if name in _AMD_ONLY_MACROS else (0 if name in _NVIDIA_ONLY_MACROS else None)
    if kind == "unary_expression" and _operator(node, ctx) == "!":
        value = _amd_value(node.child_by_field_name("argument"), ctx)
        return None if value is None else not value
    if kind == "binary_expression":
        operator = _operator(node, ctx)
        left = _amd_value(node.child_by_field_name("left"), ctx)
        right = _amd_value(node.child_by_field_name("right"), ctx)
        if operator == "&&":
            return False if left is False or right is False or left == 0 or right == 0 else (
                True if left is not None and right is not None else None)
        if operator == "||":
            return True if (left not in (None, False, 0)) or (right not in (None, False, 0)) else (
                False if left is not None and right is not None else None)
        if left is None or right is None:
            return None
        compare = {"==": left == right, "!=": left != right, "<": left < right, "<=": left <= right,
                   ">": left > right, ">=": left >= right}
        return compare.get(operator)
    return None


def _defined_on_amd(name: str) -> bool | None:
    """Whether a macro is defined in an AMD build: the HIP/clang platform macros, and the build
    flags projects use for their ROCm port (USE_ROCM, USE_AMD_ROCM, GGML_USE_HIP, ...)."""
    if name in _AMD_ONLY_MACROS:
        return True
    if name in _NVIDIA_ONLY_MACROS:
        return False
    if _AMD_BUILD_FLAG.search(name) and not _NOT_PLATFORM_FLAG.search(name):
        return True
    return None


def _inactive_on_amd(node: Node, ctx: LintContext) -> bool:
    """True inside a preprocessor branch that is not compiled for AMD (`#if 0`, the CUDA side of
    a platform switch, a HIP_VERSION test that fails at the target ROCm)."""
    for condition_node, wanted in _branch_conditions(node):
        if condition_node.type == "preproc_ifdef":
            name = condition_node.child_by_field_name("name")
            value = _defined_on_amd(ctx.text(name)) if name is not None else None
            if value is not None and ctx.text(condition_node).startswith("#ifndef"):
                value = not value
        else:
            value = _amd_value(condition_node.child_by_field_name("condition"), ctx)
        if value is not None and bool(value) != wanted:
            return True
    return False


def _condition_of(branch: Node) -> Node | None:
    return branch.child_by_field_name("condition") or branch.child_by_field_name("name")
