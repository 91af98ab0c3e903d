"""hipDeviceptr_t values in renamed driver-API code, as CUDA computed with them.

`CUdeviceptr` is an unsigned 64-bit integer in CUDA and `hipDeviceptr_t` is `void*` in HIP. CUDA's
texture and surface objects (`cudaTextureObject_t`, `cudaSurfaceObject_t`) are such integers too,
and pointers to opaque structs in HIP (HANDLES lists the three). This module says which
expressions of a file are values of one of those types (hipDeviceptr_t below stands for any):
variables, parameters, array elements, struct fields, casts to the type, `*(hipDeviceptr_t*)slot`
argument slots; what CUDA computed from them (`Shape`: an address plus or minus integers, an
integer, or nonsense); and whether the place an expression is used in needs a device pointer or
an integer (`use_context`). Pure functions of the tree; HP708 reports and rewrites with them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from hipify_plus.cuda.declarations import Declared, ScopeMemo, declares, lookup
from hipify_plus.cuda.syntax import callee_name, named, node_text, unparenthesized
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node

DEVICEPTR = "hipDeviceptr_t"
INTEGER = "unsigned long long"  # CUdeviceptr on every 64-bit host
# HIP type -> (what it is in HIP, the CUDA type that was an unsigned 64-bit integer)
HANDLES = {
    DEVICEPTR: ("`void*`", "CUdeviceptr"),
    "hipTextureObject_t": ("a pointer (`__hip_texture*`)", "cudaTextureObject_t"),
    "hipSurfaceObject_t": ("a pointer (`__hip_surface*`)", "cudaSurfaceObject_t"),
}
ADDITIVE = frozenset({"+", "-"})
_INTEGER_OPERATORS = frozenset({"*", "/", "%", "&", "|", "^", "<<", ">>"})
_COMPARISONS = frozenset({"==", "!=", "<", ">", "<=", ">="})
_LOGICAL = frozenset({"&&", "||"})
_INTEGER_TYPE = re.compile(
    r"^(?:(?:un)?signed(?:\s+(?:long\s+long|long|short|char|int))?(?:\s+int)?|(?:long\s+)?long(?:\s+int)?"
    r"|short(?:\s+int)?|int|char|u(?:int|long|short|char)|(?:std::)?(?:size_t|ptrdiff_t|u?intptr_t|u?int(?:8|16|32|64)_t|ssize_t))$"
)
_NULLS = re.compile(r"^(?:0+[uUlL]*|NULL|nullptr)$")
_PRINTF = frozenset({"printf", "fprintf", "sprintf", "snprintf", "std::printf", "std::fprintf"})
PRIMARY = frozenset(
    {
        "identifier",
        "number_literal",
        "call_expression",
        "subscript_expression",
        "field_expression",
        "parenthesized_expression",
        "qualified_identifier",
        "sizeof_expression",
    }
)
SIDE_EFFECT_FREE = frozenset(
    {
        "identifier",
        "field_identifier",
        "number_literal",
        "field_expression",
        "subscript_expression",
        "subscript_argument_list",
        "pointer_expression",
        "parenthesized_expression",
        "qualified_identifier",
        "namespace_identifier",
    }
)

PTR, INT, BAD = "pointer", "integer", "bad"


@dataclass
class Shape:
    kind: str | None  # PTR (a device address in CUDA's integer arithmetic), INT, BAD, None (not involved)
    leaves: list[Node]  # the hipDeviceptr_t values in it


def integer_type(text: str) -> bool:
    return bool(_INTEGER_TYPE.match(" ".join(text.replace("const", " ").split())))


class DeviceptrTypes:
    """Which expressions of this file are hipDeviceptr_t values."""

    def __init__(self, declarations: list[Node], type_name: str = DEVICEPTR) -> None:
        """`declarations`: the file's declaration, parameter_declaration and field_declaration nodes;
        `type_name`: the HIP type whose values are tracked (one of HANDLES)."""
        self.type_name = type_name
        self.names: set[str] = set()
        self.scopes: ScopeMemo = {}  # lookup's, for this file's tree
        fields: dict[str, set[bool]] = {}
        for node in declarations:
            kind = node.child_by_field_name("type")
            if kind is None:
                continue
            is_deviceptr = node_text(kind) == type_name
            for declarator in node.children_by_field_name("declarator"):
                name = declarator_name_text(declarator)
                if name is None:
                    continue
                if is_deviceptr:
                    self.names.add(name)
                if node.type == "field_declaration":
                    shape = declares(node, name)
                    fields.setdefault(name, set()).add(is_deviceptr and shape is not None and shape.plain_value)
        self.fields = {name for name, kinds in fields.items() if kinds == {True}}

    def declared(self, node: Node) -> Declared | None:
        return lookup(node, self.scopes) if node.type == "identifier" and node_text(node) in self.names else None

    def is_leaf(self, node: Node) -> bool:
        """A hipDeviceptr_t lvalue: `d`, `arr[i]`, `*pd`, `s.d` (a field every struct of the file
        that declares it declares as hipDeviceptr_t)."""
        kind = node.type
        if kind == "identifier":
            declared = self.declared(node)
            return declared is not None and declared.type_name == self.type_name and declared.plain_value
        if kind == "cast_expression":  # `(hipTextureObject_t)word`: CUDA's integer, made from another
            cast = node.child_by_field_name("type")
            return cast is not None and node_text(cast) == self.type_name
        if kind in ("subscript_expression", "pointer_expression"):
            if kind == "pointer_expression" and not node_text(node).startswith("*"):
                return False
            base = node.child_by_field_name("argument")
            if (
                kind == "pointer_expression"
                and base is not None
                and "".join((cast_type(unparenthesized(base)) or "").split()) == self.type_name + "*"
            ):
                return True  # `*(hipDeviceptr_t*)&buffer[offset]`, a kernel-argument slot
            declared = self.declared(base) if base is not None else None
            return (
                declared is not None
                and declared.type_name == self.type_name
                and not declared.function
                and not declared.function_pointer
                and (declared.array + declared.pointers) == 1
            )
        if kind == "field_expression":
            field = node.child_by_field_name("field")
            return field is not None and node_text(field) in self.fields
        return False

    def shape(self, node: Node) -> Shape:
        """What CUDA computed: a device address (a hipDeviceptr_t, plus or minus integers), an
        integer made from one, or nothing to do with them."""
        node = unparenthesized(node)
        if self.is_leaf(node):
            return Shape(PTR, [node])
        if node.type == "binary_expression":
            operator = operator_of(node)
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is None or right is None:
                return Shape(None, [])
            a, b = self.shape(left), self.shape(right)
            leaves = a.leaves + b.leaves
            if BAD in (a.kind, b.kind):
                return Shape(BAD, leaves)
            kinds = (a.kind, b.kind)
            if operator == "+":
                if kinds == (PTR, PTR):
                    return Shape(BAD, leaves)
                if PTR in kinds:
                    return Shape(PTR, leaves)  # an address plus an offset
            elif operator == "-":
                if kinds == (PTR, PTR):
                    return Shape(INT, leaves)  # a distance in bytes
                if a.kind == PTR:
                    return Shape(PTR, leaves)
                if b.kind == PTR:
                    return Shape(BAD, leaves)
            if operator in ADDITIVE | _INTEGER_OPERATORS and (a.kind or b.kind):
                return Shape(INT, leaves)
            return Shape(None, [])
        if node.type == "unary_expression" and operator_of(node) in ("-", "~", "+"):
            argument = node.child_by_field_name("argument")
            inner = self.shape(argument) if argument is not None else Shape(None, [])
            return Shape(INT, inner.leaves) if inner.kind in (PTR, INT) else inner
        return Shape(None, [])


def declarator_name_text(declarator: Node) -> str | None:
    node: Node | None = declarator
    while node is not None and node.type not in ("identifier", "field_identifier"):
        if node.type in ("function_declarator",):
            return None
        inner = node.child_by_field_name("declarator")
        if inner is None:
            named_children = [c for c in node.named_children if c.type != "comment"]
            inner = (
                named_children[-1]
                if node.type in ("reference_declarator", "parenthesized_declarator") and named_children
                else None
            )
        node = inner
    return node_text(node) if node is not None else None


def operator_of(node: Node) -> str:
    operator = node.child_by_field_name("operator")
    return node_text(operator) if operator is not None else ""


def arithmetic_parent(node: Node) -> Node | None:
    parent = node.parent
    if parent is None:
        return None
    if parent.type == "parenthesized_expression":
        return parent
    if parent.type == "binary_expression" and operator_of(parent) in ADDITIVE | _INTEGER_OPERATORS:
        return parent
    if parent.type == "unary_expression" and operator_of(parent) in ("-", "~", "+"):
        return parent
    return None


def is_null(node: Node) -> bool:
    return bool(_NULLS.match(node_text(unparenthesized(node))))


def known_integer(types: DeviceptrTypes, node: Node) -> bool:
    """An integer for sure: a literal, a variable declared here with an integer type, sizeof, or
    arithmetic of those."""
    node = unparenthesized(node)
    if node.type == "number_literal":
        return parse_int(node_text(node)) is not None
    if node.type == "sizeof_expression":
        return True
    if node.type == "identifier":
        declared = lookup(node, types.scopes)
        return declared is not None and declared.plain_value and integer_type(declared.type_name)
    if node.type == "binary_expression" and operator_of(node) in ADDITIVE | _INTEGER_OPERATORS:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        return left is not None and right is not None and known_integer(types, left) and known_integer(types, right)
    if node.type == "cast_expression":
        kind = node.child_by_field_name("type")
        return kind is not None and integer_type(node_text(kind))
    return False


def cast_type(cast: Node) -> str | None:
    """The type a cast expression converts to: `(T)x`, `static_cast<T>(x)`, `reinterpret_cast<T>(x)`."""
    if cast.type == "cast_expression":
        kind = cast.child_by_field_name("type")
        return node_text(kind) if kind is not None else None
    if cast.type == "call_expression" and callee_name(cast) in ("static_cast", "reinterpret_cast", "const_cast"):
        function = cast.child_by_field_name("function")
        arguments = function.child_by_field_name("arguments") if function is not None else None
        return node_text(arguments)[1:-1].strip() if arguments is not None else None
    return None


def cast_target(node: Node, type_name: str = DEVICEPTR) -> str | None:
    """The type a cast converts `node` to, if `node` is the operand of a cast."""
    parent = node.parent
    if parent is None:
        return None
    if parent.type == "cast_expression":
        kind = parent.child_by_field_name("type")
        return node_text(kind) if kind is not None else None
    if parent.type == "argument_list" and parent.parent is not None and parent.parent.type == "call_expression":
        call = parent.parent
        function = call.child_by_field_name("function")
        if (
            function is not None
            and function.type == "template_function"
            and callee_name(call) in ("static_cast", "reinterpret_cast", "const_cast")
            and len(named(parent)) == 1
        ):
            arguments = function.child_by_field_name("arguments")
            return node_text(arguments)[1:-1].strip() if arguments is not None else None
        inner = node_text(function)[1:-1].strip() if function is not None else ""
        if (
            function is not None
            and function.type == "parenthesized_expression"
            and len(named(parent)) == 1
            and (inner == type_name or integer_type(inner) or inner.endswith("*"))
        ):
            return inner  # `(hipDeviceptr_t)(x)`, `(uint)(x)`: a cast the grammar reads as a call
    return None


def pointer_valued(node: Node, type_name: str = DEVICEPTR) -> bool:
    """A cast to a pointer type (`(hipDeviceptr_t)(...)`, `(char*)p`, `reinterpret_cast<T*>(x)`)."""
    node = unparenthesized(node)
    if node.type == "cast_expression":
        kind = node.child_by_field_name("type")
        return kind is not None and (node_text(kind) == type_name or "*" in node_text(kind))
    if node.type == "call_expression":
        arguments = named(node.child_by_field_name("arguments"))
        return len(arguments) == 1 and (cast_target(arguments[0], type_name) or "").endswith(("*", type_name))
    return False


def _declared_type_context(types: DeviceptrTypes, declaration: Node, name: str) -> str | None:
    declared = declares(declaration, name)
    if declared is None:
        return None
    if declared.type_name == types.type_name and (declared.plain_value or declared.array):
        return PTR
    if declared.plain_value and (integer_type(declared.type_name) or declared.type_name == "auto"):
        return INT
    return None


def use_context(types: DeviceptrTypes, outer: Node, shape: Shape) -> str | None:
    """Whether the use of `outer` needs a device pointer (PTR) or an integer (INT)."""
    parent = outer.parent
    if parent is None:
        return None
    kind = parent.type
    target = cast_target(outer, types.type_name)
    if target is not None:
        return PTR if target == types.type_name or "*" in target else INT
    if kind == "init_declarator":
        name = declarator_name_text(parent)
        declaration = parent.parent
        if name is None or declaration is None:
            return None
        if declaration.type == "initializer_list":
            return None
        return _declared_type_context(types, declaration, name)
    if kind == "initializer_list" and parent.parent is not None and parent.parent.type == "init_declarator":
        init = parent.parent
        name = declarator_name_text(init)
        return _declared_type_context(types, init.parent, name) if name and init.parent is not None else None
    if kind == "assignment_expression" and operator_of(parent) == "=":
        left = parent.child_by_field_name("left")
        if left is None or left.start_byte == outer.start_byte:
            return None
        if types.is_leaf(unparenthesized(left)):
            return PTR
        left = unparenthesized(left)
        if left.type == "identifier":
            declared = lookup(left, types.scopes)
            if declared is not None and declared.plain_value and integer_type(declared.type_name):
                return INT
        return None
    if kind == "argument_list" and parent.parent is not None and parent.parent.type == "call_expression":
        return INT if callee_name(parent.parent) in _PRINTF else PTR
    if kind == "binary_expression":
        operator = operator_of(parent)
        if operator in _LOGICAL:
            return PTR
        if operator in _COMPARISONS:
            left, right = parent.child_by_field_name("left"), parent.child_by_field_name("right")
            other = right if left is not None and left.start_byte == outer.start_byte else left
            if other is None:
                return None
            if types.shape(other).kind == PTR or pointer_valued(other, types.type_name):
                return PTR
            if is_null(other):
                return PTR if operator in ("==", "!=") and shape.kind == PTR else INT
            if known_integer(types, other):
                return INT
            # a partner of unknown type: an address compares as a pointer (if the partner is an
            # integer the comparison still does not compile: nothing changes meaning)
            return PTR if unparenthesized(outer) not in shape.leaves or len(shape.leaves) != 1 else None
        return None
    if kind in ("condition_clause", "parenthesized_expression") or (
        kind == "unary_expression" and operator_of(parent) == "!"
    ):
        return PTR
    if kind == "return_statement":
        function = parent.parent
        while function is not None and function.type not in ("function_definition", "lambda_expression"):
            function = function.parent
        if function is not None and function.type == "function_definition":
            returned = function.child_by_field_name("type")
            declarator = function.child_by_field_name("declarator")
            if returned is not None and declarator is not None and declarator.type == "function_declarator":
                text = node_text(returned)
                return PTR if text == types.type_name else INT if integer_type(text) else None
    return None


def needs_integer(types: DeviceptrTypes, leaf: Node, context: str | None) -> bool:
    """A lone hipDeviceptr_t where CUDA converted the integer implicitly and HIP does not: stored
    into an integer variable, compared with a non-null integer, returned as an integer."""
    parent = leaf.parent
    if context != INT or parent is None or cast_target(leaf, types.type_name) is not None:
        return False
    if parent.type == "binary_expression":
        return True  # a comparison (CUDA's arithmetic ones are not lone)
    if parent.type == "return_statement":
        return True
    if parent.type == "init_declarator":
        name = declarator_name_text(parent)
        declared = declares(parent.parent, name) if name is not None and parent.parent is not None else None
        return declared is not None and integer_type(declared.type_name)
    return parent.type == "assignment_expression"
