"""HP104: A 64-bit lane mask narrowed to 32 bits."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import call_args, callee_text, descendants
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._masks import _into_memory_word
from hipify_plus.lint.detectors.wavefront._patterns import SYNC_INTRINSICS
from hipify_plus.lint.detectors.wavefront._syntax import _call_base, _function_kind, _literal, _operator, _unparen, _up
from hipify_plus.lint.registry import detector
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node

# Calls whose result is a lane mask: 64-bit on AMD, 32-bit in CUDA.
MASK_SOURCES = frozenset(
    {
        "__ballot",
        "__ballot_sync",
        "__ballot64",
        "__activemask",
        "__match_any_sync",
        "__match_all_sync",
        "__match_any",
        "__match_all",
        "__lanemask_lt",
        "__lanemask_le",
        "__lanemask_gt",
        "__lanemask_ge",
        "__lanemask_eq",
    }
)
BIT_COUNTS = {"__popc": "__popcll", "__ffs": "__ffsll", "__clz": "__clzll", "__brev": "__brevll"}
_MASK_CONTEXT = re.compile(r"\b(__ballot\w*|__activemask|__match_\w+|__lanemask_\w+|\w+_sync)\s*\(")
_LANE_ONLY = re.compile(r"(?i)^(lane(_?(id|idx|index|no|num))?|laneid|my_?lane)$")


# HP104
@detector("function_definition", emits=("HP104",))
def lane_mask_truncated(node: Node, ctx: LintContext) -> None:
    if _function_kind(node, ctx) == "host":
        return
    body = node.child_by_field_name("body")
    if body is None:
        return
    body_text = ctx.text(body)
    if not _MASK_CONTEXT.search(body_text):
        return
    masks = _MaskVariables(ctx, body)
    for declaration, declarator in masks.narrow_declarations:
        _report_narrow_mask(ctx, masks, declaration, declarator)
    for call in masks.bit_counts:
        _report_bit_count(ctx, masks, call)
    for shift in masks.lane_bits:
        _report_lane_bit(ctx, shift)


_NARROW_TYPES = frozenset(
    {
        "int",
        "unsigned",
        "unsigned int",
        "signed",
        "signed int",
        "uint32_t",
        "int32_t",
        "uint",
        "u32",
        "uint32",
        "short",
        "unsigned short",
    }
)
_UNSIGNED_NARROW = frozenset(
    {"unsigned", "unsigned int", "uint32_t", "uint", "u32", "uint32", "unsigned short", "unsigned char"}
)
_WIDE_TYPES = frozenset({"auto", "unsigned long long", "long long", "uint64_t", "int64_t", "size_t"})


class _MaskVariables:
    """Lane-mask variables of one function body: where they are declared, narrowed and counted."""

    def __init__(self, ctx: LintContext, body: Node) -> None:
        self.ctx = ctx
        self.body = body
        self.declared: dict[str, tuple[Node, Node]] = {}  # name -> (declaration, init_declarator)
        self.masks: set[str] = set()
        self.narrow_declarations: list[tuple[Node, Node]] = []
        self.bit_counts: list[Node] = []
        self.lane_bits: list[Node] = []
        assignments: list[Node] = []
        for node in descendants(body):
            if node.type == "declaration":
                for declarator in node.children_by_field_name("declarator"):
                    initialised = declarator.type == "init_declarator"
                    name = declarator.child_by_field_name("declarator") if initialised else declarator
                    if name is not None and name.type == "identifier":
                        self.declared.setdefault(ctx.text(name), (node, declarator))
                    value = declarator.child_by_field_name("value") if initialised else None
                    if name is not None and value is not None and self.is_mask(value):
                        self.masks.add(ctx.text(name))
                        if self.narrow_type(node, declarator) is not None:
                            self.narrow_declarations.append((node, declarator))
            elif node.type == "assignment_expression" and _operator(node, ctx) == "=":
                assignments.append(node)
            elif node.type == "call_expression" and callee_text(node) in BIT_COUNTS:
                self.bit_counts.append(node)
            elif node.type == "binary_expression" and _operator(node, ctx) == "<<" and self.lane_bit(node):
                self.lane_bits.append(node)
        for node in assignments:
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is None or right is None or left.type != "identifier" or not self.is_mask(right):
                continue
            assigned = ctx.text(left)
            self.masks.add(assigned)
            if assigned in self.declared:
                declaration, declarator = self.declared[assigned]
                pair = (declaration, declarator)
                if self.narrow_type(declaration, declarator) is not None and pair not in self.narrow_declarations:
                    self.narrow_declarations.append(pair)
        self.bit_counts = [c for c in self.bit_counts if self.counts_mask(c)]

    def is_mask(self, node: Node | None) -> bool:
        """True if an expression's value is (a bitwise combination of) a lane mask."""
        node = _unparen(node)
        if node is None:
            return False
        if node.type == "call_expression":
            return callee_text(node) in MASK_SOURCES
        if node.type == "identifier":
            return self.ctx.text(node) in self.masks
        if node.type == "binary_expression" and _operator(node, self.ctx) in ("&", "|", "^", ">>"):
            return self.is_mask(node.child_by_field_name("left")) or (
                _operator(node, self.ctx) != ">>" and self.is_mask(node.child_by_field_name("right"))
            )
        if node.type == "conditional_expression":
            return self.is_mask(node.child_by_field_name("consequence")) or self.is_mask(
                node.child_by_field_name("alternative")
            )
        return False

    def narrow_type(self, declaration: Node, declarator: Node) -> str | None:
        """The 32-bit (or narrower) integer type `declarator` is declared with, as written; with
        `--precise`, also what a typedef or macro spells (`lane_mask_t` -> `unsigned int`)."""
        kind = declaration.child_by_field_name("type")
        if kind is None:
            return None
        text = " ".join(self.ctx.text(kind).split())
        if text in _NARROW_TYPES:
            return text
        facts = self.ctx.clang
        name = declarator.child_by_field_name("declarator") if declarator.type == "init_declarator" else declarator
        if facts is None or name is None or name.type != "identifier" or text in _WIDE_TYPES:
            return None
        declared = facts.declared_type(name.start_byte)
        if declared is None or not declared.integer or declared.size is None or declared.size >= 8:
            return None
        return declared.canonical

    def counts_mask(self, call: Node) -> bool:
        args = call_args(call)
        return bool(args) and any(
            (n.type == "call_expression" and callee_text(n) in MASK_SOURCES)
            or (n.type == "identifier" and self.ctx.text(n) in self.masks)
            for n in descendants(args[0])
        )

    def lane_bit(self, node: Node) -> bool:
        """`1u << lane` / `1 << lane`: a lane's bit built in 32 bits."""
        left, right = _unparen(node.child_by_field_name("left")), node.child_by_field_name("right")
        if left is None or right is None or left.type != "number_literal":
            return False
        text = self.ctx.text(left)
        if parse_int(text) != 1 or text.lower().rstrip("u") != "1":
            return False
        right = _unparen(right)
        if right is None:
            return False
        if right.type == "identifier":
            return bool(_LANE_ONLY.match(self.ctx.text(right)))
        if right.type == "call_expression":
            return _call_base(right, self.ctx) in ("__lane_id", "lane_id", "laneid", "__laneid")
        if right.type == "binary_expression":
            if _into_memory_word(node, self.ctx):
                return False  # a bitmap word in memory, not a lane mask
            op, value = _operator(right, self.ctx), _literal(right.child_by_field_name("right"), self.ctx)
            warp = self.ctx.text(right.child_by_field_name("right") or right)
            return (op, value) in (("&", 31), ("%", 32)) or (op in ("%", "&") and "warpSize" in warp)
        return False


