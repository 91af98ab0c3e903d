"""HP412: `atomicAdd` on float/double global memory is a CAS loop on gfx90a without `-munsafe-fp-
atomics`."""

from __future__ import annotations

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

# -- HP412: float atomics on gfx90a (source code) ----------------------------------------------


def _declaration_of(name: str, scope: Node, ctx: LintContext, depth: int = 0) -> tuple[str, int, bool, bool] | None:
    """(type, pointer depth, is an array, is `__shared__`) of `name` as declared in scope
    (a function's parameters and body, or the file's top level). A pointer declared with an
    initial value that points into a `__shared__` array (`float* p = smem + C;`) counts as
    `__shared__`."""
    stack = [scope]
    while stack:
        node = stack.pop()
        if node.type == "function_definition" and node is not scope:
            continue
        if node.type not in ("declaration", "parameter_declaration"):
            stack.extend(node.children)
            continue
        kind = node.child_by_field_name("type")
        if kind is None:
            continue
        qualifiers = [ctx.text(c) for c in node.children if c.type == "type_qualifier"]
        shared = "__shared__" in qualifiers
        for declarator in node.children_by_field_name("declarator"):
            pointers, array = 0, False
            current: Node | None = declarator
            while current is not None and current.type != "identifier":
                pointers += current.type == "pointer_declarator"
                array |= current.type == "array_declarator"
                current = current.child_by_field_name("declarator")
            if current is not None and ctx.text(current) == name:
                if not shared and pointers == 1 and declarator.type == "init_declarator":
                    shared = _points_into_shared(declarator.child_by_field_name("value"), scope, ctx, depth)
                return ctx.text(kind), pointers, array, shared
    return None


def _points_into_shared(value: Node | None, scope: Node, ctx: LintContext, depth: int) -> bool:
    """The initial value of a pointer is an address in a `__shared__` array: the array itself,
    `smem + i`, `&smem[i]`, or a cast of one of those, or another such pointer."""
    while value is not None and depth < 4:
        if value.type in ("parenthesized_expression", "cast_expression"):
            value = value.child_by_field_name("value") or next(
                (c for c in reversed(value.named_children) if c.type != "comment"), None
            )
        elif value.type == "binary_expression":
            operator = value.child_by_field_name("operator")
            if operator is None or ctx.text(operator) not in ("+", "-"):
                return False
            value = value.child_by_field_name("left")
        elif value.type == "pointer_expression" and ctx.text(value).startswith("&"):
            value = value.child_by_field_name("argument")
            if value is None or value.type != "subscript_expression":
                return False
            value = value.child_by_field_name("argument")
        elif value.type == "identifier":
            name = ctx.text(value)
            declared = _declaration_of(name, scope, ctx, depth + 1) or _declaration_of(
                name, ctx.tree.root_node, ctx, depth + 1
            )
            return declared is not None and declared[3]
        else:
            return False
    return False


# HP412
@detector("call_expression", emits=("HP412",), names=("atomicAdd",))
def float_atomic_cas_loop(node: Node, ctx: LintContext) -> None:
    # atomicAdd_system is left out: system-scope atomics usually target fine-grained host memory,
    # where the CAS loop is the correct code and `-munsafe-fp-atomics` would lose updates.
    function = node.child_by_field_name("function")
    if "gfx90a" not in ctx.settings.arches or function is None or ctx.text(function) != "atomicAdd":
        return
    arguments = node.child_by_field_name("arguments")
    if arguments is None:
        return
    args = [a for a in arguments.named_children if a.type != "comment"]
    if len(args) != 2:
        return
    first = args[0]
    target: Node | None = first
    address_of = False
    if first.type == "pointer_expression" and ctx.text(first).startswith("&"):
        target, address_of = first.child_by_field_name("argument"), True
    elif first.type == "binary_expression":  # p + i
        target = first.child_by_field_name("left")
    subscript = target is not None and target.type == "subscript_expression"
    if subscript and target is not None:
        target = target.child_by_field_name("argument")
    if target is None or target.type != "identifier":
        return
    enclosing = node.parent
    while enclosing is not None and enclosing.type != "function_definition":
        enclosing = enclosing.parent
    if enclosing is None or not {c.type for c in enclosing.children} & {"__global__", "__device__"}:
        return
    name = ctx.text(target)
    local = _declaration_of(name, enclosing, ctx)
    declared = local or _declaration_of(name, ctx.tree.root_node, ctx)
    if declared is None:
        return
    kind, pointers, array, shared = declared
    if kind not in ("float", "double") or shared:
        return  # LDS float atomics are native instructions (ds_add_f32/f64) on gfx90a
    if address_of and subscript:  # &p[i], &g_array[i]
        global_memory = pointers == 1 or (array and pointers == 0 and local is None)
    elif address_of:  # &g_value
        global_memory = pointers == 0 and not array and local is None
    else:  # p, p + i
        global_memory = pointers == 1
    if not global_memory:
        return
    fix = ctx.fix(
        "HP412",
        "Use `unsafeAtomicAdd` (not on fine-grained or host memory)",
        [Edit(function.start_byte, function.end_byte, b"unsafeAtomicAdd")],
        "display",
    )
    message = (
        f"`atomicAdd` on a `{kind}` in global memory is a compare-and-swap loop on gfx90a "
        "unless the file is built with `-munsafe-fp-atomics`"
    )
    ctx.report("HP412", node, message, fix)
