"""HP708: `CUdeviceptr` is an unsigned 64-bit integer in CUDA, `hipDeviceptr_t` is `void*` in HIP.
Renamed code that does integer things with one (`d + offset`, `d += n`, `d & ~255`, `d - e`,
`size_t s = d;`, `hipDeviceptr_t p = bytes;`, `d > 0`) does not compile: hip-clang rejects
arithmetic on `void*` and implicit pointer/integer conversions. The same holds for texture and
surface objects (`cudaTextureObject_t`, an integer in CUDA, is `__hip_texture*` in HIP: cuda-samples'
bindlessTexture packs one into a uint2 and back). Where the use says which type the
value needs, the expression is rewritten to compute the same bytes: `(hipDeviceptr_t)((char*)d +
offset)` where a device pointer is meant, `(unsigned long long)d` (CUDA's own integer) where an
integer is; elsewhere an error says which."""

from __future__ import annotations

from hipify_plus.cuda.deviceptr import (
    ADDITIVE,
    BAD,
    HANDLES,
    INTEGER,
    PRIMARY,
    PTR,
    SIDE_EFFECT_FREE,
    DeviceptrTypes,
    Shape,
    arithmetic_parent,
    is_null,
    known_integer,
    needs_integer,
    operator_of,
    use_context,
)
from hipify_plus.cuda.syntax import descendants, node_text, unparenthesized
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node


def _is(types: DeviceptrTypes) -> str:
    """`hipDeviceptr_t is `void*` in HIP (CUdeviceptr was an integer)` for the type tracked."""
    what, cuda = HANDLES[types.type_name]
    return f"{types.type_name} is {what} in HIP ({cuda} was an integer)"


def _rewritten(ctx: LintContext, types: DeviceptrTypes, outer: Node, shape: Shape, context: str) -> bytes:
    """`outer` computing CUDA's bytes: `(hipDeviceptr_t)((char*)d + n)` for an address used as a
    pointer, `(unsigned long long)d ...` (wrapped back into a hipDeviceptr_t where one is meant)."""
    data = ctx.data
    by_bytes = shape.kind == PTR and context == PTR and len(shape.leaves) == 1
    leaf_cast = b"(char*)" if by_bytes else f"({INTEGER})".encode()
    pieces, cursor = [], outer.start_byte
    for leaf in sorted(shape.leaves, key=lambda n: n.start_byte):
        value = leaf.child_by_field_name("value") if leaf.type == "cast_expression" and not by_bytes else None
        operand = value if value is not None else leaf  # `(hipTextureObject_t)word` is `(unsigned long long)word`
        pieces += [data[cursor : leaf.start_byte], leaf_cast, data[operand.start_byte : operand.end_byte]]
        cursor = leaf.end_byte
    pieces.append(data[cursor : outer.end_byte])
    text = b"".join(pieces)
    if context == PTR:
        inner = text[1:-1] if outer.type == "parenthesized_expression" and unparenthesized(outer) is not outer else text
        return f"({types.type_name})(".encode() + inner + b")"
    return text


def _describe(types: DeviceptrTypes, context: str, shape: Shape) -> str:
    cuda = HANDLES[types.type_name][1]
    if context == PTR and shape.kind == PTR and len(shape.leaves) == 1:
        return f"a {types.type_name} is meant here: the fix adds the offset in bytes through `char*`"
    if context == PTR:
        return (
            f"a {types.type_name} is meant here: the fix computes CUDA's integer (`{INTEGER}`, what "
            f"{cuda} is) and converts it back"
        )
    return f"an integer is meant here: the fix converts the pointer to `{INTEGER}`, what {cuda} is"


def _expression(ctx: LintContext, types: DeviceptrTypes, outer: Node, shape: Shape, reported: set[int]) -> None:
    if outer.start_byte in reported:
        return
    reported.add(outer.start_byte)
    text = " ".join(node_text(outer).split())
    if shape.kind == BAD:
        ctx.report(
            "HP708",
            outer,
            f"`{text}`: {_is(types)} and "
            "this adds two of them or subtracts one from an integer; compute it with "
            f"`({INTEGER})` casts by hand",
        )
        return
    context = use_context(types, outer, shape)
    if shape.leaves == [unparenthesized(outer)] and not needs_integer(types, outer, context):
        return  # a device pointer used as one, or converted explicitly (`(size_t)d`)
    if context is None:
        ctx.report(
            "HP708",
            outer,
            f"`{text}`: {_is(types)}, so "
            "this does not compile, and HP708 cannot tell from the use whether a pointer or an integer is "
            f"meant: write `({types.type_name})((char*)d + n)` for an address, `({INTEGER})d` for an integer",
        )
        return
    fix = ctx.fix(
        "HP708",
        "Compute the same bytes with casts",
        [Edit(outer.start_byte, outer.end_byte, _rewritten(ctx, types, outer, shape, context))],
    )
    ctx.report(
        "HP708", outer, f"`{text}`: {_is(types)}, so this does not compile; {_describe(types, context, shape)}", fix
    )


def _simple_lvalue(node: Node) -> bool:
    """Evaluating it twice is the same as once: names, fields, constant subscripts."""
    return all(n.type in SIDE_EFFECT_FREE or not n.is_named for n in descendants(node))


