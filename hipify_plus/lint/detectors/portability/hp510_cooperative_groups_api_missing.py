"""HP510: Cooperative-groups collective or header that HIP lacks."""

from __future__ import annotations

import re

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.syntax import enclosing_function, node_text
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded, _excluded_on_amd
from hipify_plus.lint.detectors.portability._cg_blocks import CG_OPERATORS, CG_PROVIDED, _cg_include_fix, _cg_provided
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.lint.detectors.portability._includes import _include_path
from hipify_plus.lint.detectors.portability._names import _cg_scopes, _outer_qualified, _qualified_path
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.versions import format_version

CG_MISSING = frozenset(
    {
        "reduce",
        "reduce_update_async",
        "reduce_store_async",
        "inclusive_scan",
        "exclusive_scan",
        "invoke_one",
        "invoke_one_broadcast",
        "binary_partition",
        "labeled_partition",
        "block_tile_memory",
    }
)
# What to write instead, for the names no block provides (the rest: shuffles over the tile).
CG_INSTEAD = {
    "binary_partition": "inside `if (predicate)` and its `else`, `cg::coalesced_threads()` is the "
    "group of the active lanes (of the whole wavefront: restrict it to the "
    "tile with a lane mask when the tile is smaller)",
    "labeled_partition": "group the lanes by hand: a `__match_any`-style loop over the labels, or "
    "one `cg::coalesced_threads()` per label branch",
    "block_tile_memory": "HIP tiles stop at the wavefront (64 lanes on CDNA, 32 on RDNA): split a "
    "larger tile into wavefront tiles and combine them through shared memory",
}
CG_HEADERS = frozenset({"cooperative_groups/reduce.h", "cooperative_groups/scan.h"})
STATEMENTS = frozenset({"expression_statement", "declaration", "compound_statement"})


def _callee_text(call: Node, ctx: LintContext) -> str:
    """What a call calls, as written, without a template call's arguments (`f<T>(x)` -> `f`).
    Not `cuda.syntax.callee_name`, which gives '' for a callee that is not a plain name: here a
    qualified member call `obj.cg::reduce(...)` still counts as a call of `reduce`."""
    function = call.child_by_field_name("function")
    if function is None:
        return ""
    if function.type == "template_function":
        function = function.child_by_field_name("name") or function
    return ctx.text(function).removeprefix("::")


def _argument_of(node: Node, callees: frozenset[str], ctx: LintContext) -> bool:
    """True if `node` sits in the arguments of a call to one of `callees` (last name part)."""
    parent = node.parent
    while parent is not None and parent.type not in STATEMENTS:
        call = parent.parent
        if (
            parent.type == "argument_list"
            and call is not None
            and call.type == "call_expression"
            and _callee_text(call, ctx).split("::")[-1] in callees
        ):
            return True
        parent = call
    return False


# HP510
@detector("qualified_identifier", "preproc_include", emits=("HP510",))
def cooperative_groups_api_missing(node: Node, ctx: LintContext) -> None:
    if node.type == "preproc_include":
        found = _include_path(node, ctx)
        if found is None or found[1] not in CG_HEADERS or _excluded_on_amd(node, ctx):
            return
        what = "`cg::reduce`" if found[1].endswith("reduce.h") else "the scans"
        ctx.report(
            "HP510",
            found[0],
            f"`<{found[1]}>` does not exist in HIP: the fix puts "
            f"hipify-plus's {what} and the `cg::plus`/`less`/`greater`/`bit_*` operators in "
            "its place (shuffles over the tile, right on 64- and 32-lane wavefronts; HIP's own "
            "reduce where the headers have it)",
            _cg_include_fix(ctx, node, "HP510"),
        )
        return
    if not _outer_qualified(node) or b"::" not in _raw(node, ctx):
        return
    path = _qualified_path(node, ctx)
    if len(path) != 2 or path[1] not in CG_MISSING | CG_OPERATORS:
        return
    if path[0] not in _cg_scopes(ctx.data):
        return
    if path[1] in CG_OPERATORS and _argument_of(node, CG_MISSING, ctx):
        return  # reported with the reduce/scan call it is passed to
    if _cg_provided(ctx, path[1]) or _device_excluded(node, ctx):
        return
    name = "::".join(path)
    if path[1] in CG_PROVIDED:
        header = "scan.h" if "scan" in path[1] else "reduce.h"
        message = (
            f"`{name}` is missing from HIP's cooperative groups and this file does not "
            f"include `<cooperative_groups/{header}>`: include it (as CUDA requires), and "
            "the fix of that #include provides it"
        )
    else:
        instead = CG_INSTEAD.get(
            path[1],
            "reduce or scan with shuffles over the tile (`tile.shfl_down`, `tile.shfl_up`) and let one thread act",
        )
        message = f"`{name}` is missing from HIP's cooperative groups: {instead}"
    ctx.report("HP510", node, message)


