"""HP112: `*_sync` warp builtin not available at the target ROCm."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._masks import _mask_value
from hipify_plus.lint.registry import detector
from hipify_plus.literals import FULL_32BIT
from hipify_plus.parse import Node

# _sync builtins (and __activemask) that HIP only declares from ROCm 6.2, with their pre-6.2 forms.
PRE_62_FORMS = {
    "__shfl_sync": "__shfl",
    "__shfl_up_sync": "__shfl_up",
    "__shfl_down_sync": "__shfl_down",
    "__shfl_xor_sync": "__shfl_xor",
    "__ballot_sync": "__ballot",
    "__any_sync": "__any",
    "__all_sync": "__all",
    "__match_any_sync": None,
    "__match_all_sync": None,
    "__activemask": "__ballot",
}


# HP112
@detector("call_expression", emits=("HP112",), names=tuple(PRE_62_FORMS))
def sync_builtin_before_rocm_62(node: Node, ctx: LintContext) -> None:
    if ctx.settings.target_rocm >= (6, 2, 0):
        return
    function = node.child_by_field_name("function")
    if function is None or function.type != "identifier":
        return
    name = ctx.text(function)
    if name not in PRE_62_FORMS or ctx.provides(name):
        return
    version = ".".join(map(str, ctx.settings.target_rocm[:2]))
    message = f"`{name}` does not exist before ROCm 6.2 (target: ROCm {version})"
    replacement = PRE_62_FORMS[name]
    args = call_args(node)
    fix = None
    arguments = node.child_by_field_name("arguments")
    if replacement is not None and arguments is not None:
        if name == "__activemask":
            fix = ctx.fix("HP112", "Use `__ballot(1)`", [Edit(node.start_byte, node.end_byte, b"__ballot(1)")])
        elif args and _full_mask(args[0], ctx):
            rest = ctx.data[args[1].start_byte : arguments.end_byte - 1] if len(args) > 1 else b""
            fix = ctx.fix(
                "HP112",
                f"Use `{replacement}` (all lanes of the wavefront take part)",
                [Edit(node.start_byte, node.end_byte, replacement.encode() + b"(" + rest + b")")],
            )
        else:
            message += (
                (
                    f"; its mask `{ctx.text(args[0])}` may name only some lanes, so the pre-6.2 form "
                    "needs a manual rewrite"
                )
                if args
                else ""
            )
    elif replacement is None:
        message += "; it has no pre-6.2 form"
    ctx.report("HP112", node, message, fix)


def _full_mask(node: Node, ctx: LintContext) -> bool:
    text = ctx.text(node).replace(" ", "")
    if text in ("__activemask()", "~0ull", "~0ULL", "~0llu", "~0", "~0u", "~0U", "-1"):
        return True
    return _mask_value(node, ctx) in (FULL_32BIT, -1, 2**64 - 1)
