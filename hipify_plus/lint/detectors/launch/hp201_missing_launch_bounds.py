"""HP201: Kernel without `__launch_bounds__` although every launch in the file uses a small
constant block, and its per-thread state comes near the VGPR cap of the default 1024-thread
bound (`_registers.py`): a kernel of a few dozen registers loses nothing to that cap. With
`--precise` and compile_commands.json, a kernel the file defines but does not launch (a
header's) is judged by its launches in the project's units, as clang resolves them."""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass

from hipify_plus.cuda.syntax import base_name, call_args, callee_text, declarator_name
from hipify_plus.edits import Edit
from hipify_plus.filekinds import is_header
from hipify_plus.lint.context import Launch, LintContext
from hipify_plus.lint.detectors.launch._arch import SIMDS_PER_CU, _arches, _vgpr_cap_for_waves, _wave_size
from hipify_plus.lint.detectors.launch._bounds import _item_start
from hipify_plus.lint.detectors.launch._constants import _macro_value
from hipify_plus.lint.detectors.launch._kernels import _block_size, _has_bounds, _kernel_definitions, _launched
from hipify_plus.lint.detectors.launch._registers import RegisterEstimate, register_estimate
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node

DEFAULT_MAX_THREADS = 1024  # clang's default max flat work-group size when no bounds are given


def _vgpr_cap(arch: str, threads: int) -> int:
    """VGPRs per lane the compiler allows a kernel whose blocks have up to `threads` threads
    (LLVM's model: the register file shared by the waves one SIMD must hold)."""
    return _vgpr_cap_for_waves(arch, max(1, math.ceil(math.ceil(threads / _wave_size(arch)) / SIMDS_PER_CU)))


def _register_gain(ctx: LintContext, threads: int) -> tuple[str, int, int]:
    """(arch, VGPR cap at the default 1024 threads, cap at `threads`) for the target that gains
    most from launch bounds; the last is 0 when no target gains."""
    best = ("", 0, 0)
    for arch in _arches(ctx):
        default, bounded = _vgpr_cap(arch, DEFAULT_MAX_THREADS), _vgpr_cap(arch, threads)
        if bounded > default and bounded - default > best[2] - best[1]:
            best = (arch, default, bounded)
    return best


def _escaped_kernels(ctx: LintContext, names: set[str], launches: list[Launch]) -> set[str]:
    """Kernels whose name is used other than to launch, declare or query them (stored in a
    variable, passed to a helper): their launch sites cannot all be seen here."""
    launch_spans = []
    for launch in launches:
        function = launch.node.child_by_field_name("function")
        if launch.chevrons and function is not None:
            launch_spans.append((function.start_byte, function.end_byte))
        else:
            args = call_args(launch.node)
            if args:
                launch_spans.append((args[0].start_byte, args[0].end_byte))
    escaped: set[str] = set()
    spelled = {name.encode("utf-8", "surrogateescape") for name in names}  # compared before decoding
    for identifier in ctx.nodes({"identifier"}):
        if identifier.text not in spelled:
            continue
        name = ctx.text(identifier)
        if name in escaped:
            continue
        if any(s <= identifier.start_byte and identifier.end_byte <= e for s, e in launch_spans):
            continue
        parent = identifier.parent
        if parent is not None and parent.type == "function_declarator":
            continue  # the definition or a prototype
        call = parent
        while call is not None and call.type not in (
            "call_expression",
            "expression_statement",
            "declaration",
            "compound_statement",
        ):
            call = call.parent
        if call is not None and call.type == "call_expression" and re.match(r"(cuda|hip|cu)[A-Z]", callee_text(call)):
            continue  # cudaFuncSetAttribute(k, ...), cudaOccupancy...(&n, k, ...)
        escaped.add(name)
    return escaped


# HP201
@file_detector(emits=("HP201",), names=("__global__",))
def missing_launch_bounds(ctx: LintContext) -> None:
    candidates: dict[str, list[Node]] = {}
    for kernel in _kernel_definitions(ctx):
        name = declarator_name(kernel)
        if name is not None and not _has_bounds(ctx, kernel):
            candidates.setdefault(base_name(ctx.text(name)), []).append(kernel)
    if not candidates:
        return
    launches = [launch for launch in ctx.launches if _launched(ctx, launch) in candidates]
    sizes: dict[str, list[int | None]] = {}
    for launch in launches:
        sizes.setdefault(_launched(ctx, launch), []).append(_block_size(ctx, launch))
    where = dict.fromkeys(sizes, "in this file")
    for kernel_name, kernels in candidates.items():
        if kernel_name not in sizes and (elsewhere := _launched_elsewhere(ctx, kernels)) is not None:
            sizes[kernel_name], where[kernel_name] = elsewhere
    escaped = _escaped_kernels(ctx, set(sizes), launches)
    for kernel_name, blocks in sizes.items():
        if kernel_name in escaped or any(b is None or b <= 0 for b in blocks):
            continue
        largest = max(b for b in blocks if b is not None)
        _, capped, allowed = _register_gain(ctx, largest)
        if largest >= DEFAULT_MAX_THREADS or allowed == 0:
            continue
        for kernel in candidates[kernel_name]:
            estimate = register_estimate(ctx, kernel)
            if estimate.heavy(capped):
                found = Missing(kernel_name, where[kernel_name], blocks, largest, estimate)
                _report_missing_bounds(ctx, kernel, found, launches)