def _negates(node: Node | None, ctx: LintContext) -> bool:
    """True if an operand contains `~x` or `-x`: widened, it would set the upper 32 bits."""
    return node is not None and any(
        n.type == "unary_expression" and _operator(n, ctx) in ("-", "~") for n in descendants(node)
    )


def _width_neutral_use(use: Node, ctx: LintContext, masks: _MaskVariables) -> bool:
    """True if widening the mask variable to 64 bits leaves this use's value unchanged on NVIDIA,
    where the upper 32 bits are zero: bit tests, &, |, ^, >>, comparisons, `m &= m - 1`,
    __popc/__ffs (rewritten with it) and copies."""
    name = ctx.text(use)
    node = use
    while True:
        parent = _up(node)
        if parent is None:
            return False
        kind = parent.type
        if kind == "argument_list":
            call = parent.parent
            if call is None:
                return False
            callee = callee_text(call)
            first = bool(call_args(call)) and _unparen(call_args(call)[0]) == node
            # the mask argument of a *_sync builtin is 32-bit in CUDA and 64-bit in HIP
            return callee in ("__popc", "__ffs", "__popcll", "__ffsll") or (
                first and (callee in SYNC_INTRINSICS or callee.endswith("_sync"))
            )
        if kind in ("condition_clause", "expression_statement", "init_declarator"):
            return True
        if kind == "unary_expression":
            return _operator(parent, ctx) == "!"
        if kind == "conditional_expression":
            return _unparen(parent.child_by_field_name("condition")) == node
        if kind == "binary_expression":
            operator = _operator(parent, ctx)
            left, right = parent.child_by_field_name("left"), parent.child_by_field_name("right")
            on_left = _unparen(left) == node
            other = right if on_left else left
            if operator in ("&&", "||"):
                return True
            if operator in ("==", "!=", "<", ">", "<=", ">="):
                return not _negates(other, ctx)
            if operator == "-" and on_left and _literal(right, ctx) == 1:
                grand = _up(parent)  # `m & (m - 1)` / `m &= m - 1`: clear the lowest set lane
                if grand is None or _operator(grand, ctx) not in ("&", "&=") or name not in ctx.text(grand):
                    return False
                if grand.type == "assignment_expression":
                    return True
                node = grand
                continue
            keeps_bits = operator == "&" or (operator == ">>" and on_left)
            if keeps_bits or (operator in ("|", "^") and not _negates(other, ctx)):
                node = parent
                continue
            return False
        if kind == "assignment_expression":
            operator = _operator(parent, ctx)
            right = parent.child_by_field_name("right")
            if _unparen(parent.child_by_field_name("left")) != node:
                return operator in ("=", "&=", "|=", "^=")  # copied into another variable: same value
            if operator == "=":
                return masks.is_mask(right)
            return operator in ("&=", ">>=") or (operator in ("|=", "^=") and not _negates(right, ctx))
        return False


