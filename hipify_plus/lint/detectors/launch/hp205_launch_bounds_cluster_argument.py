"""HP205: Three-argument `__launch_bounds__` (max blocks per cluster) does not compile with HIP."""

from __future__ import annotations

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.launch._bounds import (
    AMD_GUARD,
    _block_insertion,
    _bounded_kernel_name,
    _bounds_arguments,
    _macro_name,
    _span_text,
)
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP205
@detector("launch_bounds", emits=("HP205",))
def launch_bounds_cluster_argument(node: Node, ctx: LintContext) -> None:
    spans = _bounds_arguments(node, ctx)
    if len(spans) != 3:
        return
    kernel = _bounded_kernel_name(node, ctx) or "kernel"
    min_text = " ".join(_span_text(ctx, spans[1]).split())
    rest = " ".join(ctx.data[spans[1][0] : spans[2][1]].decode("utf-8", "surrogateescape").split())
    macro = _macro_name(ctx, "MIN_BLOCKS_CLUSTER", kernel, node)
    block = (
        f"{AMD_GUARD}  // hipify-plus: no block clusters on AMD\n"
        f"#define {macro} {min_text}\n#else\n#define {macro} {rest}\n#endif\n"
    )
    insertion = _block_insertion(ctx, node.parent or node, block)
    fix = None
    if insertion is not None and "/" not in rest:
        fix = ctx.fix(
            "HP205", "Drop the cluster argument on AMD", [insertion, Edit(spans[1][0], spans[2][1], macro.encode())]
        )
    ctx.report(
        "HP205",
        node,
        f"`{ctx.text(node)}`: the third argument (max blocks per cluster, CUDA 12) does "
        'not compile with HIP\'s two-argument `__launch_bounds__` ("expected unqualified-id")',
        fix,
    )
