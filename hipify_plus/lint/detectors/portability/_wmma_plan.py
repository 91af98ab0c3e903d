"""The WMMA -> rocWMMA port of one file, planned once and shared by HP506, HP507 and HP508: the
edits (header, namespace, fragment element types and the pointer casts they need, tf32, the
`__CUDA_ARCH__` tests around WMMA code, and the warp-size arithmetic of each kernel and of the
host code that launches it), or the blockers that stop it, each tied to the rule whose construct
it is. The port is one fix, offered only when nothing blocks it: a file that would compile with
one kernel still tied to 32-thread warps, or with a fragment its target runs without matrix
instructions, is worse than one that does not compile."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import cast

from hipify_plus.cuda.preprocessor import condition_of, enclosing_branches, mentions_amd
from hipify_plus.cuda.syntax import declarator_name, descendants, enclosing_function, execution_space
from hipify_plus.edits import Edit, Fix
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.detectors.portability._file import _portability_cache
from hipify_plus.lint.detectors.portability._includes import _include_path
from hipify_plus.lint.detectors.portability._wmma_edits import Finding, WmmaPlan, element_types, rename_wmma, span_of
from hipify_plus.lint.detectors.portability._wmma_fragments import (
    Fragment,
    combinations,
    fragments,
    key,
    supports,
    wmma_calls,
    wmma_nodes,
)
from hipify_plus.lint.detectors.portability._wmma_launches import plan_launch
from hipify_plus.lint.detectors.portability._wmma_warps import analyse_kernel, function_name_span
from hipify_plus.parse import Node
from hipify_plus.rewrite import wmma as rewrite
from hipify_plus.rewrite.wmma import XF32_FROM, Support, describe_fragment, support

CUDA_WMMA = re.compile(rb"\bnvcuda\b|#\s*include\s*[<\"]mma\.h[>\"]")
RETILE = "re-tile into rocWMMA's 16x16/32x32 blocks or call rocBLAS/hipBLASLt"


# -- preprocessor: WMMA code behind `#if __CUDA_ARCH__ >= N` -----------------------------------


def _arch_test(directive: Node, ctx: LintContext) -> bool:
    """`#if __CUDA_ARCH__ >= 800` (only __CUDA_ARCH__ compared with numbers, no AMD macro)."""
    if directive.type not in ("preproc_if", "preproc_elif"):
        return False
    condition = condition_of(directive)
    if condition is None or mentions_amd(condition):
        return False
    names = {ctx.text(n) for n in descendants(condition) if n.type == "identifier"}
    return (
        names == {"__CUDA_ARCH__"}
        and not any(n.type == "preproc_defined" for n in descendants(condition))
        and any(n.type == "binary_expression" for n in descendants(condition))
    )


def _device_guards(node: Node, ctx: LintContext) -> tuple[list[Node], str]:
    """The `#if __CUDA_ARCH__ >= N` directives that keep `node` from AMD's device pass, and why
    the rest cannot be opened ('' when none: every exclusion is such a test)."""
    guards: list[Node] = []
    device = ctx.amd.in_pass(True)
    for directive, wanted in enclosing_branches(node):
        value = device.condition(directive)
        if not wanted and value == 1:
            return guards, "skip"
        if wanted and value == 0:
            if _arch_test(directive, ctx):
                guards.append(directive)
            elif "__CUDA_ARCH__" in ctx.text(condition_of(directive) or directive):
                return guards, "presence"
            else:
                return guards, "skip"
    return guards, ""


# -- the plan ------------------------------------------------------------------------------------


def wmma_plan(ctx: LintContext) -> WmmaPlan:
    cache = _portability_cache(ctx)
    if "wmma_plan" not in cache:
        cache["wmma_plan"] = _plan(ctx)
    return cast("WmmaPlan", cache["wmma_plan"])


def _cuda_wmma(ctx: LintContext) -> bool:
    """The code (not a comment) uses CUDA's spelling: `#include <mma.h>` or the `nvcuda` namespace."""
    if CUDA_WMMA.search(ctx.data) is None:
        return False
    for node in ctx.nodes({"preproc_include", "identifier", "namespace_identifier"}):
        if node.type == "preproc_include":
            found = _include_path(node, ctx)
            if found is not None and found[1] == "mma.h":
                return True
        elif node.end_byte - node.start_byte == 6 and ctx.text(node) == "nvcuda":
            return True
    return False


