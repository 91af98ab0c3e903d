"""HP726: `hiprandSetGeneratorOrdering(gen, HIPRAND_ORDERING_*_DEFAULT)` for a target whose hipRAND
has no orderings (the call, its type and its values came with hipRAND of ROCm 6.2). Such a
hipRAND generates in its one, default, ordering, so asking for the default ordering changes
nothing: the call becomes the success status it would return. Any other ordering is reported."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args, callee_name, node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.mappings import hip_added
from hipify_plus.parse import Node
from hipify_plus.versions import format_version

SET_ORDERING = "hiprandSetGeneratorOrdering"
DEFAULTS = frozenset({"HIPRAND_ORDERING_PSEUDO_DEFAULT", "HIPRAND_ORDERING_QUASI_DEFAULT"})


@detector("call_expression", emits=("HP726",), names=(SET_ORDERING,))
def default_rng_ordering(node: Node, ctx: LintContext) -> None:
    added = hip_added("curandSetGeneratorOrdering")
    if not ctx.is_hip or callee_name(node) != SET_ORDERING or added is None or ctx.settings.target_rocm >= added:
        return
    args = call_args(node)
    release = f"hipRAND before ROCm {format_version(added)} has no `{SET_ORDERING}`"
    if len(args) != 2 or args[0].type != "identifier" or node_text(args[1]) not in DEFAULTS:
        ctx.report(
            "HP726",
            node,
            f"{release} and generates in its default ordering only: choose the ordering "
            "by the generator type, or target a newer ROCm",
        )
        return
    replacement = f"HIPRAND_STATUS_SUCCESS /* {SET_ORDERING}: the default ordering is the only one here */"
    fix = ctx.fix(
        "HP726",
        "Drop the call (it asks for the ordering in force)",
        [Edit(node.start_byte, node.end_byte, replacement.encode())],
    )
    ctx.report(
        "HP726",
        node,
        f"{release}; its generators use the default ordering, which is what this call asks "
        "for, so the call becomes its success status",
        fix,
    )
