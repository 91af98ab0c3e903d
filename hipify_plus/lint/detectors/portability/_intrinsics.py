"""Device intrinsics HIP lacks (HP503, and HP502 when a guard would expose one), with what to
use instead, and whether the file defines one itself where AMD compiles it."""

from __future__ import annotations

import re
from functools import lru_cache

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded
from hipify_plus.lint.detectors.portability._file import _portability_cache

MISSING_INTRINSICS = {
    "__nanosleep": "`__builtin_amdgcn_s_sleep(n)` (it counts 64-clock steps, not nanoseconds)",
    "__trap": "`__builtin_trap()`",
    "atomicInc_system": "a compare-and-swap loop with `atomicCAS_system` (HIP has `atomicInc` at device scope only)",
    "atomicDec_system": "a compare-and-swap loop with `atomicCAS_system` (HIP has `atomicDec` at device scope only)",
    "__brkpt": "`__builtin_debugtrap()`",
    "__ldlu": "`__builtin_nontemporal_load(p)`",
    "__ldcv": "a volatile load",
    "__stcg": "a plain store",
    "__stwb": "a plain store",
    "__stwt": "a plain store",
    "__stcs": "`__builtin_nontemporal_store(v, p)`",
    "__dp4a": "`__builtin_amdgcn_sdot4`/`udot4` where the target has dot instructions, or scalar code",
    "__dp2a_lo": "scalar code or `__builtin_amdgcn_sdot2`",
    "__dp2a_hi": "scalar code or `__builtin_amdgcn_sdot2`",
    "__isShared": "address-space casts (manual)",
    "__isGlobal": "address-space casts (manual)",
    "__isConstant": "address-space casts (manual)",
    "__isLocal": "address-space casts (manual)",
    "__isGridConstant": "address-space casts (manual)",
}
# Cache hints never change what a load does (PTX treats them as performance hints only).
HALF_ONLY_LOADS = {"__ldcg": "a plain load", "__ldca": "a plain load", "__ldcs": "`__builtin_nontemporal_load(p)`"}
MISSING_FAMILIES = (
    (re.compile(r"__reduce_(?:add|min|max|and|or|xor)_sync"), "a shuffle reduction over `warpSize` lanes"),
    (re.compile(r"__cvta_\w+"), "address-space casts (manual)"),
    (
        re.compile(
            r"__v(?:abs(?:ss)?|absdiff[su]|add(?:ss|us)?|avg[su]|haddu|max[su]|min[su]"
            r"|neg(?:ss)?|sad[su]|sub(?:ss|us)?"
            r"|(?:cmp|set)(?:eq|ne|ge[su]|gt[su]|le[su]|lt[su]))[24]"
        ),
        "a scalar per-byte/half-word loop",
    ),
    (re.compile(r"__vi(?:add|b)?(?:max|min)3?_[su](?:16x2|32)(?:_relu)?"), "plain `max`/`min` code"),
)
# CUDA's directed roundings: HIP declares them only under OCML_BASIC_ROUNDED_OPERATIONS, and the
# device libraries lack the division and square root ones (link errors at ROCm 5.7 and 6.4), all
# of them at 5.2
ROUNDED_INTRINSIC = re.compile(r"__[fd](?:add|sub|mul|div|rcp|sqrt)_r[duz]")
SCOPED_ATOMIC = re.compile(r"(atomic(?:Add|Sub|Exch|Min|Max|Inc|Dec|CAS|And|Or|Xor))_block")


def _missing_intrinsic(name: str) -> str | None:
    if name in MISSING_INTRINSICS:
        return MISSING_INTRINSICS[name]
    if name in HALF_ONLY_LOADS:
        return HALF_ONLY_LOADS[name]
    if name.startswith("atomic") and SCOPED_ATOMIC.fullmatch(name):
        return f"`{name[:-6]}` (device scope is a safe superset)"
    if name.startswith("__") and ROUNDED_INTRINSIC.fullmatch(name):
        return (
            "the nearest result, moved one step where its exact error says the exact value lies on "
            "the other side (the fix defines it so)"
        )
    if name.startswith("__"):
        for pattern, replacement in MISSING_FAMILIES:
            if pattern.fullmatch(name):
                return replacement
    return None


@lru_cache(maxsize=64)
def _definitions_in_file(data: bytes, name: str) -> tuple[int, ...]:
    """Where the file supplies `name` itself (a shim macro or function): byte offsets."""
    escaped = re.escape(name.encode())
    macro = rb"#\s*define\s+" + escaped + rb"\b"
    tail = escaped + rb"\s*\([^;{}]*\)\s*\{"
    if re.search(tail, data) is None:
        # every definition as a function contains this tail (found quickly: it starts with the
        # name); without one the macro form alone gives the same matches, without trying
        # `\b\w+` at every word of the file
        return tuple(m.start() for m in re.finditer(macro, data))
    function = rb"\b\w+[\s*&]+" + tail
    return tuple(m.start() for m in re.finditer(macro + rb"|" + function, data))


def _defined_in_file(ctx: LintContext, name: str) -> bool:
    """The file, or a project header it includes, supplies `name` where AMD compiles it, so it is
    not missing (a shim in a branch only nvcc takes, `#if __CUDACC_VER_MAJOR__ < 12 && __CUDA_ARCH__
    ...`, does not count; ggml's vendors/hip.h defining `__vsubss4` does)."""
    if name in ctx.project_names:
        return True
    offsets = _definitions_in_file(ctx.data, name)
    if not offsets:
        return False
    cache: dict[str, bool] = _portability_cache(ctx).setdefault("defined", {})
    if name not in cache:
        root = ctx.tree.root_node
        cache[name] = any(not _device_excluded(root.descendant_for_byte_range(o, o) or root, ctx) for o in offsets)
    return cache[name]