def _plan(ctx: LintContext) -> WmmaPlan:
    plan = WmmaPlan(cuda=_cuda_wmma(ctx))
    if b"wmma" not in ctx.data and not plan.cuda:
        return plan
    compiled = _functions(plan, ctx)
    _check_fragments(plan, compiled, ctx)
    if not plan.cuda:
        return plan
    rename_wmma(plan, ctx)
    element_types(plan, compiled, ctx)
    for port in plan.kernels:
        plan.edits += port.edits
        for span, reason, kind in port.blockers:
            plan.block("HP508" if kind == "launch" else "", span, f"`{port.name}`: {reason}")
    plan.edits = _outermost(sorted(set(plan.edits)))
    overlapping = any(a.end > b.start for a, b in pairwise(plan.edits))
    plan.fixable = ctx.is_hip and not plan.blockers and bool(plan.edits) and not overlapping
    return plan


def _outermost(edits: list[Edit]) -> list[Edit]:
    """Drop edits inside a range another edit replaces with text of its own (`nvcuda::wmma::`
    inside a tf32 element type that becomes `rocwmma::xfloat32_t`)."""
    replacing = [e for e in edits if e.end > e.start]
    return [
        e
        for e in edits
        if not any(
            o is not e and o.start <= e.start and e.end <= o.end and (o.start, o.end) != (e.start, e.end)
            for o in replacing
        )
    ]


def _functions(plan: WmmaPlan, ctx: LintContext) -> dict[tuple[int, int, str], Node]:
    """Functions with WMMA code that an AMD pass compiles (after the port opens their
    `__CUDA_ARCH__` tests), by key; the kernels among them get their warp-size port."""
    compiled: dict[tuple[int, int, str], Node] = {}
    seen: dict[tuple[int, int, str], Node] = {}
    for node in [f.node for f in fragments(ctx)] + wmma_calls(ctx):
        function = enclosing_function(node)
        if function is not None:
            seen.setdefault(key(function), function)
    guards: dict[tuple[int, int], Node] = {}
    for function_key, function in seen.items():
        name_node = declarator_name(function)
        name = ctx.text(name_node) if name_node is not None else "?"
        states = [_device_guards(n, ctx) for n in wmma_nodes(function, ctx)]
        if any(state == "skip" for _, state in states) or _excluded_on_amd(function, ctx, device=True):
            plan.skipped.append(name)
            continue
        if any(state == "presence" for _, state in states):
            plan.block(
                "",
                function_name_span(function),
                f"`{name}`: its WMMA code is behind an "
                "`#ifdef __CUDA_ARCH__`-style test; give it the AMD device pass first (HP502's fix)",
            )
        for found, _ in states:
            guards.update({span_of(g): g for g in found})
        compiled[function_key] = function
        if not plan.cuda:
            continue  # rocWMMA code: only its fragments are checked
        if "__global__" in execution_space(function):
            _kernel(plan, function, name.split("::")[-1].split("<")[0], ctx)
        elif any(
            n.type == "field_expression" and re.sub(r"\s", "", ctx.text(n)) in ("threadIdx.x", "blockDim.x")
            for n in descendants(function)
        ):
            plan.block(
                "",
                function_name_span(function),
                f"`{name}` numbers threads itself: the tool ports warp numbering only in kernels",
            )
    for directive in guards.values() if plan.cuda else ():
        condition = condition_of(directive)
        if condition is None:  # not an arch test: _device_guards keeps only those
            continue
        plan.edits.append(
            Edit(condition.start_byte, condition.end_byte, rewrite.device_guard(" ".join(ctx.text(condition).split())))
        )
    return compiled


def _kernel(plan: WmmaPlan, function: Node, name: str, ctx: LintContext) -> None:
    port = analyse_kernel(function, name, ctx)
    plan.kernels.append(port)
    for site in port.sites:
        if site.rewrite:
            plan.sites[span_of(site.node)] = port
    launches = [launch for launch in ctx.launches if launch.kernel == name]
    if not launches:
        port.block(
            function_name_span(function),
            "it is not launched in this file, so the tool cannot give its launches one wavefront per fragment",
        )
    for launch in launches:
        if not _excluded_on_amd(launch.node, ctx):
            plan_launch(port, launch, ctx)


