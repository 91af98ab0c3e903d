"""HP503: CUDA device intrinsic that HIP does not provide."""

from __future__ import annotations

import re
from typing import cast

from hipify_plus.cuda.syntax import call_args, callee_name, descendants, enclosing_function
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded
from hipify_plus.lint.detectors.portability._file import _portability_cache, _raw
from hipify_plus.lint.detectors.portability._intrinsics import (
    HALF_ONLY_LOADS,
    ROUNDED_INTRINSIC,
    _defined_in_file,
    _missing_intrinsic,
)
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node

HALF_TYPE = re.compile(r"\b(?:__half2?|half2?)\b")
BF16_POINTEE = re.compile(r"\b(?:__hip_bfloat16|__nv_bfloat16|nv_bfloat16)(2?)\b")
# CUDA's atomicAdd overloads for bf16 (sm_80), which HIP does not declare (none in the 6.4 and 7.2
# headers); the block defines them from ROCm 6.0, where the types are HIP's __hip_bfloat16/162.
BF16_ATOMIC_ADD = {"": "atomicAdd(__hip_bfloat16*)", "2": "atomicAdd(__hip_bfloat162*)"}
REDUCE_SYNC = re.compile(r"__reduce_\w+_sync")


def _pointee_type(argument: Node, ctx: LintContext) -> str | None:
    """The declared type behind a load's pointer argument (`&a[i]`, `p + i`, casts), if visible."""
    node: Node | None = argument
    while node is not None:
        kind = node.type
        if kind == "cast_expression":
            type_node = node.child_by_field_name("type")
            return ctx.text(type_node) if type_node is not None else None
        if kind == "call_expression":  # reinterpret_cast<const __half2*>(p)
            function = node.child_by_field_name("function")
            if function is None or function.type != "template_function":
                return None
            arguments = function.child_by_field_name("arguments")
            return ctx.text(arguments) if arguments is not None else None
        if kind == "identifier":
            return _declared_type(node, ctx)
        if kind in ("pointer_expression", "subscript_expression", "field_expression"):
            node = node.child_by_field_name("argument")
        elif kind == "binary_expression":
            node = node.child_by_field_name("left")
        elif kind == "parenthesized_expression":
            node = node.named_children[0] if node.named_children else None
        else:
            return None
    return None


def _declared_identifier(declarator: Node | None) -> Node | None:
    """The identifier a variable or parameter declarator declares (`*p`, `a[4]`, `&r` -> the
    name). Not `cuda.syntax.declarator_name`, which finds a function's name."""
    while declarator is not None and declarator.type != "identifier":
        declarator = declarator.child_by_field_name("declarator")
    return declarator


def _declared_type(identifier: Node, ctx: LintContext) -> str | None:
    """The type of the parameter or local that `identifier` names, from its function."""
    function = enclosing_function(identifier)
    if function is None:
        return None
    by_function: dict[tuple[int, int], dict[bytes, str | None]] = _portability_cache(ctx).setdefault("declared", {})
    key = (function.start_byte, function.end_byte)
    if key not in by_function:  # one walk per function, however many of its calls ask
        declared: dict[bytes, str | None] = {}
        for node in descendants(function):
            if node.type not in ("parameter_declaration", "declaration"):
                continue
            for declarator in node.children_by_field_name("declarator"):
                found = _declared_identifier(declarator)
                if found is not None:
                    type_node = node.child_by_field_name("type")
                    declared.setdefault(_raw(found, ctx), ctx.text(type_node) if type_node is not None else None)
        by_function[key] = declared
    return by_function[key].get(_raw(identifier, ctx))


# The intrinsics HP503 defines for hip-clang in a block after the file's includes (templates/
# intrinsics/hip_device_intrinsics.h.j2), with what each becomes there.
SHIMMED_INTRINSICS = {
    "__ldcs": "a nontemporal load (`__builtin_nontemporal_load`)",
    "__ldlu": "a nontemporal load (`__builtin_nontemporal_load`)",
    "__ldcg": "a plain load",
    "__ldca": "a plain load",
    "__ldcv": "a volatile load (read again every time, past the non-coherent caches)",
    "__stcs": "a nontemporal store (`__builtin_nontemporal_store`)",
    "__stcg": "a plain store",
    "__stwb": "a plain store",
    "__stwt": "a plain store",
    "__trap": "`__builtin_trap()`",
    "__nanosleep": "`__builtin_amdgcn_s_sleep` steps counted at the target's clock",
    "atomicInc_system": "a compare-and-swap loop at system scope (`atomicCAS_system`)",
    "atomicDec_system": "a compare-and-swap loop at system scope (`atomicCAS_system`)",
    "atomicAdd(__hip_bfloat16*)": "a compare-and-swap loop on the aligned 32-bit word around it",
    "atomicAdd(__hip_bfloat162*)": "a compare-and-swap loop on the 32-bit pair",
    **{
        f"__{t}{op}_r{m}": "the nearest result moved one step when its exact error says so"
        for t in "fd"
        for op in ("add", "sub", "mul", "div", "rcp", "sqrt")
        for m in "duz"
    },
}
# Peak engine clock (MHz) per device-pass arch macro, for __nanosleep's 64-clock sleep steps
# (AMD product specifications). A target missing here counts at DEFAULT_SLEEP_MHZ: fewer steps,
# a shorter sleep, which CUDA allows (it promises between 0 and 2*ns).
PEAK_ENGINE_CLOCK_MHZ = (
    ("__gfx906__", 1725),
    ("__gfx908__", 1502),
    ("__gfx90a__", 1700),
    ("__gfx940__", 2100),
    ("__gfx941__", 2100),
    ("__gfx942__", 2100),
    ("__gfx950__", 2400),
    ("__gfx1030__", 2250),
    ("__gfx1100__", 2500),
    ("__gfx1101__", 2430),
    ("__gfx1102__", 2655),
    ("__gfx1200__", 2460),
    ("__gfx1201__", 2970),
)
DEFAULT_SLEEP_MHZ = 1000
INTRINSICS_BLOCK = "intrinsics/hip_device_intrinsics.h.j2"


