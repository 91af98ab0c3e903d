"""What the BLAS rewrites (HP311-HP314, HP318-HP320) share: a call's arguments as text, what a variable or macro
argument is declared as in this file, the edits a rewrite plan (hipify_plus/rewrite/blas.py)
becomes, and the release the file is linted for."""

from __future__ import annotations

from collections.abc import Sequence

from hipify_plus.cuda.declarations import lookup as lookup_declaration
from hipify_plus.cuda.includes import HeaderSymbol, header_symbol
from hipify_plus.cuda.syntax import call_args, callee_node, node_text, unparenthesized
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.parse import Node
from hipify_plus.rewrite.blas import (
    COMPUTE_VARIABLE_TYPES,
    CallPlan,
    Lookup,
    blas_only,
    compute_holder_type,
    compute_type,
    data_macro_spelling,
    includes_lt,
)
from hipify_plus.versions import format_version

# CUDA data-type types whose variables convert writes as hipDataType
_DATA_VARIABLE_TYPES = frozenset({"cudaDataType_t", "cudaDataType", "cublasDataType_t"})


def release(ctx: LintContext) -> str:
    return f"ROCm {format_version(ctx.settings.target_rocm)}"


def _macro_value(ctx: LintContext, name: str) -> str | None:
    """The value of this file's `#define NAME VALUE` (the last definition wins; '' for an empty
    one), None if the file has none."""
    definitions = ctx.defines.get(name)
    if not definitions:
        return None
    value = definitions[-1].child_by_field_name("value")
    return ctx.text(value).strip() if value is not None else ""


def defines(ctx: LintContext, macro: str) -> bool:
    return macro in ctx.defines


def argument_lookup(ctx: LintContext, args: Sequence[Node]) -> Lookup:
    """For the plans: what an identifier argument of this call is, as far as this file and the
    project headers it includes say (a header's CUDA declaration as convert writes it)."""
    nodes = {ctx.text(a).strip(): unparenthesized(a) for a in args}

    def find(text: str) -> tuple[str, str] | None:
        node = nodes.get(text)
        if node is None or node.type != "identifier":
            return None
        declared = lookup_declaration(node)
        if declared is not None and declared.type_name in COMPUTE_VARIABLE_TYPES:
            return ("type", file_holder(ctx))  # HP327's
        if declared is not None:
            return ("type", declared.type_name)
        value = _macro_value(ctx, text)
        if value:
            return ("value", value)
        return _converted_header_symbol(ctx, text)

    return find


def file_includes(ctx: LintContext) -> list[str]:
    """Every `#include` path of this file, as spelled (quotes and brackets left out)."""
    paths = []
    for node in ctx.nodes({"preproc_include"}):
        path = node.child_by_field_name("path")
        if path is not None:
            paths.append(ctx.text(path).strip().strip('"<>').strip())
    return paths


def _header(ctx: LintContext, name: str) -> HeaderSymbol | None:
    if not ctx.project_includes:
        return None
    return header_symbol(ctx.source.path, ctx.project_includes, ctx.settings.target_rocm, name)


def _converted_header_symbol(ctx: LintContext, name: str) -> tuple[str, str] | None:
    """A project header's variable or macro `name`, typed or valued as convert writes that header."""
    symbol = _header(ctx, name)
    if symbol is None:
        return None
    version = ctx.settings.target_rocm
    if symbol.kind == "variable":
        declared = symbol.texts[0]
        if declared in COMPUTE_VARIABLE_TYPES:
            return ("type", compute_holder_type(version, includes_lt(symbol.system_includes)))
        return ("type", "hipDataType") if declared in _DATA_VARIABLE_TYPES else None
    blas_file = blas_only(symbol.system_includes)
    for text in symbol.texts:
        spelled = data_macro_spelling(text, version, blas_file)
        if spelled is None:
            found = compute_type(text)
            spelled = (found.hipblas_v1 if version < (6, 0, 0) else found.hip) if found is not None else None
        if spelled is not None:
            return ("value", spelled)
    return None


def file_holder(ctx: LintContext) -> str:
    """The type convert gives a compute-type variable declared in this file (by what it includes)."""
    return compute_holder_type(ctx.settings.target_rocm, includes_lt(file_includes(ctx)))


def compute_holder(ctx: LintContext, name: Node) -> str | None:
    """The type convert gives the compute-type variable `name` (declared in this file or in a
    project header it includes) for the target release; None if it is not one."""
    declared = lookup_declaration(name)
    version = ctx.settings.target_rocm
    if declared is not None:
        if declared.type_name in COMPUTE_VARIABLE_TYPES:
            return file_holder(ctx)
        return declared.type_name if declared.type_name == "hipblasLtComputeType_t" else None
    symbol = _header(ctx, ctx.text(name))
    if symbol is None or symbol.kind != "variable" or symbol.texts[0] not in COMPUTE_VARIABLE_TYPES:
        return None
    return compute_holder_type(version, includes_lt(symbol.system_includes))


def enumerator_leaves(value: Node) -> list[Node] | None:
    """`HIP_R_16F`, or both branches of `c ? HIP_R_16BF : HIP_R_16F` (nested too); None if the
    value is anything else."""
    value = unparenthesized(value)
    if value.type == "identifier":
        return [value]
    if value.type == "conditional_expression":
        consequence, alternative = value.child_by_field_name("consequence"), value.child_by_field_name("alternative")
        if consequence is None or alternative is None:
            return None
        left, right = enumerator_leaves(consequence), enumerator_leaves(alternative)
        return left + right if left is not None and right is not None else None
    return None


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
