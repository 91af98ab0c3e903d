"""Qualified names as the rules read them (`cg::plus<int>` -> [cg, plus]) and the file's names
for the cooperative-groups namespace."""

from __future__ import annotations

import re
from functools import lru_cache

from hipify_plus.lint.context import LintContext
from hipify_plus.parse import Node


def _qualified_path(node: Node, ctx: LintContext) -> list[str]:
    """`cg::plus<int>` -> [cg, plus]; `::cuda::std::barrier<T>` -> [cuda, std, barrier]."""
    parts: list[str] = []
    current: Node | None = node
    while current is not None and current.type == "qualified_identifier":
        scope = current.child_by_field_name("scope")
        if scope is not None:
            parts.append(ctx.text(scope).split("<")[0])
        current = current.child_by_field_name("name")
    if current is not None:
        if current.type in ("template_type", "template_function"):
            current = current.child_by_field_name("name") or current
        parts.append(ctx.text(current))
    return parts


def _outer_qualified(node: Node) -> bool:
    return node.parent is None or node.parent.type != "qualified_identifier"


@lru_cache(maxsize=8)
def _cg_scopes(data: bytes) -> frozenset[str]:
    aliases = re.findall(rb"namespace\s+(\w+)\s*=\s*(?:::)?cooperative_groups\s*;", data)
    return frozenset({"cg", "cooperative_groups", *(a.decode() for a in aliases)})