# A group's votes and matches (`tile.ballot(p)`, `active.any(p)`): HIP's tiles and coalesced groups
# have them from ROCm 6.2, declared only with HIP_ENABLE_WARP_SYNC_BUILTINS up to 6.4 (checked in
# the 6.4 headers), by default from 7.0 (the 7.2 headers test HIP_DISABLE_WARP_SYNC_BUILTINS).
GROUP_VOTES = frozenset({"ballot", "any", "all", "match_any", "match_all"})
GROUP_TYPES = ("thread_block_tile", "coalesced_group", "tiled_partition", "coalesced_threads")
VOTES_ADDED, VOTES_BY_DEFAULT = (6, 2, 0), (7, 0, 0)


def _is_group(receiver: Node) -> bool:
    """`receiver` names a variable this file declares as a tile or coalesced group (also `auto`
    from `tiled_partition`/`coalesced_threads`). tree-sitter reads `cg::thread_block_tile<32> t =
    ...;` as a comparison, so the enclosing function's text is searched when no declaration is found."""
    if receiver.type != "identifier":
        return False
    declared = lookup(receiver)
    if declared is not None:
        return any(word in node_text(declared.node) for word in GROUP_TYPES)
    function = enclosing_function(receiver)
    declaration = re.compile(
        r"\b(?:thread_block_tile\s*<[^;{}]*>|coalesced_group|auto)\s+"
        + re.escape(node_text(receiver))
        + r"\s*=([^;]*);"
    )
    found = declaration.search(node_text(function)) if function is not None else None
    return found is not None and (
        not found.group(0).startswith("auto") or any(word in found.group(1) for word in GROUP_TYPES)
    )


@detector("call_expression", emits=("HP510",), names=("ballot", "any", "all"))
def cooperative_groups_vote_missing(node: Node, ctx: LintContext) -> None:
    target = ctx.settings.target_rocm
    function = node.child_by_field_name("function")
    if target >= VOTES_BY_DEFAULT or function is None or function.type != "field_expression":
        return
    field, receiver = function.child_by_field_name("field"), function.child_by_field_name("argument")
    if field is None or receiver is None or node_text(field) not in GROUP_VOTES or not _is_group(receiver):
        return
    if _device_excluded(node, ctx) or "HIP_ENABLE_WARP_SYNC_BUILTINS" in ctx.project_macros:
        return  # the file (or a project header) turns HIP's votes on
    vote = f"`{node_text(receiver)}.{node_text(field)}`"
    if target >= VOTES_ADDED:
        message = (
            f"{vote}: HIP's groups declare it only when HIP_ENABLE_WARP_SYNC_BUILTINS is defined "
            f"before the HIP headers up to ROCm 6.4 (the target is {format_version(target)}): add "
            "-DHIP_ENABLE_WARP_SYNC_BUILTINS to the build; ROCm 7.0 declares it by default"
        )
    else:
        message = (
            f"{vote}: HIP's tiles and coalesced groups have no votes before ROCm 6.2 (the target is "
            f"{format_version(target)}): use `__ballot(p)` masked to the group's lanes, or target 6.2+"
        )
    ctx.report("HP510", node, message)
