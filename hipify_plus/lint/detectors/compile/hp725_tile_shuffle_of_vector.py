"""HP725: a cooperative-groups tile shuffle (`tile.shfl_xor(v, 1)`) of a vector type or a struct.
CUDA's tile shuffles move any trivially copyable value; HIP's take integers and floating-point
scalars only ("Neither an integer or float type"). A HIP vector value (`uint4`, `float2` ...)
becomes one shuffle per component, joined again with `make_<type>`; a struct is reported."""

from __future__ import annotations

import re

from hipify_plus.cuda.declarations import struct_defined, value_type
from hipify_plus.cuda.syntax import call_args, computes_nothing, node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

SHUFFLES = frozenset({"shfl", "shfl_xor", "shfl_up", "shfl_down"})
_VECTOR = re.compile(r"(u?char|u?short|u?int|u?long|u?longlong|float|double)([1-4])")
_COMPONENTS = "xyzw"
_SCALARS = frozenset(
    {
        "int",
        "unsigned",
        "unsigned int",
        "long",
        "unsigned long",
        "long long",
        "unsigned long long",
        "float",
        "double",
        "char",
        "unsigned char",
        "short",
        "unsigned short",
        "bool",
        "size_t",
        "int32_t",
        "uint32_t",
        "int64_t",
        "uint64_t",
        "__half",
        "__half2",
        "half",
        "half2",
    }
)


@detector("call_expression", emits=("HP725",), names=("shfl",))
def tile_shuffle_of_vector(node: Node, ctx: LintContext) -> None:
    if not ctx.is_hip or b"cooperative_groups" not in ctx.data:
        return  # a method named shfl of something other than a cooperative group
    function = node.child_by_field_name("function")
    if function is None or function.type != "field_expression":
        return
    method, receiver = function.child_by_field_name("field"), function.child_by_field_name("argument")
    args = call_args(node)
    if method is None or receiver is None or node_text(method) not in SHUFFLES or len(args) < 2:
        return
    written = value_type(args[0])
    if written is None:
        return
    type_name = " ".join(w for w in written.split() if w not in ("const", "volatile"))
    vector = _VECTOR.fullmatch(type_name)
    if vector is None:
        if type_name in _SCALARS or not struct_defined(node, type_name):
            return  # a scalar, a typedef, a template parameter: nothing known against it
        ctx.report(
            "HP725",
            node,
            f"`{node_text(function)}` of a `{type_name}`: HIP's tile shuffles take integers "
            "and floating-point scalars only (CUDA's take any trivially copyable type); shuffle each member",
        )
        return
    if not (computes_nothing(receiver) and all(computes_nothing(a) for a in args)):
        ctx.report(
            "HP725",
            node,
            f"`{node_text(function)}` of a `{type_name}`: HIP's tile shuffles take scalars "
            "only; shuffle each component (the arguments compute something, so they are not repeated here)",
        )
        return
    value, rest = node_text(args[0]), ", ".join(node_text(a) for a in args[1:])
    callee = node_text(function)
    parts = ", ".join(f"{callee}(({value}).{c}, {rest})" for c in _COMPONENTS[: int(vector.group(2))])
    text = f"make_{type_name}({parts})"
    fix = ctx.fix("HP725", "Shuffle each component", [Edit(node.start_byte, node.end_byte, text.encode())])
    ctx.report(
        "HP725",
        node,
        f"`{callee}` of a `{type_name}`: HIP's tile shuffles take integers and floating-point "
        "scalars only; one shuffle per component",
        fix,
    )
