"""The WMMA -> rocWMMA port's plan (`WmmaPlan`: its edits and blockers, each tied to the rule
whose construct it is) and its renaming part: the header, the `nvcuda::wmma` namespace, and the
fragment element types with the pointer casts they need. `_wmma_plan.py` plans the rest."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hipify_plus.cuda.syntax import call_args, callee_name, enclosing_function
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.detectors.portability._includes import _include_path, _swap_include
from hipify_plus.lint.detectors.portability._wmma_fragments import (
    combinations,
    fragment_of,
    fragments,
    key,
    supports,
    wmma_calls,
)
from hipify_plus.lint.detectors.portability._wmma_warps import KernelPort
from hipify_plus.parse import Node
from hipify_plus.rewrite import wmma as rewrite

NVCUDA_WMMA = re.compile(r"nvcuda\s*::\s*wmma\b")
USING_NVCUDA = re.compile(r"using\s+namespace\s+(?:::)?nvcuda\s*;")
# The WMMA names rocWMMA has under the same spelling (and tf32, which the port rewrites).
ROCWMMA_NAMES = frozenset(
    {
        "fragment",
        "matrix_a",
        "matrix_b",
        "accumulator",
        "row_major",
        "col_major",
        "mem_row_major",
        "mem_col_major",
        "layout_t",
        "fill_fragment",
        "load_matrix_sync",
        "store_matrix_sync",
        "mma_sync",
        "precision",
        "tf32",
        "__float_to_tf32",
    }
)


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


def span_of(node: Node) -> tuple[int, int]:
    return node.start_byte, node.end_byte


def rename_wmma(plan: WmmaPlan, ctx: LintContext) -> None:
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
        elif (
            statement is not None
            and statement.type == "using_declaration"
            and USING_NVCUDA.fullmatch(ctx.text(statement).strip())
        ):
            plan.edits.append(Edit(statement.start_byte, statement.end_byte, rewrite.namespace_alias("wmma")))
        elif not _excluded_on_amd(node, ctx):
            plan.block("HP506", node, "`nvcuda` is used other than as `nvcuda::wmma` or `using namespace nvcuda;`")
    inside_fragments = [span_of(f.node) for f in fragments(ctx)]
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


def element_types(plan: WmmaPlan, compiled: dict[tuple[int, int, str], Node], ctx: LintContext) -> None:
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
        plan.edits.append(
            Edit(fragment.element.start_byte, fragment.element.end_byte, rewrite.element_type(port, written))
        )
    for call in wmma_calls(ctx):
        name = callee_name(call).split("::")[-1]
        args = call_args(call)
        positions = {"load_matrix_sync": (0, 1), "store_matrix_sync": (1, 0)}.get(name)
        if positions is None or len(args) < 3:
            continue
        operand = fragment_of(args[positions[0]], enclosing_function(call), ctx)
        operand_port = ports.get(key(operand.node)) if operand is not None else None
        if operand is None and ports:
            plan.block(
                "",
                call,
                f"`{name}`: the tool cannot tell which fragment this is, so it cannot cast "
                "its pointer to the fragment's rocWMMA element type",
            )
        if operand_port not in ("bf16", "xf32"):
            continue
        pointer = args[positions[1]]
        # the cast goes around the argument as two insertions, so edits inside it still apply
        cast = rewrite.pointer_cast(operand_port, "\x00", name == "load_matrix_sync").split(b"\x00")
        plan.edits += [
            Edit(pointer.start_byte, pointer.start_byte, cast[0]),
            Edit(pointer.end_byte, pointer.end_byte, cast[1]),
        ]
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
