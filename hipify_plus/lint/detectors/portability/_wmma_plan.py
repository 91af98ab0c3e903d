"""The WMMA -> rocWMMA port of one file, planned once and shared by HP506, HP507 and HP508: the
edits (header, namespace, fragment element types and the pointer casts they need, tf32, the
`__CUDA_ARCH__` tests around WMMA code, and the warp-size arithmetic of each kernel and of the
host code that launches it), or the blockers that stop it, each tied to the rule whose construct
it is. The port is one fix, offered only when nothing blocks it: a file that would compile with
one kernel still tied to 32-thread warps, or with a fragment its target runs without matrix
instructions, is worse than one that does not compile."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import pairwise

from hipify_plus.cuda.preprocessor import condition_of, enclosing_branches, mentions_amd
from hipify_plus.cuda.syntax import (
    call_args,
    callee_name,
    declarator_name,
    descendants,
    enclosing_function,
    execution_space,
)
from hipify_plus.edits import Edit, Fix
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.detectors.portability._file import _portability_cache
from hipify_plus.lint.detectors.portability._includes import _include_path, _swap_include
from hipify_plus.lint.detectors.portability._wmma_fragments import (
    Fragment,
    combinations,
    fragment_of,
    fragments,
    key,
    supports,
    wmma_calls,
    wmma_nodes,
)
from hipify_plus.lint.detectors.portability._wmma_launches import plan_launch
from hipify_plus.lint.detectors.portability._wmma_warps import (
    KernelPort,
    analyse_kernel,
    function_name_span,
)
from hipify_plus.parse import Node
from hipify_plus.rewrite import wmma as rewrite
from hipify_plus.rewrite.wmma import XF32_FROM, Support, describe_fragment, support

CUDA_WMMA = re.compile(rb"\bnvcuda\b|#\s*include\s*[<\"]mma\.h[>\"]")
NVCUDA_WMMA = re.compile(r"nvcuda\s*::\s*wmma\b")
USING_NVCUDA = re.compile(r"using\s+namespace\s+(?:::)?nvcuda\s*;")
# The WMMA names rocWMMA has under the same spelling (and tf32, which the port rewrites).
ROCWMMA_NAMES = frozenset({
    "fragment", "matrix_a", "matrix_b", "accumulator", "row_major", "col_major", "mem_row_major",
    "mem_col_major", "layout_t", "fill_fragment", "load_matrix_sync", "store_matrix_sync", "mma_sync",
    "precision", "tf32", "__float_to_tf32",
})
RETILE = "re-tile into rocWMMA's 16x16/32x32 blocks or call rocBLAS/hipBLASLt"


@dataclass
class Finding:
    rule: str  # the rule whose construct it is; '' for a reason HP506 (and a kernel's HP508 sites) give
    span: tuple[int, int]
    message: str
    severity: str | None = None


@dataclass
class WmmaPlan:
    cuda: bool = False  # the file uses CUDA's WMMA spelling (`<mma.h>`, `nvcuda`)
    edits: list[Edit] = field(default_factory=list)
    blockers: list[Finding] = field(default_factory=list)
    fragment_notes: dict[tuple[int, int, str], Finding] = field(default_factory=dict)
    sites: dict[tuple[int, int], KernelPort] = field(default_factory=dict)  # HP508 sites -> their kernel
    kernels: list[KernelPort] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # WMMA functions no AMD pass compiles
    fixable: bool = False

    def block(self, rule: str, where: Node | tuple[int, int], message: str) -> None:
        span = where if isinstance(where, tuple) else (where.start_byte, where.end_byte)
        self.blockers.append(Finding(rule, span, message))


def _span(node: Node) -> tuple[int, int]:
    return node.start_byte, node.end_byte


def _line(ctx: LintContext, offset: int) -> int:
    return ctx.source.position(offset)[0]


# -- preprocessor: WMMA code behind `#if __CUDA_ARCH__ >= N` -----------------------------------


def _arch_test(directive: Node, ctx: LintContext) -> bool:
    """`#if __CUDA_ARCH__ >= 800` (only __CUDA_ARCH__ compared with numbers, no AMD macro)."""
    if directive.type not in ("preproc_if", "preproc_elif"):
        return False
    condition = condition_of(directive)
    if condition is None or mentions_amd(condition):
        return False
    names = {ctx.text(n) for n in descendants(condition) if n.type == "identifier"}
    return names == {"__CUDA_ARCH__"} and not any(n.type == "preproc_defined" for n in descendants(condition)) \
        and any(n.type == "binary_expression" for n in descendants(condition))


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
    return cache["wmma_plan"]


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
    _names(plan, ctx)
    _element_types(plan, compiled, ctx)
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
    return [e for e in edits if not any(o is not e and o.start <= e.start and e.end <= o.end
                                        and (o.start, o.end) != (e.start, e.end) for o in replacing)]


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
            plan.block("", function_name_span(function), f"`{name}`: its WMMA code is behind an "
                       "`#ifdef __CUDA_ARCH__`-style test; give it the AMD device pass first (HP502's fix)")
        for found, _ in states:
            guards.update({_span(g): g for g in found})
        compiled[function_key] = function
        if not plan.cuda:
            continue  # rocWMMA code: only its fragments are checked
        if "__global__" in execution_space(function):
            _kernel(plan, function, name.split("::")[-1].split("<")[0], ctx)
        elif any(n.type == "field_expression" and re.sub(r"\s", "", ctx.text(n)) in ("threadIdx.x", "blockDim.x")
                 for n in descendants(function)):
            plan.block("", function_name_span(function), f"`{name}` numbers threads itself: the tool ports "
                       "warp numbering only in kernels")
    for directive in guards.values() if plan.cuda else ():
        condition = condition_of(directive)
        if condition is None:  # not an arch test: _device_guards keeps only those
            continue
        plan.edits.append(Edit(condition.start_byte, condition.end_byte,
                               rewrite.device_guard(" ".join(ctx.text(condition).split()))))
    return compiled


def _kernel(plan: WmmaPlan, function: Node, name: str, ctx: LintContext) -> None:
    port = analyse_kernel(function, name, ctx)
    plan.kernels.append(port)
    for site in port.sites:
        if site.rewrite:
            plan.sites[_span(site.node)] = port
    launches = [launch for launch in ctx.launches if launch.kernel == name]
    if not launches:
        port.block(function_name_span(function), "it is not launched in this file, so the tool cannot give its "
                   "launches one wavefront per fragment")
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
            message = (f"WMMA fragment {what} cannot run on {', '.join(s.arch for s in failed)}: "
                       + "; ".join(s.describe() for s in failed) + f" ({RETILE})")
            for fragment in inputs:
                plan.fragment_notes[key(fragment.node)] = Finding("HP507", _span(fragment.node), message)
                plan.block("HP507", _span(fragment.node), message)
        elif combination.ti == "tf32" and port_key == "f32":
            message = tf32_message(combination.shape, found, ctx)
            for fragment in inputs:
                plan.fragment_notes[key(fragment.node)] = Finding("HP507", _span(fragment.node), message, "warning")
    for fragment in unknown:
        if not counted(fragment) or key(fragment.node) in plan.fragment_notes:
            continue
        element = ctx.text(fragment.element) if fragment.element is not None else ""
        if "experimental" in element or re.search(r"precision::(?:b1|s4|u4)\b", element):
            message = (f"`{element.split('::')[-1]}` sub-byte WMMA has no rocWMMA equivalent ({RETILE})")
        elif fragment.shape is None:
            message = "the tool cannot fold this WMMA fragment's shape to numbers, so it cannot check it per target"
        else:
            message = (f"WMMA fragment element type `{element}` is not one the tool can check per target "
                       "(f16, bf16, s8, u8, tf32, f64 with f16/f32/s32/f64 accumulators)")
        plan.fragment_notes[key(fragment.node)] = Finding("HP507", _span(fragment.node), message)
        plan.block("HP507", _span(fragment.node), message)
    for fragment in fragments(ctx):  # a fragment in code the tool cannot read the uses of
        if counted(fragment) and fragment.use and fragment.use != "accumulator" and fragment.layout is None \
                and key(fragment.node) not in plan.fragment_notes and plan.cuda:
            plan.block("HP507", _span(fragment.node), "a matrix_a/matrix_b fragment without a layout: rocWMMA needs "
                       "`row_major` or `col_major` here")


def tf32_message(shape: tuple[int, int, int], found: tuple[Support, ...], ctx: LintContext) -> str:
    """What a tf32 fragment becomes where a target lacks XF32 (before and after the port)."""
    rocm = ctx.settings.target_rocm
    lacking = [a for a in ctx.settings.arches if not support("xf32", "f32", shape, a, rocm).ok]
    why = (f"{', '.join(lacking)} {'has' if len(lacking) == 1 else 'have'} no XF32" if rocm >= XF32_FROM
           else "rocWMMA before 6.0 has no xfloat32_t")
    instructions = ", ".join(f"{s.arch}: {s.instruction}" if s.ok else s.describe() for s in found)
    return (f"tf32 fragment {'x'.join(map(str, shape))}: {why}, so the port uses fp32 fragments for every "
            f"target ({instructions}): more precise than TF32 and slower (an fp32 matrix instruction covers a "
            "quarter of a tf32 step's K), so results differ from an NVIDIA TF32 run in the low bits")


# -- names ----------------------------------------------------------------------------------------


def _names(plan: WmmaPlan, ctx: LintContext) -> None:
    for node in ctx.nodes({"preproc_include"}):
        found = _include_path(node, ctx)
        if found is not None and found[1] == "mma.h" and not _excluded_on_amd(node, ctx):
            plan.edits.append(_swap_include(found[0], ctx, rewrite.header()))
    for node in ctx.nodes({"identifier", "namespace_identifier"}):
        if ctx.text(node) != "nvcuda":
            continue
        rest = ctx.data[node.start_byte : node.start_byte + 64].decode("utf-8", "replace")
        qualified = NVCUDA_WMMA.match(rest)
        statement = node.parent
        if qualified:
            plan.edits.append(Edit(node.start_byte, node.start_byte + len(qualified.group(0).encode()), b"rocwmma"))
        elif statement is not None and statement.type == "using_declaration" \
                and USING_NVCUDA.fullmatch(ctx.text(statement).strip()):
            plan.edits.append(Edit(statement.start_byte, statement.end_byte, rewrite.namespace_alias("wmma")))
        elif not _excluded_on_amd(node, ctx):
            plan.block("HP506", node, "`nvcuda` is used other than as `nvcuda::wmma` or `using namespace nvcuda;`")
    inside_fragments = [_span(f.node) for f in fragments(ctx)]
    for node in ctx.nodes({"qualified_identifier"}):
        if any(start <= node.start_byte and node.end_byte <= end for start, end in inside_fragments):
            continue  # a fragment's own arguments: HP507 checks them
        scope = node.child_by_field_name("scope")
        name = node.child_by_field_name("name")
        if scope is None or name is None or ctx.text(scope) not in ("wmma", "rocwmma"):
            continue
        word = re.match(r"\w+", ctx.text(name))
        if word and word.group(0) not in ROCWMMA_NAMES and not _excluded_on_amd(node, ctx, device=True):
            plan.block("HP506", node, f"`wmma::{word.group(0)}` has no rocWMMA counterpart")


def _element_types(plan: WmmaPlan, compiled: dict[tuple[int, int, str], Node], ctx: LintContext) -> None:
    """bf16 as hip_bfloat16, tf32 as xfloat32_t or fp32, and the casts their pointers need."""
    ports: dict[tuple[int, int, str], str] = {}  # fragment -> element key it is written with
    combos, _ = combinations(ctx)
    tf32 = {key(f.node): supports(c, ctx)[0] for c in combos if c.ti == "tf32" for f in c.inputs}
    for fragment in fragments(ctx):
        if fragment.element is None or fragment.key not in ("bf16", "tf32"):
            continue
        if fragment.function is not None and key(fragment.function) not in compiled:
            continue
        written = " ".join(ctx.text(fragment.element).split())
        port = "bf16" if fragment.key == "bf16" else tf32.get(key(fragment.node), "f32")
        if port == "bf16" and written == "hip_bfloat16":
            continue
        ports[key(fragment.node)] = port
        plan.edits.append(Edit(fragment.element.start_byte, fragment.element.end_byte,
                               rewrite.element_type(port, written)))
    for call in wmma_calls(ctx):
        name = callee_name(call).split("::")[-1]
        args = call_args(call)
        positions = {"load_matrix_sync": (0, 1), "store_matrix_sync": (1, 0)}.get(name)
        if positions is None or len(args) < 3:
            continue
        operand = fragment_of(args[positions[0]], enclosing_function(call), ctx)
        operand_port = ports.get(key(operand.node)) if operand is not None else None
        if operand is None and ports:
            plan.block("", call, f"`{name}`: the tool cannot tell which fragment this is, so it cannot cast "
                       "its pointer to the fragment's rocWMMA element type")
        if operand_port not in ("bf16", "xf32"):
            continue
        pointer = args[positions[1]]
        # the cast goes around the argument as two insertions, so edits inside it still apply
        cast = rewrite.pointer_cast(operand_port, "\x00", name == "load_matrix_sync").split(b"\x00")
        plan.edits += [Edit(pointer.start_byte, pointer.start_byte, cast[0]),
                       Edit(pointer.end_byte, pointer.end_byte, cast[1])]
    for call in ctx.nodes({"call_expression"}):
        if callee_name(call).split("::")[-1] == "__float_to_tf32":
            args = call_args(call)
            function = enclosing_function(call)
            if len(args) == 1 and function is not None and key(function) in compiled:
                # the port's fp32/xf32 fragments take fp32 values: the conversion is the identity
                plan.edits += [
                    Edit(call.start_byte, args[0].start_byte, b"("),
                    Edit(args[0].end_byte, call.end_byte, b")"),
                ]


def wmma_fix(plan: WmmaPlan, ctx: LintContext, rule: str) -> Fix | None:
    """The port as one fix (the same edits for every finding that offers it), or None. The port
    is HP506's rewrite: with HP506 not selected (`convert --no-rewrite wmma-api`), no finding
    offers it."""
    if not plan.fixable or not ctx.settings.enabled("HP506", ctx.source.path):
        return None
    return ctx.fix(rule, "Port this file's WMMA code to rocWMMA", plan.edits)
