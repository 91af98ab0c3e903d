"""HP203: Second `__launch_bounds__` argument means min waves per SIMD on AMD, not min blocks per
SM."""

from __future__ import annotations

import math
import re
from typing import Literal

from hipify_plus.cuda.preprocessor import CONDITIONALS, condition_of, mentions_amd
from hipify_plus.cuda.syntax import base_name, declarator_name, descendants
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.launch._arch import (
    SIMDS_PER_CU,
    _arches,
    _max_waves_per_eu,
    _vgpr_cap_for_waves,
    _wave_size,
)
from hipify_plus.lint.detectors.launch._bounds import (
    AMD_GUARD,
    _block_insertion,
    _bounded_kernel_name,
    _bounds_arguments,
    _macro_name,
    _span_text,
    _span_value,
    _stripped_node_span,
)
from hipify_plus.lint.detectors.launch._constants import _fold_text
from hipify_plus.lint.detectors.launch._registers import RegisterEstimate, register_estimate
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


def _waves_for_blocks(max_threads: int, min_blocks: int, arch: str) -> int:
    """Min waves per SIMD that keeps `min_blocks` blocks of `max_threads` resident on one CU."""
    waves_per_block = math.ceil(max_threads / _wave_size(arch))
    return max(1, min(math.ceil(min_blocks * waves_per_block / SIMDS_PER_CU), _max_waves_per_eu(arch)))


def _effective_waves(max_threads: int, requested: int, arch: str) -> int:
    """The min waves per SIMD the compiler uses for `amdgpu_waves_per_eu(requested)`: a request
    below what the work-group size implies, or above the hardware maximum, is ignored."""
    implied = max(1, math.ceil(math.ceil(max_threads / _wave_size(arch)) / SIMDS_PER_CU))
    return requested if implied <= requested <= _max_waves_per_eu(arch) else implied


def _platform_definitions(ctx: LintContext, name: str) -> tuple[Node, Node] | Literal[False] | None:
    """For a macro defined once per platform under `#if defined(__HIP_PLATFORM_AMD__) ... #else`:
    its (AMD, other) preproc_arg nodes. False if `name` has other #defines (chosen some other
    way); None if it has no #define here."""
    definitions = ctx.defines.get(name, [])
    if len(definitions) < 2:
        return None
    if len(definitions) != 2:
        return False
    first, second = definitions
    branch = first.parent
    if (
        branch is None
        or branch.type not in ("preproc_if", "preproc_ifdef")
        or second.parent is None
        or second.parent.type != "preproc_else"
        or second.parent.parent != branch
    ):
        return False
    condition = branch.child_by_field_name("condition") or branch.child_by_field_name("name")
    condition_text = ctx.text(condition) if condition is not None else ""
    if (
        "__HIP_PLATFORM_AMD__" not in condition_text
        or "!" in condition_text
        or (branch.type == "preproc_ifdef" and ctx.text(branch.children[0]) != "#ifdef")
    ):
        return False
    amd, other = first.child_by_field_name("value"), second.child_by_field_name("value")
    if amd is None or other is None:
        return False
    return amd, other


# HP203
@detector("launch_bounds", emits=("HP203",))
def launch_bounds_min_blocks_reinterpreted(node: Node, ctx: LintContext) -> None:
    spans = _bounds_arguments(node, ctx)
    if len(spans) != 2:
        return  # one argument: nothing to reinterpret; three: HP205 first
    max_threads = _span_value(ctx, spans[0])
    min_text = _span_text(ctx, spans[1])
    platform = _platform_definitions(ctx, min_text) if re.fullmatch(r"[A-Za-z_]\w*", min_text) else None
    if platform is False:
        return  # the file already picks the value by preprocessor
    if platform is None:
        amd_value = cuda_value = _span_value(ctx, spans[1])
        cuda_text = min_text
    else:
        amd_node, cuda_node = platform
        cuda_text = ctx.text(cuda_node).split(",")[0].strip()
        amd_value, cuda_value = _fold_text(ctx, ctx.text(amd_node)), _fold_text(ctx, cuda_text)
    bounds_text = f"__launch_bounds__({_span_text(ctx, spans[0])}, {cuda_text})"
    if amd_value == 1 and cuda_value == 1:
        return  # one resident block per SM, one wave per SIMD: neither asks for anything
    if amd_value is None and _picked_per_platform(ctx, min_text):
        return  # a function of the file that chooses the value per platform (ggml's configs)
    if max_threads is None or amd_value is None or cuda_value is None:
        ctx.report(
            "HP203",
            node,
            f"`{bounds_text}`: HIP passes the second argument (min blocks per SM on "
            "NVIDIA) as `amdgpu_waves_per_eu`, min waves per SIMD, a different unit",
        )
        return
    wanted = {a: _waves_for_blocks(max_threads, cuda_value, a) for a in _arches(ctx)}
    owner = node.parent
    estimate = register_estimate(ctx, owner) if owner is not None and owner.type == "function_definition" else None
    differs = [a for a in wanted if _matters(max_threads, amd_value, wanted[a], a, estimate)]
    waves = min(wanted.values())
    if not differs or amd_value == waves:
        return  # with several targets the smallest value is the one asked for (see the docs)
    arch = differs[0]
    kernel = _bounded_kernel_name(node, ctx) or "kernel"
    needed = math.ceil(cuda_value * math.ceil(max_threads / _wave_size(arch)) / SIMDS_PER_CU)
    beyond = f" ({_max_waves_per_eu(arch)} at most)" if needed > _max_waves_per_eu(arch) else ""
    message = (
        f"`{bounds_text}`: HIP passes {amd_value} as `amdgpu_waves_per_eu({amd_value})` (min waves per "
        f"SIMD), but {cuda_value} resident blocks of {max_threads} threads per CU need "
        f"{max(needed, 1)} waves per SIMD on {arch}{beyond}"
    )
    if platform is None:
        edits = (
            []
            if "/" in min_text
            else _platform_macro_edits(
                ctx, node, spans[1], "MIN_BLOCKS", kernel, str(waves), " ".join(min_text.split())
            )
        )
    else:
        start, end = _stripped_node_span(ctx, platform[0])
        edits = [Edit(start, end, str(waves).encode())]
    fix = (
        ctx.fix("HP203", f"Use `amdgpu_waves_per_eu({waves})` on AMD, keep {cuda_text} blocks on NVIDIA", edits)
        if edits
        else None
    )
    ctx.report("HP203", node, message, fix)


