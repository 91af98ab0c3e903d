"""HP729: `auto tile = cg::tiled_partition<32>(block);` for HIP before 6.0. There the tile's type,
`thread_block_tile<32, thread_block>`, inherits `thread_rank`, `size` and `sync` from two bases
without choosing one ("member 'thread_rank' found in multiple base classes of different types",
HIP 5.7's amd_hip_cooperative_groups.h); the parent-less `thread_block_tile<32>`, which the tile
converts to as in CUDA, chooses. The declaration is given that type."""

from __future__ import annotations

from hipify_plus.cuda.syntax import callee_text, node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

FIXED_IN = (6, 0, 0)  # HIP 6.x's thread_block_tile_type has the using-declarations (read in 6.4's header)


def _partition(value: Node) -> tuple[str, str] | None:
    """(`cg::`, `32`) for `cg::tiled_partition<32>(...)`; None for anything else."""
    if value.type != "call_expression":
        return None
    callee = callee_text(value).replace(" ", "")
    scope, _, rest = callee.rpartition("::")
    if not rest.startswith("tiled_partition<") or not rest.endswith(">") or not scope:
        return None
    return scope + "::", rest[len("tiled_partition<") : -1]


@detector("declaration", emits=("HP729",))
def tile_declared_auto(node: Node, ctx: LintContext) -> None:
    if not ctx.is_hip or ctx.settings.target_rocm >= FIXED_IN:
        return
    placeholder = next((c for c in node.children if c.type == "placeholder_type_specifier"), None)
    declarators = node.children_by_field_name("declarator")
    if placeholder is None or len(declarators) != 1 or declarators[0].type != "init_declarator":
        return
    value = declarators[0].child_by_field_name("value")
    found = _partition(value) if value is not None else None
    if found is None:
        return
    scope, size = found
    tile_type = f"{scope}thread_block_tile<{size}>"
    name = node_text(declarators[0].child_by_field_name("declarator") or declarators[0])
    fix = ctx.fix(
        "HP729",
        f"Declare `{name}` as `{tile_type}`",
        [Edit(placeholder.start_byte, placeholder.end_byte, tile_type.encode())],
    )
    ctx.report(
        "HP729",
        placeholder,
        f"`auto {name}` is a `thread_block_tile<{size}, thread_block>`, whose "
        "thread_rank(), size() and sync() HIP before 6.0 does not resolve (two bases declare them): "
        f"`{tile_type}` does",
        fix,
    )
