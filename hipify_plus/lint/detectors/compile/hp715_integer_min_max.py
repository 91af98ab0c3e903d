"""HP715: CUDA's integer min/max overloads that HIP lacks. `umin(a, b)` & co. are not declared by
HIP; `min(a, blockDim.x)` is ambiguous because HIP's coordinates are classes converting to
uint32_t. Both are rewritten with the casts CUDA's overload would do, where that is exact."""

from __future__ import annotations

import re

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.syntax import call_args, callee_node, enclosing_function, node_text, unparenthesized
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

# CUDA name -> (HIP function, the parameter type CUDA's version takes)
_NAMED = {
    "umin": ("min", "unsigned int"), "umax": ("max", "unsigned int"),
    "llmin": ("min", "long long"), "llmax": ("max", "long long"),
    "ullmin": ("min", "unsigned long long"), "ullmax": ("max", "unsigned long long"),
}
_COORDINATES = frozenset({"threadIdx", "blockIdx", "blockDim", "gridDim"})
_NARROW_TYPES = frozenset({"int", "unsigned", "unsigned int", "uint", "uint32_t", "int32_t", "short",
                           "unsigned short", "uint16_t", "int16_t", "char", "unsigned char", "uint8_t",
                           "int8_t", "signed", "signed int"})
_INTEGER = re.compile(r"^(?:0[xX][0-9a-fA-F]+|\d+)[uU]?$")


def _is_coordinate(node: Node) -> bool:
    node = unparenthesized(node)
    if node.type != "field_expression":
        return False
    base, field = node.child_by_field_name("argument"), node.child_by_field_name("field")
    return (base is not None and field is not None and node_text(base) in _COORDINATES
            and node_text(field) in ("x", "y", "z"))


def _narrow_integer(node: Node) -> bool:
    """An integer of at most 32 bits, as far as this file shows."""
    node = unparenthesized(node)
    if _is_coordinate(node) or (node.type == "number_literal" and _INTEGER.match(node_text(node))):
        return True
    if node.type != "identifier":
        return False
    declared = lookup(node)
    return (declared is not None and declared.pointers == 0 and not declared.array and not declared.function
            and " ".join(declared.type_name.split()) in _NARROW_TYPES)


def _cast(node: Node, kind: str) -> Edit:
    text = node_text(node)
    return Edit(node.start_byte, node.end_byte, f"({kind})({text})".encode())


def _device_only(ctx: LintContext, node: Node) -> bool:
    spaces = ctx.execution_space(enclosing_function(node))
    return bool(spaces & {"__global__", "__device__"}) and "__host__" not in spaces


@detector("call_expression", emits=("HP715",))
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
        if lookup(callee) is not None:
            return  # the project's own umin (mergeSort_host.cpp declares one)
        if not _device_only(ctx, node):
            ctx.report("HP715", callee, f"`{name}` is CUDA's {kind} {hip}; HIP does not declare it, and its host "
                       f"`{hip}` takes int only: write `std::{hip}<{kind}>(a, b)` in host code")
            return
        fix = ctx.fix("HP715", f"Call `{hip}` with CUDA's {kind} arguments",
                      [Edit(callee.start_byte, callee.end_byte, hip.encode()), *(_cast(a, kind) for a in args)])
        ctx.report("HP715", callee, f"`{name}` is CUDA's {kind} {hip}, which HIP does not declare: call `{hip}` "
                   f"with both arguments as {kind} (what CUDA converts them to)", fix)
        return
    if name not in ("min", "max") or not any(_is_coordinate(a) for a in args):
        return
    if not all(_narrow_integer(a) for a in args):
        ctx.report("HP715", callee, f"`{name}` with a thread coordinate is ambiguous in HIP (the coordinate is a "
                   "class converting to uint32_t): cast the arguments to the type CUDA's overload takes")
        return
    fix = ctx.fix("HP715", f"Call `{name}` with unsigned int arguments",
                  [_cast(a, "unsigned int") for a in args if not node_text(a).startswith("(unsigned int)")])
    ctx.report("HP715", callee, f"`{name}` with a thread coordinate is ambiguous in HIP (the coordinate is a class "
               "converting to uint32_t): CUDA picks its unsigned int overload, so both arguments become "
               "unsigned int", fix)
