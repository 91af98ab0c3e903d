"""HP504: bf16 type or header that does not map to HIP's `__hip_bfloat16`."""

from __future__ import annotations

import re
from functools import lru_cache

from hipify_plus.cuda.syntax import defines_name
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.detectors.portability._file import _is_hip_source, _raw
from hipify_plus.lint.detectors.portability._includes import _include_path, _swap_include
from hipify_plus.lint.registry import detector, file_detector
from hipify_plus.parse import Node


def _hip_bf16_type(raw: bytes) -> str | None:
    """HIP's name for a CUDA bf16 type (`__nv_bfloat16` -> `__hip_bfloat16`), from the mapping
    data the translator uses (rules/mappings/extra.tsv)."""
    if b"bfloat16" not in raw:
        return None
    from hipify_plus.mappings import load_mappings  # loaded only when bf16 is in use

    mapping = load_mappings().get(raw.decode("ascii", "replace"))
    return mapping.hip if mapping is not None and mapping.hip.startswith("__hip_bfloat16") else None


BF16_HEADERS = frozenset({"cuda_bf16.h", "cuda_bf16.hpp"})
CUDA_BF16_INTRINSIC = re.compile(
    rb"\b(?:__float2bfloat16\w*|__bfloat162float|__bfloat1622float2|__double2bfloat16"
    rb"|__float22bfloat162_rn|__floats2bfloat162_rn|__halves2bfloat162|__low2bfloat16"
    rb"|__high2bfloat16|__bfloat162bfloat162|__ushort_as_bfloat16|__bfloat16_as_ushort)\s*\("
)
CUDA_BF16_INCLUDE = re.compile(rb"#\s*include\s*[<\"]cuda_bf16\.h")
OLD_BF16 = re.compile(rb"\bhip_bfloat16\b")


@lru_cache(maxsize=8)
def _hipify_perl_bf16(data: bytes) -> bool:
    """`hip_bfloat16` used the way hipify-perl leaves it: with CUDA-named bf16 intrinsics and
    without any `__hip_bfloat16` (code on the new type uses the old struct only for libraries)."""
    return (
        OLD_BF16.search(data) is not None
        and b"__hip_bfloat16" not in data
        and bool(CUDA_BF16_INTRINSIC.search(data) or CUDA_BF16_INCLUDE.search(data))
    )


# HP504
@detector("type_identifier", "identifier", "preproc_include", emits=("HP504",), names=("bf",))
def bf16_type_mapping(node: Node, ctx: LintContext) -> None:
    if node.type != "preproc_include" and b"bfloat16" not in _raw(node, ctx):
        return
    if ctx.settings.target_rocm < (6, 0, 0) or not _is_hip_source(ctx.data):
        return  # CUDA sources: see cuda_bf16_in_cuda_source
    if node.type == "preproc_include":
        found = _include_path(node, ctx)
        if found is None or b"bf" not in _raw(found[0], ctx):
            return
        path, header = found
        if header in BF16_HEADERS:
            message = f"`{header}` does not exist on AMD: include `<hip/hip_bf16.h>`"
            applicability = None
        elif header == "hip/hip_bfloat16.h" and _hipify_perl_bf16(ctx.data):
            message = (
                "`hip/hip_bfloat16.h` declares the old `hip_bfloat16` struct, which lacks "
                "the CUDA bf16 intrinsics this file uses: include `<hip/hip_bf16.h>`"
            )
            applicability = "unsafe"
        else:
            return
        if _excluded_on_amd(node, ctx):
            return
        edit = _swap_include(path, ctx, "hip/hip_bf16.h")
        ctx.report("HP504", path, message, ctx.fix("HP504", "Include `<hip/hip_bf16.h>`", [edit], applicability))
        return
    raw = _raw(node, ctx)
    if raw.decode("utf-8", "replace") in ctx.project_names or defines_name(node):
        return  # the project defines it for the AMD build (ggml: typedef __hip_bfloat16 nv_bfloat16)
    hip_type = _hip_bf16_type(raw)
    if hip_type is not None:
        new, applicability = hip_type, None
        message = f"`{raw.decode()}` is CUDA's bf16 type: HIP's counterpart is `{new}` from `<hip/hip_bf16.h>`"
    elif raw == b"hip_bfloat16" and _hipify_perl_bf16(ctx.data):
        new, applicability = "__hip_bfloat16", "unsafe"
        message = (
            "`hip_bfloat16` (hipify-perl's mapping of `__nv_bfloat16`) is the old bf16 "
            "struct without the CUDA bf16 intrinsics this file calls: use `__hip_bfloat16`"
        )
    else:
        return
    if _excluded_on_amd(node, ctx):
        return
    edit = Edit(node.start_byte, node.end_byte, new.encode())
    ctx.report("HP504", node, message, ctx.fix("HP504", f"Use `{new}`", [edit], applicability))


# HP504
@file_detector(emits=("HP504",), names=("bfloat16",))
def cuda_bf16_in_cuda_source(ctx: LintContext) -> None:
    if ctx.settings.target_rocm < (6, 0, 0) or b"bfloat16" not in ctx.data:
        return
    if _is_hip_source(ctx.data):
        return  # see bf16_type_mapping
    candidates = ctx.nodes({"preproc_include", "type_identifier"})
    includes = [
        n
        for n in candidates
        if n.type == "preproc_include" and (found := _include_path(n, ctx)) is not None and found[1] in BF16_HEADERS
    ]
    uses = [
        n
        for n in candidates
        if n.type == "type_identifier"
        and _hip_bf16_type(_raw(n, ctx)) is not None
        and ctx.text(n) not in ctx.project_names
        and not defines_name(n)
    ]
    first = next((n for n in includes + uses if not _excluded_on_amd(n, ctx)), None)
    if first is None:
        return
    span = first.child_by_field_name("path") if first.type == "preproc_include" else first
    if span is None:
        return
    ctx.report(
        "HP504",
        span,
        "CUDA bf16 in use: hipify-perl maps `__nv_bfloat16` to the old "
        "`hip_bfloat16` struct, which lacks the CUDA bf16 intrinsics; port to "
        "`__hip_bfloat16` from `<hip/hip_bf16.h>` (hipify-plus translate does)",
        severity="info",
    )
