"""Small questions about tree-sitter-cuda nodes: a call's callee and arguments, enclosing
functions and their execution space, subtree walks. Pure functions of the tree, no state."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from hipify_plus.parse import Node

EXECUTION_SPACES = frozenset({"__global__", "__device__", "__host__"})


def node_text(node: Node) -> str:
    text = node.text  # a new slice of the source at every read: read once
    return text.decode("utf-8", "surrogateescape") if text is not None else ""


def named(node: Node | None) -> list[Node]:
    """The named children of a node (an argument list), without comments."""
    return [c for c in node.named_children if c.type != "comment"] if node is not None else []


def call_args(call: Node) -> list[Node]:
    """The arguments of a call_expression, without comments."""
    return named(call.child_by_field_name("arguments"))


def callee_node(call: Node) -> Node | None:
    """The name node a call calls: `f` in `f(x)`, `ns::f<T>(x)` -> `ns::f`; None for `(*p)(x)`."""
    function = call.child_by_field_name("function")
    if function is not None and function.type == "template_function":
        function = function.child_by_field_name("name")
    if function is None or function.type not in ("identifier", "qualified_identifier"):
        return None
    return function


def callee_text(call: Node) -> str:
    """The source text of what a call calls, as written: `f`, `ns::f<T>`, `obj.f`, `(*p)`; ''
    without a function field. Unlike `callee_name` it keeps template arguments, a leading `::`
    and callees that are not plain names."""
    function = call.child_by_field_name("function")
    return node_text(function) if function is not None else ""


def callee_name(call: Node) -> str:
    """`f`, or `ns::f` for a qualified call (a leading `::` dropped); '' when not a plain name."""
    function = callee_node(call)
    return node_text(function).removeprefix("::") if function is not None else ""


def descendants(node: Node, pruned: frozenset[str] = frozenset()) -> Iterator[Node]:
    """`node` and every node below it, in document order; below a node of a `pruned` type (one
    below `node`), nothing. Walked with a cursor: no list of children is made per node (2.3
    times faster than a stack of `children` on llm.c)."""
    cursor = node.walk()
    first_child, next_sibling, parent = cursor.goto_first_child, cursor.goto_next_sibling, cursor.goto_parent
    yield node
    depth = 0
    current = node
    while True:
        if (current is node or not pruned or current.type not in pruned) and first_child():
            depth += 1
        else:
            while depth > 0 and not next_sibling():
                parent()
                depth -= 1
            if depth == 0:  # back at `node`: its subtree is done
                return
        below = cursor.node
        assert below is not None  # a cursor always stands on a node
        current = below
        yield current


# Expressions made of these compute nothing (no call, assignment or increment): evaluating one
# twice, or not at all, changes nothing.
_INERT = frozenset(
    {
        "identifier",
        "field_expression",
        "field_identifier",
        "subscript_expression",
        "subscript_argument_list",
        "number_literal",
        "char_literal",
        "parenthesized_expression",
        "pointer_expression",
        "binary_expression",
        "unary_expression",
        "conditional_expression",
        "qualified_identifier",
        "namespace_identifier",
        "true",
        "false",
    }
)


def computes_nothing(expression: Node) -> bool:
    """Nothing in `expression` is computed by a call, an assignment or an increment."""
    return all(n.type in _INERT or not n.is_named for n in descendants(expression))


def same(a: Node | None, b: Node | None) -> bool:
    return (
        a is not None
        and b is not None
        and a.type == b.type
        and a.start_byte == b.start_byte
        and a.end_byte == b.end_byte
    )


def enclosing_function(node: Node) -> Node | None:
    """The function_definition around `node`; None at file scope or inside a lambda (whose
    execution space the grammar does not show)."""
    parent = node.parent
    while parent is not None:
        if parent.type == "function_definition":
            return parent
        if parent.type == "lambda_expression":
            return None
        parent = parent.parent
    return None


# Words a macro may stand for when it spells a function's execution space (`#define DEVICE
# __device__`, `#define HOST_DEVICE __host__ __device__`, `#define KERNEL static __global__`).
_SPACE_MACRO_WORDS = EXECUTION_SPACES | {
    "__forceinline__",
    "__noinline__",
    "__inline__",
    "inline",
    "static",
    "constexpr",
    "extern",
}


def execution_space_macros(definitions: Iterable[Node]) -> dict[str, frozenset[str]]:
    """Object-like `#define`s (among `definitions`) whose body is an execution space with at most
    inline/static words: macro name -> the spaces it stands for."""
    found: dict[str, frozenset[str]] = {}
    for definition in definitions:
        if definition.type != "preproc_def":
            continue
        name, value = definition.child_by_field_name("name"), definition.child_by_field_name("value")
        if name is None or value is None:
            continue
        words = node_text(value).split("//")[0].split()
        if words and set(words) <= _SPACE_MACRO_WORDS and set(words) & EXECUTION_SPACES:
            found[node_text(name)] = frozenset(words) & EXECUTION_SPACES
    return found


def execution_space(function: Node | None, macros: Mapping[str, frozenset[str]] | None = None) -> frozenset[str]:
    """`__global__` / `__device__` / `__host__` written on a function definition, also through
    the macros of `execution_space_macros` (which the grammar reads as a type name)."""
    if function is None:
        return frozenset()
    spaces = frozenset(c.type for c in function.children if c.type in EXECUTION_SPACES)
    if macros:
        for child in function.children:
            if child.type == "sized_type_specifier":  # `DEVICE unsigned f()`: the macro is read into the type
                child = child.child_by_field_name("type") or child
            if child.type in ("type_identifier", "identifier") and node_text(child) in macros:
                spaces |= macros[node_text(child)]
            elif child.type == "function_declarator":
                break
    return spaces


def in_device_code(node: Node) -> bool:
    return bool(execution_space(enclosing_function(node)) & {"__global__", "__device__"})


CAST_KEYWORDS = frozenset({"reinterpret_cast", "static_cast", "const_cast", "dynamic_cast"})


def unparenthesized(node: Node) -> Node:
    """`((x))` -> `x`."""
    while node.type == "parenthesized_expression":
        inner = named(node)
        if len(inner) != 1:
            break
        node = inner[0]
    return node


def is_cast(node: Node) -> bool:
    """`(T)x`, `reinterpret_cast<T>(x)` and the other C++ casts (parentheses around them too)."""
    node = unparenthesized(node)
    return node.type == "cast_expression" or (node.type == "call_expression" and callee_name(node) in CAST_KEYWORDS)


def declarator_name(definition: Node) -> Node | None:
    """The name node of a function definition or declaration (`f`, `ns::f`, `f<T>` as written),
    through pointer and reference declarators; None when it has no function declarator."""
    declarator = definition.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    return declarator.child_by_field_name("declarator") if declarator is not None else None


_DEFINED_NAME_FIELDS = {
    "preproc_def": "name",
    "preproc_function_def": "name",
    "enumerator": "name",
    "init_declarator": "declarator",
    "type_definition": "declarator",
}


def defines_name(node: Node) -> bool:
    """True if the identifier is the name a #define, an enumerator, a declarator or a typedef
    introduces (`nv_bfloat16` in `typedef __hip_bfloat16 nv_bfloat16;`)."""
    parent = node.parent
    if parent is None:
        return False
    field_name = _DEFINED_NAME_FIELDS.get(parent.type)
    return field_name is not None and node in parent.children_by_field_name(field_name)


def base_name(text: str) -> str:
    """A function or kernel name without template arguments and qualification:
    `ns::k<T, 4>` -> `k`."""
    return text.split("<")[0].split("::")[-1].strip()


_TEXT = frozenset(
    {"comment", "string_literal", "raw_string_literal", "char_literal", "string_content", "system_lib_string"}
)


def in_text(root: Node, start: int, end: int) -> bool:
    """Bytes [start, end) lie in a comment, a string or a character literal, not in code."""
    node = root.descendant_for_byte_range(start, end)
    return node is not None and (node.type in _TEXT or (node.parent is not None and node.parent.type in _TEXT))
