"""HP207: Static `__shared__` memory of a kernel exceeds the LDS a workgroup can address."""

from __future__ import annotations

from hipify_plus.cuda.syntax import base_name, declarator_name
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.launch._arch import _kib, _lds_limit, _tightest
from hipify_plus.lint.detectors.launch._kernels import _static_shared_bytes
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP207
@detector("function_definition", emits=("HP207",))
def static_lds_over_limit(node: Node, ctx: LintContext) -> None:
    if "__global__" not in ctx.execution_space(node) or b"__shared__" not in ctx.data[node.start_byte : node.end_byte]:
        return
    total, crossing = _static_shared_bytes(ctx, node)
    if crossing is None:
        return
    arch, limit = _tightest(ctx, _lds_limit)
    name = declarator_name(node)
    kernel = base_name(ctx.text(name)) if name is not None else "kernel"
    ctx.report(
        "HP207",
        crossing,
        f"static `__shared__` memory in `{kernel}` reaches {_kib(total)} ({total} bytes), "
        f"over the {_kib(limit)} of LDS a workgroup can address on {arch}: hipcc fails with "
        f'"local memory ({total}) exceeds limit ({limit})"',
    )
