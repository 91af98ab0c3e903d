"""HP319: hipBLASLt compute and data types (descriptor and layout arguments, the bias data type
attribute's value) spelled for the target ROCm release."""

from __future__ import annotations

from hipify_plus.cuda.declarations import lookup as lookup_declaration
from hipify_plus.cuda.syntax import callee_name, callee_node, unparenthesized
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._blas_rewrites import (
    argument_lookup,
    arguments,
    describe,
    enumerator_leaves,
    plan_edits,
    release,
)
from hipify_plus.lint.detectors.libraries._calls import _calls, _uses
from hipify_plus.lint.registry import detector, file_detector
from hipify_plus.parse import Node
from hipify_plus.rewrite.blas import CallPlan
from hipify_plus.rewrite.blaslt import (
    LT_CALLS,
    OPERATION_ATTRIBUTES,
    TYPE_ATTRIBUTES,
    data_spelling,
    old_form,
    plan_lt_call,
    plan_operation_value,
    plan_type_value,
    type_name,
)


@detector("call_expression", emits=("HP319",), names=("hipblasLt",))
def hipblaslt_type_release_form(node: Node, ctx: LintContext) -> None:
    name = callee_name(node)
    if not name.startswith("hipblasLt"):
        return
    if name == "hipblasLtMatmulDescSetAttribute":
        _bias_type_value(node, ctx)
        _operation_value(node, ctx)
        return
    if name not in LT_CALLS:
        return
    args = arguments(node)
    version = ctx.settings.target_rocm
    plan = plan_lt_call(
        name,
        [ctx.text(a) for a in args],
        version,
        argument_lookup(ctx, args),
        roc=ctx.settings.roc or _uses(ctx, "rocblas_"),
    )
    if plan is None:
        return
    leaf_edits = _respell_conditionals(plan, name, args, ctx)
    if not plan.changes and not plan.problems and not leaf_edits:
        return
    where = callee_node(node) or node
    spelled = (
        "hipblasLtComputeType_t and hipblasDatatype_t" if old_form(version) else "hipblasComputeType_t and hipDataType"
    )
    problems = "; ".join(p.message for p in plan.problems)
    if plan.changes or leaf_edits:
        changes = describe(args, plan, name) or "the enumerators of the conditional type arguments"
        message = f"`{name}` for {release(ctx)} takes {spelled}: {changes}"
        if problems:
            message += f"; left for you: {problems}"
        ctx.report(
            "HP319",
            where,
            message,
            ctx.fix("HP319", f"Spell the types for {release(ctx)}", plan_edits(node, args, plan) + leaf_edits),
        )
        return
    ctx.report("HP319", where, f"`{name}` for {release(ctx)} ({spelled}): {problems}")


def _respell_conditionals(plan: CallPlan, name: str, args: list[Node], ctx: LintContext) -> list[Edit]:
    """`c ? HIP_R_16F : HIP_R_32F` as a data type argument of the call `name`: respell each branch
    (the plan sees texts, so it left the argument alone or reported it)."""
    edits: list[Edit] = []
    version = ctx.settings.target_rocm
    data_index = LT_CALLS[name][1]
    leaves = enumerator_leaves(args[data_index])
    if not leaves or len(leaves) < 2:
        return edits
    spellings = [s for leaf in leaves if (s := data_spelling(ctx.text(leaf), version)) is not None]
    if len(spellings) != len(leaves):
        return edits
    plan.problems[:] = [p for p in plan.problems if p.index != data_index]
    return [
        Edit(leaf.start_byte, leaf.end_byte, s.encode())
        for leaf, s in zip(leaves, spellings, strict=True)
        if s != ctx.text(leaf)
    ]


def _initializer(declaration: Node, name: str, ctx: LintContext) -> Node | None:
    for child in declaration.named_children:
        if child.type == "init_declarator":
            declarator = child.child_by_field_name("declarator")
            if declarator is not None and ctx.text(declarator) == name:
                return child.child_by_field_name("value")
    return None


def _attribute_variable(node: Node, ctx: LintContext, attributes: frozenset[str]) -> Node | None:
    """`t` in hipblasLtMatmulDescSetAttribute(desc, ATTRIBUTE, &t, sizeof(t))."""
    args = arguments(node)
    if len(args) != 4 or ctx.text(args[1]).strip() not in attributes:
        return None
    pointer = unparenthesized(args[2])
    if pointer.type != "pointer_expression" or not ctx.text(pointer).startswith("&"):
        return None
    variable = pointer.child_by_field_name("argument")
    return variable if variable is not None and variable.type == "identifier" else None


