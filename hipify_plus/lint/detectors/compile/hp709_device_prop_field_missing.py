"""HP709: `prop.maxTexture1DLayered` and other `cudaDeviceProp` fields that `hipDeviceProp_t`
lacks at the target release (rules/mappings/device_prop_fields.tsv): a compile error, or the
HIP spelling of the member where it differs. Rows named `Struct.field` are members of another
renamed struct (`hipMemAllocationProp.requestedHandleTypes`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.syntax import node_text, same
from hipify_plus.data import mapping_rows
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.compile._device_queries import filled_for, query_expression
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.versions import Version, format_version, parse_version

PROP_TYPES = frozenset({"hipDeviceProp_t", "hipDeviceProp_tR0600", "hipDeviceProp_tR0000"})
DEVICE_PROP = "hipDeviceProp_t"


@dataclass(frozen=True)
class Field:
    struct: str  # the HIP struct: hipDeviceProp_t, hipMemAllocationProp ...
    name: str
    added: Version | None  # None: no release has it
    hip: str  # the HIP spelling, when it differs
    older: str  # the member to read before `added`, if any; `=V`: the read is the value V there;
    # `query:F:T`: the value the runtime's F(T*, device) gives for the struct's device
    note: str


@cache
def fields() -> dict[tuple[str, str], Field]:
    """(struct, member) -> what the table says of it."""
    found = {}
    rows = mapping_rows("device_prop_fields.tsv")
    for key, added, hip, older, note in (row + [""] * (5 - len(row)) for row in rows):
        struct, _, name = key.rpartition(".")
        struct = struct or DEVICE_PROP
        found[(struct, name)] = Field(
            struct, name, None if added == "never" else parse_version(added), hip, older, note
        )
    return found


@cache
def member_names() -> frozenset[str]:
    return frozenset(name for _, name in fields())


def _object_type(argument: Node) -> str | None:
    """The declared type of `prop` in `prop.f`, `p->f`, `props[i].f` (declared in this file)."""
    while argument.type in ("subscript_expression", "parenthesized_expression", "pointer_expression"):
        inner = argument.child_by_field_name("argument")
        if inner is None:
            inner = next((c for c in argument.named_children if c.type != "comment"), None)
        if inner is None:
            return None
        argument = inner
    if argument.type != "identifier":
        return None
    declared = lookup(argument)
    return declared.type_name if declared is not None else None


# HP709
@detector("field_expression", emits=("HP709",))
def device_prop_field_missing(node: Node, ctx: LintContext) -> None:
    field_node = node.child_by_field_name("field")
    argument = node.child_by_field_name("argument")
    if field_node is None or argument is None:
        return
    member = node_text(field_node)
    if member not in member_names():
        return  # cheap first: most member reads are of no listed struct
    struct = _object_type(argument)
    field = fields().get((DEVICE_PROP if struct in PROP_TYPES else struct, member)) if struct else None
    if field is None:
        return
    version = ctx.settings.target_rocm
    release = format_version(version)
    note = f" ({field.note})" if field.note else ""
    if field.added is not None and field.added <= version:
        if field.hip:
            fix = ctx.fix(
                "HP709", f"Read `{field.hip}`", [Edit(field_node.start_byte, field_node.end_byte, field.hip.encode())]
            )
            ctx.report("HP709", field_node, f"`{field.struct}` spells `{field.name}` as `{field.hip}`", fix)
        return
    if field.older.startswith("=") and field.added is not None:
        parent = node.parent
        written = parent is not None and (
            parent.type == "update_expression"
            or (parent.type == "assignment_expression" and same(parent.child_by_field_name("left"), node))
        )
        if not written:
            value = field.older[1:]
            fix = ctx.fix("HP709", f"Read `{value}`", [Edit(node.start_byte, node.end_byte, value.encode())])
            ctx.report(
                "HP709",
                field_node,
                f"`{field.struct}` has `{field.name}` from ROCm "
                f"{format_version(field.added)} only (the target is {release}); on AMD it is "
                f"`{value}`{note}",
                fix,
            )
            return
    if field.older.startswith("query:") and field.added is not None and struct in PROP_TYPES:
        _, function, value_type = field.older.split(":")
        device = filled_for(node, argument)
        if device is not None:
            value = query_expression(function, value_type, device)
            fix = ctx.fix("HP709", f"Read it with `{function}`", [Edit(node.start_byte, node.end_byte, value.encode())])
            ctx.report(
                "HP709",
                field_node,
                f"`{field.struct}` has `{field.name}` from ROCm {format_version(field.added)} only (the target "
                f"is {release}); `{function}({device})` gives the same value{note}",
                fix,
            )
            return
    if field.older and not field.older.startswith(("=", "query:")) and field.added is not None:
        fix = ctx.fix(
            "HP709", f"Read `{field.older}`", [Edit(field_node.start_byte, field_node.end_byte, field.older.encode())]
        )
        ctx.report(
            "HP709",
            field_node,
            f"`{field.struct}` has `{field.name}` from ROCm "
            f"{format_version(field.added)} only (the target is {release}); before that the "
            f"same value is `{field.older}`",
            fix,
        )
        return
    when = (
        f"from ROCm {format_version(field.added)} only (the target is {release})"
        if field.added is not None
        else "in no ROCm release"
    )
    ctx.report(
        "HP709", field_node, f"`{field.struct}` has no `{field.name}` {when}: this does not compile for AMD{note}"
    )