def _compound(ctx: LintContext, types: DeviceptrTypes, node: Node, reported: set[int]) -> None:
    """`d += n`, `d -= n`, `d &= m`, `d++`: the same update through casts."""
    if node.start_byte in reported:
        return
    reported.add(node.start_byte)
    data = ctx.data
    if node.type == "update_expression":
        target = node.child_by_field_name("argument")
        operator = "+" if b"++" in data[node.start_byte : node.end_byte] else "-"
        value = b"1"
        parent = node.parent
        update = parent.child_by_field_name("update") if parent is not None and parent.type == "for_statement" else None
        statement = parent is not None and (
            parent.type == "expression_statement" or (update is not None and update.start_byte == node.start_byte)
        )
    else:
        target = node.child_by_field_name("left")
        operator = operator_of(node)[:-1]
        right = node.child_by_field_name("right")
        if right is None:
            return
        if types.shape(right).kind is not None:
            ctx.report(
                "HP708",
                node,
                f"`{node_text(node)}`: {_is(types)}; the right side is one "
                f"too: compute it with `({INTEGER})` casts by hand",
            )
            return
        value = data[right.start_byte : right.end_byte]
        if right.type not in PRIMARY:
            value = b"(" + value + b")"
        statement = True  # the value of `d += n` is the new `d` in both forms
    if target is None:
        return
    name = data[target.start_byte : target.end_byte]
    if not statement or not _simple_lvalue(target):
        ctx.report(
            "HP708",
            node,
            f"`{node_text(node)}`: {_is(types)}, so this does not compile; write "
            f"`{name.decode()} = ({types.type_name})((char*){name.decode()} {operator} {value.decode()})` as a "
            "statement of its own",
        )
        return
    if operator in ADDITIVE:
        computed = b"(char*)" + name + b" " + operator.encode() + b" " + value
    else:
        computed = f"({INTEGER})".encode() + name + b" " + operator.encode() + b" " + value
    replacement = name + b" = " + f"({types.type_name})(".encode() + computed + b")"
    fix = ctx.fix("HP708", "Update the pointer through casts", [Edit(node.start_byte, node.end_byte, replacement)])
    ctx.report(
        "HP708",
        node,
        f"`{node_text(node)}`: {_is(types)}, so this does not compile; the fix does the same update in bytes",
        fix,
    )


def _integer_into_pointer(ctx: LintContext, types: DeviceptrTypes, value: Node, reported: set[int]) -> None:
    """`hipDeviceptr_t p = bytes;` / `d = base;` with an integer that is not a null constant."""
    if value.start_byte in reported or is_null(value) or not known_integer(types, value):
        return
    reported.add(value.start_byte)
    text = node_text(value)
    wrapped = text if value.type in PRIMARY else f"({text})"
    fix = ctx.fix(
        "HP708",
        f"Convert the integer: `({types.type_name}){wrapped}`",
        [Edit(value.start_byte, value.end_byte, f"({types.type_name}){wrapped}".encode())],
    )
    ctx.report(
        "HP708",
        value,
        f"`{text}` is an integer stored into a {types.type_name}: {_is(types)}; convert it explicitly, same value",
        fix,
    )


@file_detector(emits=("HP708",), names=tuple(HANDLES))
def deviceptr_arithmetic(ctx: LintContext) -> None:
    for type_name in HANDLES:
        if type_name.encode() in ctx.data:
            _handle_arithmetic(
                ctx, DeviceptrTypes(ctx.nodes({"declaration", "parameter_declaration", "field_declaration"}), type_name)
            )


def _handle_arithmetic(ctx: LintContext, types: DeviceptrTypes) -> None:
    reported: set[int] = set()
    for node in ctx.nodes(
        {"identifier", "subscript_expression", "field_expression", "pointer_expression", "cast_expression"}
    ):
        if not types.is_leaf(node):
            continue
        parent = node.parent
        if parent is not None and parent.type == "update_expression":
            _compound(ctx, types, parent, reported)
            continue
        if parent is not None and parent.type == "assignment_expression" and operator_of(parent) != "=":
            left = parent.child_by_field_name("left")
            if left is not None and left.start_byte == node.start_byte:
                _compound(ctx, types, parent, reported)
                continue
        outer = node
        while (above := arithmetic_parent(outer)) is not None:
            outer = above
        shape = types.shape(outer)
        if shape.kind is not None:
            _expression(ctx, types, outer, shape, reported)
    # integers stored into hipDeviceptr_t variables
    for node in ctx.nodes({"declaration"}):
        kind = node.child_by_field_name("type")
        if kind is None or node_text(kind) != types.type_name:
            continue
        for declarator in node.children_by_field_name("declarator"):
            value = declarator.child_by_field_name("value") if declarator.type == "init_declarator" else None
            declared = declarator.child_by_field_name("declarator")
            if (
                value is not None
                and value.type != "initializer_list"
                and declared is not None
                and declared.type == "identifier"
            ):
                _integer_into_pointer(ctx, types, value, reported)
    for node in ctx.nodes({"assignment_expression"}):
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if operator_of(node) == "=" and left is not None and right is not None and types.is_leaf(unparenthesized(left)):
            _integer_into_pointer(ctx, types, right, reported)