def _operation_value(node: Node, ctx: LintContext) -> None:
    """TRANSA/TRANSB values spelled as rocBLAS's (what --roc writes), in a hipBLASLt call."""
    variable = _attribute_variable(node, ctx, OPERATION_ATTRIBUTES)
    if variable is None:
        return
    declared = lookup_declaration(variable)
    if declared is None or declared.type_name == "hipblasOperation_t":
        return
    name = ctx.text(variable)
    value = _initializer(declared.node, name, ctx)
    leaves = enumerator_leaves(value) if value is not None else None
    plan = plan_operation_value([ctx.text(n) for n in leaves], declared.type_name) if leaves else None
    type_node = declared.node.child_by_field_name("type")
    if plan is None or leaves is None or type_node is None:
        return
    new_type, replacements = plan
    edits = [Edit(leaves[i].start_byte, leaves[i].end_byte, text.encode()) for i, text in replacements.items()]
    if new_type is not None:
        edits.append(Edit(type_node.start_byte, type_node.end_byte, new_type.encode()))
    ctx.report(
        "HP319",
        arguments(node)[1],
        f"`{name}` is a `{declared.type_name}`: hipBLASLt reads the operation as "
        "a hipblasOperation_t (the same values; rocBLAS's names are not declared by hipblaslt.h)",
        ctx.fix("HP319", f"Declare `{name}` a hipblasOperation_t", edits),
    )


def _bias_type_value(node: Node, ctx: LintContext) -> None:
    """hipblasLtMatmulDescSetAttribute(desc, BIAS_DATA_TYPE, &t, sizeof(t)): `t`'s declaration."""
    variable = _attribute_variable(node, ctx, TYPE_ATTRIBUTES)
    if variable is None:
        return
    args = arguments(node)
    version = ctx.settings.target_rocm
    wanted_type = type_name(version)
    declared = lookup_declaration(variable)
    name = ctx.text(variable)
    value = _initializer(declared.node, name, ctx) if declared is not None else None
    leaves = enumerator_leaves(value) if value is not None else None
    plan = (
        plan_type_value([ctx.text(n) for n in leaves], declared.type_name, version)
        if leaves and declared is not None
        else None
    )  # leaves come from the declaration
    where = args[1]
    if plan is None or leaves is None or declared is None:
        if declared is not None and declared.type_name == wanted_type:
            return  # declared with the release's type: its values are that type's enumerators
        if declared is None and not old_form(version):
            return  # convert declares it hipDataType, ROCm 6's type
        ctx.report(
            "HP319",
            where,
            f"the bias data type `{name}` is read through a void*: {release(ctx)}'s "
            f"hipBLASLt reads a {wanted_type} value, and a value of the other release's enum compiles and "
            f"names another type; declare `{name}` {wanted_type} with a {wanted_type} enumerator",
        )
        return
    new_type, replacements = plan
    if new_type is None and not replacements:
        return
    edits = [Edit(leaves[i].start_byte, leaves[i].end_byte, text.encode()) for i, text in replacements.items()]
    type_node = declared.node.child_by_field_name("type")
    if new_type is not None and type_node is not None:
        edits.append(Edit(type_node.start_byte, type_node.end_byte, new_type.encode()))
    ctx.report(
        "HP319",
        where,
        f"the bias data type `{name}` is read through a void*: {release(ctx)}'s hipBLASLt "
        f"reads a {wanted_type}, so `{name}` must be one (the other release's enumerator compiles and names "
        "another type)",
        ctx.fix("HP319", f"Declare `{name}` a {wanted_type}", edits),
    )


@file_detector(emits=("HP319",), names=("hipblasLt",))
def hipblaslt_status_in_rocblas_code(ctx: LintContext) -> None:
    """--roc turns cublasStatus_t into rocblas_status, but hipBLASLt returns hipblasStatus_t: a status
    check shared by cuBLAS and cuBLASLt calls stops compiling (llm.c's cublasCheck)."""
    if not (ctx.settings.roc or _uses(ctx, "rocblas_")):
        return
    for call in _calls(ctx):
        if not call.name.startswith("hipblasLt"):
            continue
        holder = call.node.parent.parent if call.node.parent is not None else None
        if holder is None or holder.type != "call_expression":
            continue
        outer = callee_name(holder)
        if outer.startswith(("hipblas", "HIPBLAS")) or not outer:
            continue
        ctx.report(
            "HP319",
            callee_node(holder) or holder,
            f"`{call.name}` returns a hipblasStatus_t, but `{outer}` "
            "is this file's status check, which --roc made take rocBLAS's rocblas_status (cuBLAS's and "
            "cuBLASLt's statuses were one type): convert cuBLASLt code without --roc, or give hipBLASLt "
            "calls their own check",
        )
        return
