"""HP715: CUDA's integer min/max overloads that HIP lacks. `umin(a, b)` & co. are not declared by
HIP; `min(a, blockDim.x)` is ambiguous because HIP's coordinates are classes converting to
uint32_t, and `min(n - 1, i + k * blockDim.x)` (an int beside an unsigned int computed from a
coordinate) finds no integer overload in HIP, which picks a floating-point one. Both are rewritten
with the casts CUDA's overload would do, where that is exact."""

from __future__ import annotations

import re

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.syntax import call_args, callee_node, node_text, unparenthesized
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node

# CUDA name -> (HIP function, the parameter type CUDA's version takes)
_NAMED = {
    "umin": ("min", "unsigned int"),
    "umax": ("max", "unsigned int"),
    "llmin": ("min", "long long"),
    "llmax": ("max", "long long"),
    "ullmin": ("min", "unsigned long long"),
    "ullmax": ("max", "unsigned long long"),
}
_COORDINATES = frozenset({"threadIdx", "blockIdx", "blockDim", "gridDim"})
_NARROW_TYPES = frozenset(
    {
        "int",
        "unsigned",
        "unsigned int",
        "uint",
        "uint32_t",
        "int32_t",
        "short",
        "unsigned short",
        "uint16_t",
        "int16_t",
        "char",
        "unsigned char",
        "uint8_t",
        "int8_t",
        "signed",
        "signed int",
    }
)
_UNSIGNED_TYPES = frozenset({"unsigned", "unsigned int", "uint", "uint32_t"})
_INTEGER = re.compile(r"^(?:0[xX][0-9a-fA-F]+|\d+)[uU]?$")
_ARITHMETIC = frozenset({"+", "-", "*", "/", "%", "&", "|", "^"})
_SHIFTS = frozenset({"<<", ">>"})
INT, UNSIGNED = "int", "unsigned int"


def _is_coordinate(node: Node) -> bool:
    node = unparenthesized(node)
    if node.type != "field_expression":
        return False
    base, field = node.child_by_field_name("argument"), node.child_by_field_name("field")
    return (
        base is not None
        and field is not None
        and node_text(base) in _COORDINATES
        and node_text(field) in ("x", "y", "z")
    )


def _narrow_type(identifier: Node) -> str | None:
    """The declared type of a variable of this file that is an integer of at most 32 bits."""
    declared = lookup(identifier)
    if declared is None or declared.pointers or declared.array or declared.function:
        return None
    kind = " ".join(declared.type_name.split())
    return kind if kind in _NARROW_TYPES else None


def _narrow_integer(node: Node) -> bool:
    """An integer of at most 32 bits, as far as this file shows."""
    node = unparenthesized(node)
    if _is_coordinate(node) or (node.type == "number_literal" and _INTEGER.match(node_text(node))):
        return True
    return node.type == "identifier" and _narrow_type(node) is not None


def _integer_kind(node: Node) -> str | None:
    """The type C++ gives a 32-bit integer expression (`int` or `unsigned int`: after the usual
    arithmetic conversions, which make `i + k * blockDim.x` unsigned), None when this file does not
    show it to be one."""
    node = unparenthesized(node)
    if _is_coordinate(node):
        return UNSIGNED
    if node.type == "number_literal":
        text = node_text(node)
        value = parse_int(text) if _INTEGER.match(text) else None
        if value is None:
            return None
        return UNSIGNED if text[-1] in "uU" or value > 0x7FFFFFFF else INT
    if node.type == "identifier":
        kind = _narrow_type(node)
        return None if kind is None else UNSIGNED if kind in _UNSIGNED_TYPES else INT
    if node.type == "unary_expression" and node_text(node)[:1] in "-~+":
        operand = node.child_by_field_name("argument")
        return _integer_kind(operand) if operand is not None else None
    if node.type != "binary_expression":
        return None
    operator, left, right = (node.child_by_field_name(f) for f in ("operator", "left", "right"))
    if operator is None or left is None or right is None:
        return None
    kinds = (_integer_kind(left), _integer_kind(right))
    if None in kinds:
        return None
    if node_text(operator) in _SHIFTS:
        return kinds[0]  # a shift has its left operand's type
    if node_text(operator) in _ARITHMETIC:
        return UNSIGNED if UNSIGNED in kinds else INT
    return None


def _mentions_coordinate(node: Node) -> bool:
    return _is_coordinate(node) or any(_mentions_coordinate(child) for child in node.named_children)


def _cast(node: Node, kind: str) -> Edit:
    text = node_text(node)
    return Edit(node.start_byte, node.end_byte, f"({kind})({text})".encode())


@detector("call_expression", emits=("HP715",), names=("min", "max"))
def integer_min_max(node: Node, ctx: LintContext) -> None:
    callee = callee_node(node)
    if callee is None or callee.type != "identifier" or not ctx.is_hip:
        return
    name = node_text(callee)
    args = call_args(node)
    if len(args) != 2:
        return
    if name in _NAMED:
        hip, kind = _NAMED[name]
        if lookup(callee) is not None or ctx.provides(name):
            return  # the project's own umin (mergeSort_host.cpp defines one)
        if not ctx.device_only(node):
            ctx.report(
                "HP715",
                callee,
                f"`{name}` is CUDA's {kind} {hip}; HIP does not declare it, and its host "
                f"`{hip}` takes int only: write `std::{hip}<{kind}>(a, b)` in host code",
            )
            return
        fix = ctx.fix(
            "HP715",
            f"Call `{hip}` with CUDA's {kind} arguments",
            [Edit(callee.start_byte, callee.end_byte, hip.encode()), *(_cast(a, kind) for a in args)],
        )
        ctx.report(
            "HP715",
            callee,
            f"`{name}` is CUDA's {kind} {hip}, which HIP does not declare: call `{hip}` "
            f"with both arguments as {kind} (what CUDA converts them to)",
            fix,
        )
        return
    if name not in ("min", "max") or not any(_mentions_coordinate(a) for a in args):
        return
    if not any(_is_coordinate(a) for a in args):
        kinds = [_integer_kind(a) for a in args]
        if None in kinds or UNSIGNED not in kinds or all(k == UNSIGNED for k in kinds):
            return  # HIP finds an overload: both int, both unsigned int, or types this file does not show
        fix = ctx.fix(
            "HP715",
            f"Call `{name}` with unsigned int arguments",
            [_cast(a, UNSIGNED) for a in args if not node_text(a).startswith("(unsigned int)")],
        )
        ctx.report(
            "HP715",
            callee,
            f"`{name}` of an int and an unsigned int computed from a thread coordinate: "
            "HIP has no such integer overload and picks a floating-point one; CUDA converts both to "
            "unsigned int, so both arguments become unsigned int",
            fix,
        )
        return
    if not all(_narrow_integer(a) for a in args):
        ctx.report(
            "HP715",
            callee,
            f"`{name}` with a thread coordinate is ambiguous in HIP (the coordinate is a "
            "class converting to uint32_t): cast the arguments to the type CUDA's overload takes",
        )
        return
    fix = ctx.fix(
        "HP715",
        f"Call `{name}` with unsigned int arguments",
        [_cast(a, "unsigned int") for a in args if not node_text(a).startswith("(unsigned int)")],
    )
    ctx.report(
        "HP715",
        callee,
        f"`{name}` with a thread coordinate is ambiguous in HIP (the coordinate is a class "
        "converting to uint32_t): CUDA picks its unsigned int overload, so both arguments become "
        "unsigned int",
        fix,
    )
