"""HP724: a variable-length array with an initialiser (`T a[n] = {0};`, `n` a parameter or a
variable). nvcc accepts it; clang rejects it ("variable-sized object may not be initialized"). An
all-zero initialiser becomes a declaration and a zero fill; any other is reported."""

from __future__ import annotations

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.syntax import descendants, in_device_code, named, node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

_ZEROS = frozenset({"0", "0.0", "0.0f", "0.f", "0u", "0ul", "0ull", "nullptr", "NULL", "false", "'\\0'"})
_CONSTANT_QUALIFIERS = frozenset({"const", "constexpr", "static"})


def _array_sizes(declarator: Node) -> tuple[Node | None, list[Node]]:
    """The declared name and the size expressions of `a[n][m]` (through `*` declarators)."""
    sizes: list[Node] = []
    node: Node | None = declarator
    while node is not None and node.type in ("array_declarator", "pointer_declarator"):
        size = node.child_by_field_name("size")
        if node.type == "array_declarator" and size is not None:
            sizes.append(size)
        node = node.child_by_field_name("declarator")
    return (node if node is not None and node.type == "identifier" else None), sizes


def _runtime_value(size: Node) -> str | None:
    """A name in `size` that is known here to hold a run-time value: a parameter of the enclosing
    function, or a local variable declared without const, constexpr or static."""
    for node in descendants(size):
        if node.type != "identifier" or _unevaluated(node, size):
            continue
        declared = lookup(node)
        if declared is None or declared.function or declared.array:
            continue
        kind = declared.node.type
        if kind in ("parameter_declaration", "optional_parameter_declaration"):
            return node_text(node)
        if (
            kind == "declaration"
            and declared.node.parent is not None
            and declared.node.parent.type == "compound_statement"
            and not declared.qualifiers & _CONSTANT_QUALIFIERS
        ):
            return node_text(node)
    return None


def _unevaluated(node: Node, size: Node) -> bool:
    """Inside `sizeof(...)`, `alignof(...)` or `decltype(...)`: a constant whatever the name holds."""
    parent = node.parent
    while parent is not None:
        if parent.type in ("sizeof_expression", "alignof_expression", "decltype"):
            return True
        if parent == size:
            return False
        parent = parent.parent
    return False


def _all_zero(value: Node) -> bool:
    items = named(value)
    return value.type == "initializer_list" and (not items or (len(items) == 1 and node_text(items[0]) in _ZEROS))


@detector("declaration", emits=("HP724",))
def vla_initialised(declaration: Node, ctx: LintContext) -> None:
    if not ctx.is_hip or declaration.parent is None or declaration.parent.type != "compound_statement":
        return
    declarators = declaration.children_by_field_name("declarator")
    for init in declarators:
        if init.type != "init_declarator":
            continue
        inner, value = init.child_by_field_name("declarator"), init.child_by_field_name("value")
        if inner is None or value is None:
            continue
        name, sizes = _array_sizes(inner)
        runtime = next((found for found in map(_runtime_value, sizes) if found is not None), None)
        if name is None or runtime is None:
            continue
        array = node_text(name)
        message = (
            f"`{array}` is a variable-length array (its size reads `{runtime}`) with an initialiser: nvcc "
            'accepts it, clang rejects it ("variable-sized object may not be initialized")'
        )
        if in_device_code(declaration):
            ctx.report(
                "HP724", init, message + "; AMD device code has no variable-length arrays: give it a constant size"
            )
            continue
        if len(declarators) != 1 or not _all_zero(value):
            ctx.report("HP724", init, message + "; give the array a constant size, or fill it after the declaration")
            continue
        edits = [
            Edit(inner.end_byte, value.end_byte, b""),
            Edit(
                declaration.end_byte, declaration.end_byte, f" __builtin_memset({array}, 0, sizeof({array}));".encode()
            ),
        ]
        fix = ctx.fix("HP724", f"Declare `{array}`, then fill it with zeros", edits)
        ctx.report("HP724", init, message + "; written as the declaration and a zero fill", fix)
