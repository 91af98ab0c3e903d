"""The warp-size rewrites of HP102, HP105 and HP110 are only safe as a set. `_warp_set` finds
every such site of a file once (`_warp_unit_sites.py`), groups functions into units (a kernel,
the device helpers it calls, the host code that launches it) and records, per function, why its
unit still assumes 32 lanes (`_warp_unit_blockers.py`); `_report_site` makes a site's fix
unsafe, saying why, unless nothing is left. Sites of rules that are not selected, or findings
that are suppressed, are not rewritten and so count as left."""

from __future__ import annotations

from typing import cast

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._patterns import WARP_LITERALS
from hipify_plus.lint.detectors.wavefront._syntax import _STATEMENT_END, _cache, _literal
from hipify_plus.lint.detectors.wavefront._warp_reduction_sites import _reduction_site, _unrolled_reduction_sites
from hipify_plus.lint.detectors.wavefront._warp_unit_blockers import _unit_reasons
from hipify_plus.lint.detectors.wavefront._warp_unit_model import _functions, _Site, _WarpSet
from hipify_plus.lint.detectors.wavefront._warp_unit_sites import (
    _lane_index_site,
    _lane_read_site,
    _per_warp_arrays,
    _warp_count_site,
)
from hipify_plus.lint.suppressions import parse_suppressions
from hipify_plus.parse import Node
from hipify_plus.registry import get_rule


def _suppressed(ctx: LintContext, rule_id: str, node: Node) -> bool:
    cache = _cache(ctx)
    if "suppressions" not in cache:
        comments = ctx.nodes({"comment"}) if b"hipify-plus" in ctx.data else []
        cache["suppressions"] = parse_suppressions(ctx.source, [(c.start_byte, c.end_byte) for c in comments])
    line = node.start_point[0] + 1
    name = get_rule(rule_id).name
    return any((s.file_level or s.line == line) and s.covers(rule_id, name) for s in cache["suppressions"])


def _warp_set(ctx: LintContext) -> _WarpSet:
    cache = _cache(ctx)
    if "warp_set" in cache:
        return cast("_WarpSet", cache["warp_set"])
    sites: dict[tuple[str, int, int], _Site] = {}
    candidates = [
        n
        for n in ctx.nodes(frozenset({"binary_expression", "for_statement"}))
        if (n.type == "for_statement" and b"__shfl" in ctx.data[n.start_byte : n.end_byte])
        or (n.type == "binary_expression" and _literal(n.child_by_field_name("right"), ctx) in WARP_LITERALS)
    ]
    functions = _functions(ctx) if candidates or b"__shfl" in ctx.data else {}
    for node in candidates:
        if node.type == "for_statement":
            site = _reduction_site(node, ctx)
        else:
            site = _lane_index_site(node, ctx, functions) or _warp_count_site(node, ctx, functions)
        if site is not None:
            sites[(site.rule, site.anchor.start_byte, site.anchor.end_byte)] = site
    for site in _unrolled_reduction_sites(ctx):
        sites[(site.rule, site.anchor.start_byte, site.anchor.end_byte)] = site
    if _per_warp_arrays(ctx):
        for node in ctx.nodes(frozenset({"subscript_expression"})):
            site = _lane_read_site(node, ctx)
            if site is not None:
                sites[(site.rule, node.start_byte, node.end_byte)] = site
    # Per-warp storage only matters next to 32-lane index math; with warpSize indexing it
    # merely over-allocates on wave64.
    indexed = {
        s.function.start_byte
        for s in sites.values()
        if s.function is not None and not s.storage and s.rule in ("HP102", "HP110")
    }
    sites = {
        k: s for k, s in sites.items() if not s.storage or (s.function is not None and s.function.start_byte in indexed)
    }
    consumed: set[int] = set()
    for site in sites.values():
        enabled = ctx.settings.enabled(site.rule, ctx.source.path)
        if site.edits and enabled and not _suppressed(ctx, site.rule, site.node):
            consumed.update(site.consumed)
    reasons = _unit_reasons(ctx, functions, sites, consumed) if any(s.edits for s in sites.values()) else {}
    cache["warp_set"] = _WarpSet(sites, reasons)
    return cast("_WarpSet", cache["warp_set"])


def _statement(node: Node) -> Node:
    while node.parent is not None and node.type not in _STATEMENT_END:
        node = node.parent
    return node


def _repeats_earlier(ctx: LintContext, site: _Site) -> bool:
    """A site with no fix whose same text an earlier site of its rule already reports in the
    same statement (`(M + (W * blockDim.x / 32 - 1)) / (W * blockDim.x / 32)`): one construct,
    reported once."""
    statement = _statement(site.node)
    text = ctx.text(site.node).replace(" ", "")
    return any(
        other.rule == site.rule
        and not other.edits
        and other.node.start_byte < site.node.start_byte
        and statement.start_byte <= other.node.start_byte < statement.end_byte
        and ctx.text(other.node).replace(" ", "") == text
        for other in _warp_set(ctx).sites.values()
    )


def _report_site(ctx: LintContext, site: _Site) -> None:
    if not site.edits:
        if not _repeats_earlier(ctx, site):
            ctx.report(site.rule, site.node, site.message)
        return
    reason = (
        _warp_set(ctx).unsafe_reason.get(site.function.start_byte, "no enclosing kernel")
        if site.function is not None
        else "not inside a function"
    )
    message = site.message
    if reason:
        message += f" (the fix is unsafe: {reason})"
    fix = ctx.fix(site.rule, site.title, site.edits, applicability="unsafe" if reason else None)
    ctx.report(site.rule, site.node, message, fix)
