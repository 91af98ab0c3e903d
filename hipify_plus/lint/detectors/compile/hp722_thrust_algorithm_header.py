"""HP722: a Thrust algorithm called in a file that includes none of the headers declaring it
(`thrust::sequence` with only `<thrust/sort.h>`). CUDA's Thrust headers include more of each other
than rocThrust's, so such code compiles with nvcc and stops with hipcc ("no member named
'sequence' in namespace 'thrust'"). The fix adds the algorithm's header after the file's includes
(rules/mappings/thrust_headers.tsv)."""

from __future__ import annotations

import re
from functools import cache

from hipify_plus.cuda.includes import project_headers, read_header
from hipify_plus.data import mapping_rows
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import file_detector
from hipify_plus.lint.support_blocks import insert_after_includes

_CALL = re.compile(rb"\bthrust::(\w+)\s*\(")
_INCLUDE = re.compile(rb"#[ \t]*include[ \t]*[<\"](thrust/[\w/.]+)[>\"]")


@cache
def algorithm_headers() -> dict[str, str]:
    return {function: header for function, header in mapping_rows("thrust_headers.tsv")}


def _included(ctx: LintContext) -> set[str]:
    """The thrust/ headers this file and the project headers it includes name."""
    found = {m.group(1).decode() for m in _INCLUDE.finditer(ctx.data)}
    for header in project_headers(ctx.source.path, ctx.project_includes):
        data = read_header(header)
        if data is not None and b"thrust/" in data:
            found.update(m.group(1).decode() for m in _INCLUDE.finditer(data))
    return found


@file_detector(emits=("HP722",), names=("thrust::",))
def thrust_algorithm_header(ctx: LintContext) -> None:
    if not ctx.is_hip or b"thrust::" not in ctx.data:
        return
    known = algorithm_headers()
    calls = [
        (m.start(), m.end(1), m.group(1).decode()) for m in _CALL.finditer(ctx.data) if m.group(1).decode() in known
    ]
    if not calls:
        return
    included = _included(ctx)
    if not included:
        return  # no Thrust header at all: the file gets Thrust some other way (or HP518 reports it)
    root = ctx.tree.root_node
    missing: dict[str, list[tuple[int, int, str]]] = {}
    for start, end, function in calls:
        node = root.descendant_for_byte_range(start, end)
        if (
            known[function] in included
            or node is None
            or node.type in ("comment", "string_content")
            or ctx.inactive_on_amd(node)
        ):
            continue
        missing.setdefault(known[function], []).append((start, end, function))
    for header, uses in missing.items():
        block = f"#include <{header}>  // hipify-plus: rocThrust's other headers do not include it"
        edit = insert_after_includes(ctx, block.encode(), min(start for start, _, _ in uses))
        fix = ctx.fix("HP722", f"Include <{header}>", [edit]) if edit is not None else None
        for start, end, function in uses:
            ctx.report(
                "HP722",
                (start, end),
                f"`thrust::{function}` is declared in <{header}>, which this file "
                "does not include: CUDA's Thrust headers pull it in, rocThrust's do not",
                fix,
            )
