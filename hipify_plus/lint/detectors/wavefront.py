"""HP1xx: code that assumes 32-lane warps; AMD CDNA GPUs run 64-lane wavefronts."""

from __future__ import annotations

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

SYNC_INTRINSICS = frozenset({
    "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__ballot_sync",
    "__any_sync", "__all_sync", "__match_any_sync", "__match_all_sync", "__syncwarp",
    "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync",
    "__reduce_or_sync", "__reduce_xor_sync",
})
SHUFFLES = frozenset({
    "__shfl_xor_sync", "__shfl_down_sync", "__shfl_xor", "__shfl_down", "__shfl_sync", "__shfl",
})
FULL_32BIT = 0xFFFFFFFF
WIDE_MASK = "~0ull"


def call_name(node: Node, ctx: LintContext) -> str:
    function = node.child_by_field_name("function")
    return ctx.text(function) if function is not None else ""


def call_args(node: Node) -> list[Node]:
    arguments = node.child_by_field_name("arguments")
    return [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []


def _mask_value(node: Node, ctx: LintContext) -> int | None:
    """The value of a mask expression as a 32-bit quantity would see it, if constant."""
    text = ctx.text(node).replace(" ", "")
    if text in ("~0u", "~0U", "~0", "(unsigned)-1", "-1", "(unsignedint)-1"):
        return FULL_32BIT
    value = ctx.int_value(node)
    return None if value is None else value


def _is_64bit_literal(text: str) -> bool:
    lowered = text.lower().replace(" ", "")
    if lowered.endswith(("ull", "llu", "ll")):
        return True
    digits = lowered.rstrip("ul").removeprefix("0x")
    return lowered.startswith("0x") and len(digits.lstrip("0")) > 8


# HP103
@detector("call_expression", emits=("HP103",))
def mask_32bit_in_sync_intrinsic(node: Node, ctx: LintContext) -> None:
    name = call_name(node, ctx)
    if name not in SYNC_INTRINSICS:
        return
    args = call_args(node)
    if not args:
        return
    mask = args[0]
    text = ctx.text(mask)
    if _is_64bit_literal(text) or "__activemask" in text or "__ballot" in text:
        return
    value = _mask_value(mask, ctx)
    if value is None:
        if mask.type == "identifier" and text.isupper():
            return  # an unresolved macro: we cannot tell its width
        return
    if value == FULL_32BIT or value == -1:
        fix = ctx.fix("HP103", f"Widen the full mask to `{WIDE_MASK}`",
                      [Edit(mask.start_byte, mask.end_byte, WIDE_MASK.encode())])
        ctx.report("HP103", mask, f"`{text}` is a 32-bit full mask: `{name}` takes a 64-bit lane mask "
                   "on AMD (a static_assert fails from ROCm 6.3, and only lanes 0-31 take part)", fix)
    elif 0 <= value <= FULL_32BIT:
        fix = ctx.fix("HP103", "Widen the mask to 64 bits (review which lanes it names)",
                      [Edit(mask.start_byte, mask.end_byte, f"(unsigned long long)({text})".encode())],
                      applicability="unsafe")
        ctx.report("HP103", mask, f"`{text}` is a partial 32-bit lane mask passed to `{name}`: on a "
                   "64-lane wavefront it names only lanes 0-31", fix)


# HP105
@detector("for_statement", emits=("HP105",))
def reduction_starts_at_16(node: Node, ctx: LintContext) -> None:
    init = node.child_by_field_name("initializer")
    update = node.child_by_field_name("update")
    body = node.child_by_field_name("body")
    if init is None or update is None or body is None:
        return
    declarator = next((c for c in init.children_by_field_name("declarator") if c.type == "init_declarator"), None) \
        if init.type == "declaration" else (init if init.type == "assignment_expression" else None)
    if declarator is None:
        return
    variable = declarator.child_by_field_name("declarator" if declarator.type == "init_declarator" else "left")
    start = declarator.child_by_field_name("value" if declarator.type == "init_declarator" else "right")
    if variable is None or start is None or ctx.int_value(start) != 16:
        return
    name = ctx.text(variable)
    halving = ctx.text(update).replace(" ", "")
    if halving not in (f"{name}>>=1", f"{name}/=2", f"{name}={name}/2", f"{name}={name}>>1"):
        return
    body_text = ctx.text(body)
    if not any(shuffle + "(" in body_text for shuffle in SHUFFLES) or name not in body_text:
        return
    fix = ctx.fix("HP105", "Start the reduction at `warpSize / 2`",
                  [Edit(start.start_byte, start.end_byte, b"warpSize / 2")])
    ctx.report("HP105", start, "warp reduction starts at offset 16: on a 64-lane wavefront it "
               "reduces each half separately and lane 0 gets the sum of lanes 0-31 only", fix)
