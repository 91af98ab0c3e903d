"""HP731: `__shared__ alignas(16) float s[...]` (a memory-space qualifier, then `alignas`): nvcc
takes it, hip-clang does not, since HIP's `__shared__`, `__device__`, `__constant__` and
`__managed__` are GNU attributes and a C++11 attribute such as `alignas` may not follow one.
The fix puts `alignas(...)` first: `alignas(16) __shared__ float s[...]`."""

from __future__ import annotations

import re

from hipify_plus import lexer
from hipify_plus.cuda.syntax import in_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import file_detector

_QUALIFIER_THEN_ALIGNAS = re.compile(rb"\b(__shared__|__device__|__constant__|__managed__)(\s+)alignas\b\s*(?=\()")


@file_detector(emits=("HP731",), names=("alignas",))
def space_qualifier_before_alignas(ctx: LintContext) -> None:
    if not ctx.is_hip:
        return
    data = ctx.data
    root = ctx.tree.root_node
    for found in _QUALIFIER_THEN_ALIGNAS.finditer(data):
        start, qualifier_end = found.start(1), found.end(1)
        if in_text(root, start, qualifier_end):
            continue
        call = lexer.call_arguments(data, found.end())
        if call is None:
            continue
        _, close = call
        qualifier = found.group(1)
        alignas = data[qualifier_end + len(found.group(2)) : close]
        fix = ctx.fix(
            "HP731",
            f"Write `{alignas.decode()} {qualifier.decode()}`",
            [Edit(start, close, alignas + found.group(2) + qualifier)],
        )
        ctx.report(
            "HP731",
            (start, close),
            f"`{qualifier.decode()}` before `alignas`: HIP's memory-space qualifiers are GNU attributes, which a "
            f"C++11 attribute may not follow (hip-clang: 'an attribute list cannot appear here'): write "
            f"`{alignas.decode()} {qualifier.decode()}`",
            fix,
        )
