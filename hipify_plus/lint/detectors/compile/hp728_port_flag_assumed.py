"""HP728: `#ifdef GGML_USE_HIP` and other flags a project sets for its own ROCm port. Which code
an AMD build compiles is decided reading such a flag as defined (cuda/preprocessor.py), and the
rewrites follow that branch; the build must then define it. Reported once per flag and file, at
its first test, unless the project defines the flag itself (in this file, a header it includes,
or any file of the run: ggml's `common.cuh` defines the GGML_COMMON_DECL_HIP that
`ggml-common.h` tests)."""

from __future__ import annotations

import re

from hipify_plus.cuda.preprocessor import condition_of, is_port_flag
from hipify_plus.cuda.syntax import descendants, node_text
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import file_detector

_TESTS = frozenset({"preproc_if", "preproc_ifdef", "preproc_elif", "preproc_elifdef"})


@file_detector(emits=("HP728",))
def port_flag_assumed(ctx: LintContext) -> None:
    if not ctx.is_hip:
        return
    build = ctx.amd
    seen: set[str] = set()
    for directive in ctx.nodes(_TESTS):
        condition = condition_of(directive)
        if condition is None:
            continue
        for node in descendants(condition):
            name = node_text(node) if node.type == "identifier" else ""
            if not name or name in seen or not is_port_flag(name):
                continue
            seen.add(name)
            if (
                name in build.file_macros
                or name in build.project_values
                or name in build.project_undefined
                or name in ctx.settings.project_macros
                or re.search(rb"#[ \t]*define[ \t]+" + name.encode() + rb"\b", ctx.data)
            ):
                continue  # the project defines it (or its headers decide it) itself
            ctx.report(
                "HP728",
                node,
                f"`{name}` reads as the project's switch for its ROCm build: convert kept the "
                f"code this build compiles when it is defined, so define it (-D{name}, or the project's own "
                "option that sets it)",
            )
