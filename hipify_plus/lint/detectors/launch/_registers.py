"""A cheap static estimate of a kernel's per-thread state, in 32-bit words: its thread-private
arrays in full and half of its other local variables (not all of them are live at once), in its
body and in the device functions it calls that this file defines. HP201 reports a missing
`__launch_bounds__` only where that state comes near the VGPR cap that the default 1024-thread
bound leaves (128 per lane on gfx90a).

Calibrated with hipcc 5.2 for gfx90a (`-Rpass-analysis=kernel-resource-usage`): register-tiled
kernels used about 25 VGPRs more than their private arrays (80 words: 102 VGPRs, no spill; 116
words: capped at 128 and spilling 8 bytes per lane, 142 VGPRs and no spill with
`__launch_bounds__(256)`); cuda-samples' dxtc `compress`, 114 words of scalars in inlined
helpers, used 96; a kernel of 48 scalar accumulators 60; the 46 kernels of 20 other cuda-samples
programs 3-62."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from hipify_plus.cuda.syntax import base_name, callee_text, declarator_name, descendants
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.launch._kernels import ELEMENT_BYTES
from hipify_plus.parse import Node

# The share of the default bound's VGPR cap from which the cap is likely to bind.
HEAVY_SHARE = 0.75
POINTER_WORDS = 2  # a 64-bit address
UNKNOWN_ARRAY_ELEMENTS = 16  # a private array whose size this file does not fix (a template argument)
_NOT_PRIVATE = frozenset({"__shared__", "static", "constexpr", "extern", "__constant__", "typedef"})
_MAX_CALL_DEPTH = 4


@dataclass
class RegisterEstimate:
    array_words: int = 0
    scalar_words: int = 0
    arrays: list[tuple[str, int]] = field(default_factory=list)  # (array as written, words)

    @property
    def words(self) -> int:
        return self.array_words + self.scalar_words // 2

    def heavy(self, cap: int) -> bool:
        """True if the estimate reaches HEAVY_SHARE of a VGPR cap."""
        return self.words >= cap * HEAVY_SHARE

    def evidence(self) -> str:
        """What makes the estimate: the largest arrays, or the locals."""
        shown = sorted(self.arrays, key=lambda item: -item[1])[:2]
        listed = f", in {' and '.join(f'`{text}`' for text, _ in shown)}" if shown else " in local variables"
        return f"about {self.words} registers of per-thread state{listed}"


def register_estimate(ctx: LintContext, kernel: Node) -> RegisterEstimate:
    """The per-thread words of `kernel` and of the device functions it calls (each counted once)."""
    functions = _device_functions(ctx)
    estimate = RegisterEstimate()
    seen: set[int] = set()
    pending = [(kernel, 0)]
    while pending:
        function, depth = pending.pop()
        if function.start_byte in seen:
            continue
        seen.add(function.start_byte)
        body = function.child_by_field_name("body")
        for node in descendants(body) if body is not None else ():
            if node.type == "declaration":
                _count_declaration(ctx, node, estimate)
            elif node.type == "call_expression" and depth < _MAX_CALL_DEPTH:
                pending.extend((f, depth + 1) for f in functions.get(base_name(callee_text(node)), ()))
    return estimate


def _device_functions(ctx: LintContext) -> dict[str, list[Node]]:
    found: dict[str, list[Node]] = {}
    for definition in ctx.nodes({"function_definition"}):
        if "__device__" not in ctx.execution_space(definition):
            continue
        name = declarator_name(definition)
        if name is not None:
            found.setdefault(base_name(ctx.text(name)), []).append(definition)
    return found


def _count_declaration(ctx: LintContext, declaration: Node, estimate: RegisterEstimate) -> None:
    words_of = {ctx.text(c) for c in declaration.children if c.type in ("type_qualifier", "storage_class_specifier")}
    if words_of & _NOT_PRIVATE:
        return
    kind = declaration.child_by_field_name("type")
    type_text = " ".join(ctx.text(kind).split()) if kind is not None else ""
    element = max(1, math.ceil(ELEMENT_BYTES.get(type_text, 4) / 4))
    for declarator in declaration.children_by_field_name("declarator"):
        target = declarator.child_by_field_name("declarator") if declarator.type == "init_declarator" else declarator
        if target is None:
            continue
        count, pointer, array = 1, False, False
        while target is not None and target.type in ("array_declarator", "pointer_declarator", "reference_declarator"):
            if target.type == "array_declarator":
                size = ctx.int_value(target.child_by_field_name("size"))
                count *= size if size is not None and size > 0 else UNKNOWN_ARRAY_ELEMENTS
                array = True
            else:
                pointer = True
            target = target.child_by_field_name("declarator") or next(
                (c for c in target.named_children if c.type != "type_qualifier"), None
            )
        words = count * (POINTER_WORDS if pointer else element)
        if array:
            estimate.array_words += words
            estimate.arrays.append((ctx.text(declarator).split("=")[0].strip(), words))
        else:
            estimate.scalar_words += words
