"""HP516: NVTX profiler annotations; AMD uses roctx."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import callee_name
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.detectors.portability._file import _is_hip_source, _raw
from hipify_plus.lint.detectors.portability._includes import _include_path, _swap_include
from hipify_plus.lint.detectors.portability._names import _outer_qualified
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

NVTX_HEADERS = frozenset(
    {
        "nvToolsExt.h",
        "nvtx3/nvToolsExt.h",
        "nvtx3/nvtx3.hpp",
        "nvToolsExtCuda.h",
        "nvtx3/nvToolsExtCuda.h",
        "nvToolsExtCudaRt.h",
        "nvtx3/nvToolsExtCudaRt.h",
    }
)
NVTX_CALL = re.compile(r"nvtx[A-Z]\w*|NVTX3_\w+")


def _nvtx_replacement(name: str) -> str | None:
    from hipify_plus.mappings import load_mappings  # loaded only when NVTX is in use

    mapping = load_mappings().get(name)
    if mapping is None or mapping.library != "nvtx" or mapping.status != "supported":
        return None
    return mapping.hip or None


def _header_replacement(name: str) -> str | None:
    from hipify_plus.mappings import load_mappings

    header = load_mappings().header(name)
    if header is None or header.status != "supported":
        return None
    return header.hip or None


# HP516
@detector(
    "preproc_include", "call_expression", "qualified_identifier", emits=("HP516",), names=("include", "nvtx", "NVTX")
)
def nvtx_ranges(node: Node, ctx: LintContext) -> None:
    if not ctx.mentions(b"nvtx", b"NVTX"):
        return
    if node.type == "preproc_include":
        found = _include_path(node, ctx)
        if found is None or found[1] not in NVTX_HEADERS:
            return
        span, name, new = found[0], found[1], _header_replacement(found[1])
        edits = [_swap_include(span, ctx, new)] if new else []
    elif node.type == "call_expression":
        name = callee_name(node)
        if not NVTX_CALL.fullmatch(name):
            return
        span, new = node, _nvtx_replacement(name)
        function = node.child_by_field_name("function")
        edits = [Edit(function.start_byte, function.end_byte, new.encode())] if new and function is not None else []
    else:
        if not _outer_qualified(node) or not _raw(node, ctx).startswith(b"nvtx3::"):
            return
        span, name, edits, new = node, ctx.text(node).split("<")[0], [], None
    if _excluded_on_amd(node, ctx):
        return
    fix = None
    if edits and _is_hip_source(ctx.data):
        fix = ctx.fix("HP516", f"Use roctx (`{new}`)", edits)
    if re.fullmatch(r"nvtxName\w+", name):  # naming a stream, event, thread or device
        message = (
            f"`{name}` is NVTX resource naming, which only NVIDIA's tools read: delete it "
            "when porting (roctx's ranges and marks, `roctxRangePushA`/`roctxRangePop`/"
            "`roctxMarkA`, name no streams or events)"
        )
    else:
        message = (
            f"`{name}` is NVTX: on AMD use roctx (`roctxRangePushA`/`roctxRangePop`/"
            "`roctxMarkA`, link roctx64); roctx has no colours, categories or domains"
        )
    ctx.report("HP516", span, message, fix)