def _report_narrow_mask(ctx: LintContext, masks: _MaskVariables, declaration: Node, declarator: Node) -> None:
    kind = declaration.child_by_field_name("type")
    name_node = declarator.child_by_field_name("declarator") if declarator.type == "init_declarator" else declarator
    if kind is None or name_node is None:
        return
    name = ctx.text(name_node)
    type_text = " ".join(ctx.text(kind).split())
    narrow = masks.narrow_type(declaration, declarator) or type_text
    spelled = f"`{type_text} {name}`" + ("" if narrow == type_text else f" (`{narrow}`, as clang reads it)")
    uses = [
        n
        for n in descendants(masks.body)
        if n.type == "identifier" and ctx.text(n) == name and n != name_node and n.start_byte > name_node.start_byte
    ]
    safe = (
        narrow in _UNSIGNED_NARROW
        and len(declaration.children_by_field_name("declarator")) == 1
        and all(_width_neutral_use(u, ctx, masks) for u in uses)
    )
    fix = ctx.fix(
        "HP104",
        "Declare the mask `unsigned long long`",
        [Edit(kind.start_byte, kind.end_byte, b"unsigned long long")],
        applicability=None if safe else "unsafe",
    )
    ctx.report(
        "HP104",
        kind,
        f"{spelled} holds a lane mask: AMD masks are 64-bit, so lanes "
        "32-63 of the wavefront are dropped without a warning",
        fix,
    )


def _report_bit_count(ctx: LintContext, masks: _MaskVariables, call: Node) -> None:
    function = call.child_by_field_name("function")
    if function is None:
        return
    name = ctx.text(function)
    wide = BIT_COUNTS[name]
    argument = call_args(call)[0]
    signed = False
    for node in descendants(argument):
        if node.type == "identifier" and ctx.text(node) in masks.declared:
            kind = masks.narrow_type(*masks.declared[ctx.text(node)])
            signed = signed or (kind is not None and kind not in _UNSIGNED_NARROW)
    shifted = any(
        n.type == "binary_expression" and _operator(n, ctx) == "<<" and not masks.lane_bit(n)
        for n in descendants(argument)
    )
    changes_value = name in ("__clz", "__brev") or signed or shifted or _negates(argument, ctx)
    note = ""
    if name in ("__clz", "__brev"):
        note = f"; `{wide}` works on 64 bits, so constants such as `31 -` must change with it"
    fix = ctx.fix(
        "HP104",
        f"Use `{wide}`",
        [Edit(function.start_byte, function.end_byte, wide.encode())],
        applicability="unsafe" if changes_value else None,
    )
    ctx.report(
        "HP104", call, f"`{name}` takes 32 bits: on a lane mask it ignores lanes 32-63 of the wavefront{note}", fix
    )


def _report_lane_bit(ctx: LintContext, shift: Node) -> None:
    left = _unparen(shift.child_by_field_name("left"))
    if left is None:
        return
    wide = "1ULL" if ctx.text(left).endswith("U") else "1ull"
    node = shift
    parent = _up(node)
    # `(1u << lane) - 1` is the mask of the lanes below: judge the expression around it.
    if (
        parent is not None
        and parent.type == "binary_expression"
        and _operator(parent, ctx) == "-"
        and _literal(parent.child_by_field_name("right"), ctx) == 1
    ):
        node, parent = parent, _up(parent)
    if parent is not None and parent.type == "unary_expression" and _operator(parent, ctx) == "~":
        node, parent = parent, _up(parent)
        safe = parent is not None and _operator(parent, ctx) in ("&", "&=")
    else:
        safe = parent is not None and _operator(parent, ctx) in ("&", "|", "^", "==", "!=", "&=", "|=", "^=")
    fix = ctx.fix(
        "HP104",
        f"Build the lane bit as `{wide} << ...`",
        [Edit(left.start_byte, left.end_byte, wide.encode())],
        applicability=None if safe else "unsafe",
    )
    ctx.report(
        "HP104",
        shift,
        f"`{ctx.text(shift)}` builds a lane bit in 32 bits: for lanes 32-63 of a "
        "64-lane wavefront the shift is undefined",
        fix,
    )