def _missing_calls(ctx: LintContext) -> list[tuple[Node, str, str]]:
    """(call, name, replacement) for every call of an intrinsic HIP lacks that AMD compiles."""
    cache = _portability_cache(ctx)
    if "missing" in cache:
        return cast("list[tuple[Node, str, str]]", cache["missing"])
    found = []
    bf16 = b"bfloat16" in ctx.data  # the bf16 atomicAdd overloads need a bf16 pointer type in the file
    for node in ctx.nodes({"call_expression"}):
        name = callee_name(node)
        if not name.startswith(("__", "atomic")):
            continue
        if name == "atomicAdd":
            if not bf16:
                continue
            overload = _bf16_atomic_add(node, ctx)
            if overload is not None and not _device_excluded(node, ctx):
                found.append((node, overload, SHIMMED_INTRINSICS[overload]))
            continue
        replacement = _missing_intrinsic(name)
        if replacement is None or _defined_in_file(ctx, name) or _device_excluded(node, ctx):
            continue
        if name in HALF_ONLY_LOADS:
            args = call_args(node)
            pointee = _pointee_type(args[0], ctx) if args else None
            if pointee is not None and HALF_TYPE.search(pointee):
                continue  # HIP has this load for __half/__half2
        found.append((node, name, replacement))
    cache["missing"] = found
    return found


def _bf16_atomic_add(call: Node, ctx: LintContext) -> str | None:
    """The bf16 atomicAdd overload a call needs (its pointer's declared type says), if HIP lacks it
    and the file does not define an atomicAdd of its own."""
    args = call_args(call)
    pointee = _pointee_type(args[0], ctx) if len(args) == 2 else None
    found = BF16_POINTEE.search(pointee) if pointee is not None else None
    if found is None or _defined_in_file(ctx, "atomicAdd"):
        return None
    return BF16_ATOMIC_ADD[found.group(1)]


def _intrinsics_block(ctx: LintContext) -> Edit | None:
    """The block defining, for hip-clang, every shimmed intrinsic the file calls (one edit, the
    same for each of their findings); None if a call comes before the place it would go."""
    cache = _portability_cache(ctx)
    if "intrinsics" not in cache:
        calls = [(n, name) for n, name, _ in _missing_calls(ctx) if name in SHIMMED_INTRINSICS]
        edit = None
        if calls:
            from hipify_plus.lint.support_blocks import insert_after_includes
            from hipify_plus.templates import render

            names = [n for n in SHIMMED_INTRINSICS if any(name == n for _, name in calls)]
            clocks: dict[int, list[str]] = {}
            for macro, mhz in PEAK_ENGINE_CLOCK_MHZ:
                clocks.setdefault(mhz, []).append(macro)
            block = render(INTRINSICS_BLOCK, names=names, clocks=list(clocks.items()), default_mhz=DEFAULT_SLEEP_MHZ)
            edit = insert_after_includes(ctx, block, min(n.start_byte for n, _ in calls))
        cache["intrinsics"] = edit
    return cast("Edit | None", cache["intrinsics"])


# HP503
@file_detector(emits=("HP503",), names=("__", "_block"))
def missing_intrinsic(ctx: LintContext) -> None:
    if b"__" not in ctx.data and b"_block" not in ctx.data:
        return
    for node, name, replacement in _missing_calls(ctx):
        function = node.child_by_field_name("function")
        fix = None
        too_old = name in BF16_ATOMIC_ADD.values() and ctx.settings.target_rocm < (6, 0, 0)  # no __hip_bfloat16
        if name in SHIMMED_INTRINSICS and not too_old:
            block = _intrinsics_block(ctx)
            if block is not None:
                fix = ctx.fix("HP503", f"Define `{name}` for hip-clang as {SHIMMED_INTRINSICS[name]}", [block])
        elif name.endswith("_block") and function is not None:
            fix = ctx.fix(
                "HP503", f"Use device-scope `{name[:-6]}`", [Edit(function.end_byte - 6, function.end_byte, b"")]
            )
        newer = REDUCE_SYNC.fullmatch(name) is not None and ctx.settings.target_rocm >= (7, 0, 0)
        if name in HALF_ONLY_LOADS:
            what = "exists in HIP only for `__half`/`__half2` pointers"
        elif ROUNDED_INTRINSIC.fullmatch(name):
            what = (
                "is declared by HIP only under `OCML_BASIC_ROUNDED_OPERATIONS`, and the device libraries "
                "lack the division and square-root forms"
            )
        elif newer:
            what = "is missing from HIP before ROCm 7 (newer headers may add it)"
        else:
            what = "has no HIP equivalent"
        ctx.report("HP503", node, f"`{name}` {what}: use {replacement}", fix, severity="warning" if newer else None)