# -- fragments -----------------------------------------------------------------------------------


def _check_fragments(plan: WmmaPlan, compiled: dict[tuple[int, int, str], Node], ctx: LintContext) -> None:
    """Every mma_sync combination checked on every target: HP507 notes per input fragment."""

    def counted(fragment: Fragment) -> bool:
        return fragment.function is None or key(fragment.function) in compiled

    combos, unknown = combinations(ctx)
    for combination in combos:
        inputs = [f for f in combination.inputs if counted(f)]
        if not inputs:
            continue
        port_key, found = supports(combination, ctx)
        what = describe_fragment(combination.ti, combination.tc, combination.shape)
        failed = [s for s in found if not s.ok]
        if failed:
            message = (
                f"WMMA fragment {what} cannot run on {', '.join(s.arch for s in failed)}: "
                + "; ".join(s.describe() for s in failed)
                + f" ({RETILE})"
            )
            for fragment in inputs:
                plan.fragment_notes[key(fragment.node)] = Finding("HP507", span_of(fragment.node), message)
                plan.block("HP507", span_of(fragment.node), message)
        elif combination.ti == "tf32" and port_key == "f32":
            message = tf32_message(combination.shape, found, ctx)
            for fragment in inputs:
                plan.fragment_notes[key(fragment.node)] = Finding("HP507", span_of(fragment.node), message, "warning")
    for fragment in unknown:
        if not counted(fragment) or key(fragment.node) in plan.fragment_notes:
            continue
        element = ctx.text(fragment.element) if fragment.element is not None else ""
        if "experimental" in element or re.search(r"precision::(?:b1|s4|u4)\b", element):
            message = f"`{element.split('::')[-1]}` sub-byte WMMA has no rocWMMA equivalent ({RETILE})"
        elif fragment.shape is None:
            message = "the tool cannot fold this WMMA fragment's shape to numbers, so it cannot check it per target"
        else:
            message = (
                f"WMMA fragment element type `{element}` is not one the tool can check per target "
                "(f16, bf16, s8, u8, tf32, f64 with f16/f32/s32/f64 accumulators)"
            )
        plan.fragment_notes[key(fragment.node)] = Finding("HP507", span_of(fragment.node), message)
        plan.block("HP507", span_of(fragment.node), message)
    for fragment in fragments(ctx):  # a fragment in code the tool cannot read the uses of
        if (
            counted(fragment)
            and fragment.use
            and fragment.use != "accumulator"
            and fragment.layout is None
            and key(fragment.node) not in plan.fragment_notes
            and plan.cuda
        ):
            plan.block(
                "HP507",
                span_of(fragment.node),
                "a matrix_a/matrix_b fragment without a layout: rocWMMA needs `row_major` or `col_major` here",
            )


def tf32_message(shape: tuple[int, int, int], found: tuple[Support, ...], ctx: LintContext) -> str:
    """What a tf32 fragment becomes where a target lacks XF32 (before and after the port)."""
    rocm = ctx.settings.target_rocm
    lacking = [a for a in ctx.settings.arches if not support("xf32", "f32", shape, a, rocm).ok]
    why = (
        f"{', '.join(lacking)} {'has' if len(lacking) == 1 else 'have'} no XF32"
        if rocm >= XF32_FROM
        else "rocWMMA before 6.0 has no xfloat32_t"
    )
    instructions = ", ".join(f"{s.arch}: {s.instruction}" if s.ok else s.describe() for s in found)
    return (
        f"tf32 fragment {'x'.join(map(str, shape))}: {why}, so the port uses fp32 fragments for every "
        f"target ({instructions}): more precise than TF32 and slower (an fp32 matrix instruction covers a "
        "quarter of a tf32 step's K), so results differ from an NVIDIA TF32 run in the low bits"
    )


# -- names ----------------------------------------------------------------------------------------


def wmma_fix(plan: WmmaPlan, ctx: LintContext, rule: str) -> Fix | None:
    """The port as one fix (the same edits for every finding that offers it), or None. The port
    is HP506's rewrite: with HP506 not selected (`convert --no-rewrite wmma-api`), no finding
    offers it."""
    if not plan.fixable or not ctx.settings.enabled("HP506", ctx.source.path):
        return None
    return ctx.fix(rule, "Port this file's WMMA code to rocWMMA", plan.edits)
