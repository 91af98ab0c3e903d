"""What the BLAS rewrites (HP311-HP314, HP318-HP320) share: a call's arguments as text, what a variable or macro
argument is declared as in this file, the edits a rewrite plan (hipify_plus/rewrite/blas.py)
becomes, and the release the file is linted for."""

from __future__ import annotations

from collections.abc import Sequence

from hipify_plus.cuda.declarations import lookup as lookup_declaration
from hipify_plus.cuda.syntax import call_args, callee_node, node_text, unparenthesized
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.parse import Node
from hipify_plus.rewrite.blas import CallPlan, Lookup
from hipify_plus.versions import format_version


def release(ctx: LintContext) -> str:
    return f"ROCm {format_version(ctx.settings.target_rocm)}"


def object_macros(ctx: LintContext) -> dict[str, str]:
    """`#define NAME VALUE` in this file, NAME -> VALUE (the last definition wins)."""
    store = ctx.__dict__.setdefault("_blas_macros", None)
    if store is None:
        store = {}
        for node in ctx.nodes({"preproc_def"}):
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            if name is not None:
                store[ctx.text(name)] = ctx.text(value).strip() if value is not None else ""
        ctx.__dict__["_blas_macros"] = store
    return store


def defines(ctx: LintContext, macro: str) -> bool:
    return macro in object_macros(ctx)


def argument_lookup(ctx: LintContext, args: Sequence[Node]) -> Lookup:
    """For the plans: what an identifier argument of this call is, as far as this file says."""
    nodes = {ctx.text(a).strip(): unparenthesized(a) for a in args}

    def find(text: str) -> tuple[str, str] | None:
        node = nodes.get(text)
        if node is None or node.type != "identifier":
            return None
        declared = lookup_declaration(node)
        if declared is not None:
            return ("type", declared.type_name)
        value = object_macros(ctx).get(text)
        if value:
            return ("value", value)
        return None

    return find


def plan_edits(call: Node, args: Sequence[Node], plan: CallPlan) -> list[Edit]:
    edits = []
    if plan.name:
        function = callee_node(call)
        if function is not None:
            edits.append(Edit(function.start_byte, function.end_byte, plan.name.encode()))
    for index, text in plan.replacements.items():
        edits.append(Edit(args[index].start_byte, args[index].end_byte, text.encode()))
    for index, text in plan.insertions.items():
        edits.append(Edit(args[index].end_byte, args[index].end_byte, text.encode()))
    return edits


def describe(args: Sequence[Node], plan: CallPlan, name: str) -> str:
    """`old` -> `new` for each change, for the finding's message."""
    parts = [f"`{name}` -> `{plan.name}`"] if plan.name else []
    parts += [f"`{node_text(args[i]).strip()}` -> `{text}`" for i, text in sorted(plan.replacements.items())]
    parts += ["D = C" for _ in plan.insertions]
    return ", ".join(dict.fromkeys(parts))


def arguments(call: Node) -> list[Node]:
    return call_args(call)


def whole_statement(call: Node) -> Node | None:
    """The expression statement that is this call, possibly wrapped in one check macro
    (`CHECK(f(x));`)."""
    node = call
    parent = node.parent
    if (
        parent is not None
        and parent.type == "argument_list"
        and len([c for c in parent.named_children if c.type != "comment"]) == 1
    ):
        outer = parent.parent
        if outer is not None and outer.type == "call_expression":
            node, parent = outer, outer.parent
    return parent if parent is not None and parent.type == "expression_statement" else None
