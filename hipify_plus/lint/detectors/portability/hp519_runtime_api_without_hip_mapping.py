"""HP519: CUDA runtime/driver call with no HIP counterpart."""

from __future__ import annotations

from functools import lru_cache

from hipify_plus.cuda.syntax import callee_name
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


@lru_cache(maxsize=1024)
def _unsupported_runtime(name: str) -> bool:
    from hipify_plus.mappings import load_mappings  # loaded only when a CUDA runtime call is seen

    mapping = load_mappings().get(name)
    return (
        mapping is not None
        and mapping.library in ("runtime", "driver")
        and mapping.kind == "function"
        and mapping.status == "unsupported"
        and "Cluster" not in name
    )  # clusters: HP512


# HP519
@detector("call_expression", emits=("HP519",), names=("cu",))
def runtime_api_without_hip_mapping(node: Node, ctx: LintContext) -> None:
    name = callee_name(node)
    if not name.startswith("cu") or not _unsupported_runtime(name) or _excluded_on_amd(node, ctx):
        return
    ctx.report(
        "HP519",
        node,
        f"`{name}` has no HIP counterpart (HIPIFY lists it as unsupported): restructure this call for AMD",
    )