TIGHT_VGPR_CAP = 128


def _matters(max_threads: int, amd_value: int, wanted: int, arch: str, estimate: RegisterEstimate | None) -> bool:
    """True if HIP's occupancy target differs from the CUDA intent in a way that can change the
    code: fewer waves per SIMD than the intent (occupancy the CUDA author asked for is lost);
    more, when the VGPR cap they imply is 128 or less (what spills a kernel of ordinary size) or
    meets the kernel's estimated state. A request that still leaves 256 VGPRs (`(128, 2)` on
    gfx90a: 2 waves per SIMD where 1 was meant) changes nothing for most kernels."""
    amd = _effective_waves(max_threads, amd_value, arch)
    intent = _effective_waves(max_threads, wanted, arch)
    if amd == intent:
        return False
    if amd < intent:
        return True
    cap = _vgpr_cap_for_waves(arch, amd)
    return cap <= TIGHT_VGPR_CAP or estimate is None or estimate.heavy(cap)


_CALLED = re.compile(r"\b([A-Za-z_]\w*)\s*\(")


def _picked_per_platform(ctx: LintContext, text: str, depth: int = 3) -> bool:
    """True if `text` calls a function of this file that (itself or through the functions of
    the file it calls) picks its result under an #if testing an AMD macro (`GGML_USE_HIP`,
    `AMD_MFMA_AVAILABLE`, `__HIP_PLATFORM_AMD__`): the project chose the AMD value itself."""
    definitions = _definitions(ctx)
    pending = [(name, depth) for name in _CALLED.findall(text)]
    seen: set[str] = set()
    while pending:
        name, left = pending.pop()
        if name in seen or name not in definitions or left == 0:
            continue
        seen.add(name)
        for definition in definitions[name]:
            if any(
                n.type in CONDITIONALS and (c := condition_of(n)) is not None and mentions_amd(c)
                for n in descendants(definition)
            ):
                return True
            pending.extend((called, left - 1) for called in _CALLED.findall(ctx.text(definition)))
    return False


def _definitions(ctx: LintContext) -> dict[str, list[Node]]:
    found: dict[str, list[Node]] = {}
    for definition in ctx.nodes({"function_definition"}):
        name = declarator_name(definition)
        if name is not None:
            found.setdefault(base_name(ctx.text(name)), []).append(definition)
    return found


def _platform_macro_edits(
    ctx: LintContext, bounds: Node, span: tuple[int, int], stem: str, kernel: str, amd_text: str, cuda_text: str
) -> list[Edit]:
    """Replace a `__launch_bounds__` argument by a macro defined per platform just above the
    kernel; [] where no #if can go there."""
    macro = _macro_name(ctx, stem, kernel, bounds)
    owner = bounds.parent or bounds
    block = (
        f"{AMD_GUARD}  // hipify-plus: HIP reads this as min waves per SIMD\n"
        f"#define {macro} {amd_text}\n#else\n#define {macro} {cuda_text}\n#endif\n"
    )
    insertion = _block_insertion(ctx, owner, block)
    if insertion is None:
        return []
    return [insertion, Edit(span[0], span[1], macro.encode())]