def _launched_elsewhere(ctx: LintContext, kernels: list[Node]) -> tuple[list[int | None], str] | None:
    """--precise with compile_commands.json: the block sizes of the launches, in the project's
    other units, of a kernel this file defines but does not launch (a header's kernel), and where
    they are; None when the mode is off, the name is overloaded, or clang finds no launch."""
    name = declarator_name(kernels[0]) if len(kernels) == 1 else None
    if ctx.clang is None or name is None:
        return None
    found = ctx.clang.launches_elsewhere(name.start_byte)
    if found is None:
        return None
    files = ", ".join(f"`{os.path.basename(path)}`" for path in found.files)
    return list(found.threads), f"in the project ({files})"


@dataclass(frozen=True)
class Missing:
    """A kernel HP201 reports: its launches' block sizes, where they are, and its register state."""

    name: str
    where: str  # "in this file", or the other units that launch it
    blocks: list[int | None]
    largest: int
    estimate: RegisterEstimate


def _report_missing_bounds(ctx: LintContext, kernel: Node, found: Missing, launches: list[Launch]) -> None:
    declarator = kernel.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    name_node = declarator_name(kernel)
    if declarator is None or name_node is None:
        return
    name, largest = found.name, found.largest
    same = len(set(found.blocks)) == 1
    here = [launch for launch in launches if _launched(ctx, launch) == name]
    bound = (_bound_text(ctx, kernel, here) if same and here else None) or str(largest)
    applicability = None
    in_header = is_header(ctx.source.path)
    if not same or not here or (in_header and not _internal_linkage(ctx, kernel)):
        applicability = "unsafe"
    title = f"Add `__launch_bounds__({bound})`"
    fix = ctx.fix(
        "HP201",
        title,
        [Edit(declarator.start_byte, declarator.start_byte, f"__launch_bounds__({bound}) ".encode())],
        applicability,
    )
    launched = f"{largest} thread{'s' if largest > 1 else ''}" if same else f"at most {largest} threads"
    arch, capped, allowed = _register_gain(ctx, largest)
    ctx.report(
        "HP201",
        name_node,
        f"kernel `{name}` has no `__launch_bounds__`, and every launch {found.where} "
        f"uses {launched} per block: AMD compiles it for {DEFAULT_MAX_THREADS}-thread blocks, which caps "
        f"it at {capped} VGPRs per lane on {arch} instead of {allowed}, and it holds {found.estimate.evidence()}, "
        "so it is likely to spill to scratch memory",
        fix,
    )


def _bound_text(ctx: LintContext, kernel: Node, launches: list[Launch]) -> str | None:
    """The block argument's name when every launch writes the same constant name and that name is
    a #define or namespace-scope constant defined before the kernel."""
    texts = {ctx.text(launch.config[1]) for launch in launches if len(launch.config) > 1}
    if len(texts) != 1:
        return None
    text = texts.pop()
    if not re.fullmatch(r"[A-Za-z_]\w*", text) or (text not in ctx.constants and _macro_value(ctx, text) is None):
        return None
    start = _item_start(kernel).start_byte
    for node in ctx.nodes({"preproc_def", "declaration"}):
        if node.start_byte >= start:
            break
        if node.type == "preproc_def":
            name = node.child_by_field_name("name")
            if name is not None and ctx.text(name) == text:
                return text
        elif node.parent is not None and node.parent.type in ("translation_unit", "declaration_list"):
            for declarator in node.children_by_field_name("declarator"):
                target = declarator.child_by_field_name("declarator")
                if declarator.type == "init_declarator" and target is not None and ctx.text(target) == text:
                    return text
    return None


def _internal_linkage(ctx: LintContext, kernel: Node) -> bool:
    if any(c.type == "storage_class_specifier" and ctx.text(c) == "static" for c in kernel.children):
        return True
    ancestor = kernel.parent
    while ancestor is not None:
        if ancestor.type == "namespace_definition" and ancestor.child_by_field_name("name") is None:
            return True
        ancestor = ancestor.parent
    return False
