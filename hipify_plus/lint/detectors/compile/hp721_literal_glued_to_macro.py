"""HP721: a string literal glued to the macro after it (`"%"PRIu64`, `"node ("fNID")"`). C++11 reads
`"..."NAME` as one user-defined literal, and hip-clang rejects a suffix that does not start with `_`
("invalid suffix on literal; C++11 requires a space between literal and identifier"); nvcc's older
dialects and C joined the strings after expanding the macro. A space between them means that."""

from __future__ import annotations

from hipify_plus.edits import Edit
from hipify_plus.lexer import glued_literal_suffixes
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import file_detector

STANDARD_SUFFIXES = frozenset({"s", "sv"})  # std::string and std::string_view literals


@file_detector(emits=("HP721",), names=('"',))
def literal_glued_to_macro(ctx: LintContext) -> None:
    if not ctx.is_hip:
        return
    data = ctx.data
    for start, end in glued_literal_suffixes(data):
        suffix = data[start:end].decode()
        if suffix.startswith("_") or suffix in STANDARD_SUFFIXES:
            continue  # a user-defined literal C++11 allows
        line_start = data.rfind(b"\n", 0, start) + 1
        if data[line_start:start].lstrip().startswith((b"#include", b"# include")):
            continue
        fix = ctx.fix("HP721", "Put a space before the macro", [Edit(start, start, b" ")])
        ctx.report(
            "HP721",
            (start, end),
            f"`{suffix}` right after a string literal: C++11 reads the pair as a "
            "user-defined literal and hip-clang rejects it; a space makes it the macro CUDA's compiler "
            "expanded and joined to the string",
            fix,
        )
