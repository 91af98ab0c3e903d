"""HP518: CUB (hipCUB on AMD) and Thrust (rocThrust) uses."""

from __future__ import annotations

import re
from functools import lru_cache

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.detectors.portability._file import _is_hip_source, _raw
from hipify_plus.lint.detectors.portability._includes import _include_path, _swap_include
from hipify_plus.lint.detectors.portability._names import _outer_qualified
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

THRUST_INCLUDE = re.compile(rb"^[ \t]*#[ \t]*include[ \t]*[<\"]thrust/", re.MULTILINE)


@lru_cache(maxsize=8)
def _aliases_cub(data: bytes) -> bool:
    """`namespace cub = hipcub;`: the file maps the CUB name itself."""
    return re.search(rb"namespace\s+cub\s*=", data) is not None


# HP518
@detector("preproc_include", "qualified_identifier", emits=("HP518",), names=("include", "cub::"))
def cub_thrust_library(node: Node, ctx: LintContext) -> None:
    if node.type == "preproc_include":
        found = _include_path(node, ctx)
        if found is None or not found[1].startswith(("cub/", "thrust/")):
            return
        if _excluded_on_amd(node, ctx):
            return
        path, header = found
        hip = _is_hip_source(ctx.data)
        if header.startswith("thrust/"):
            first = THRUST_INCLUDE.search(ctx.data)
            line = ctx.source.position(node.start_byte)[0]
            if hip or first is None or ctx.source.position(first.start())[0] != line:
                return  # once per CUDA file; rocThrust takes HIP code as is
            ctx.report(
                "HP518",
                path,
                "Thrust runs on AMD as rocThrust (same `thrust::` API and "
                "headers); rocThrust calls are not safe inside HIP graph capture",
                severity="info",
            )
            return
        if not hip:
            ctx.report(
                "HP518",
                path,
                f"`<{header}>`: CUB is hipCUB on AMD (`<hipcub/hipcub.hpp>`, "
                "namespace `hipcub::`); its warp primitives default to the 64-lane "
                "wavefront",
                severity="info",
            )
            return
        fix = ctx.fix("HP518", "Include `<hipcub/hipcub.hpp>`", [_swap_include(path, ctx, "hipcub/hipcub.hpp")])
        ctx.report("HP518", path, f"`<{header}>` does not exist on AMD: include `<hipcub/hipcub.hpp>`", fix)
        return
    if not _outer_qualified(node) or not _raw(node, ctx).startswith(b"cub::"):
        return
    if not _is_hip_source(ctx.data) or _aliases_cub(ctx.data) or _excluded_on_amd(node, ctx):
        return
    scope = node.child_by_field_name("scope")
    if scope is None:
        return
    fix = ctx.fix("HP518", "Use `hipcub::`", [Edit(scope.start_byte, scope.end_byte, b"hipcub")])
    ctx.report("HP518", scope, "`cub::` does not exist on AMD: hipCUB provides it as `hipcub::`", fix)
