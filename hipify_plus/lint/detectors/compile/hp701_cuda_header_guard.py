"""HP701: `#ifdef __CUDA_RUNTIME_H__` and other tests of CUDA headers' include guards, rewritten
to the guard of the HIP/ROCm header convert writes instead, at the target release
(rules/mappings/header_guards.tsv)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from hipify_plus.cuda.preprocessor import CONDITIONALS
from hipify_plus.cuda.syntax import node_text
from hipify_plus.data import mapping_rows
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.mappings import load_mappings
from hipify_plus.parse import Node
from hipify_plus.versions import Version, format_version, parse_version


@dataclass(frozen=True)
class GuardTable:
    cuda: dict[str, str]  # CUDA macro -> the CUDA header that defines it
    hip: dict[str, list[tuple[Version, str]]]  # HIP header -> (from release, guard), oldest first

    def guard(self, header: str, version: Version) -> str | None:
        chosen = None
        for since, guard in self.hip.get(header, ()):
            if since <= version:
                chosen = guard
        return chosen


@cache
def guard_table() -> GuardTable:
    cuda: dict[str, str] = {}
    hip: dict[str, list[tuple[Version, str]]] = {}
    for kind, macro, header, since, *_ in mapping_rows("header_guards.tsv"):
        if kind == "cuda":
            cuda[macro] = header
        else:
            hip.setdefault(header, []).append((parse_version(since), macro))
    for guards in hip.values():
        guards.sort()
    return GuardTable(cuda, hip)


def _tested_name(node: Node) -> Node | None:
    """The macro name an #ifdef/#ifndef/#elifdef or a `defined(X)` in an #if condition tests."""
    if node.type in ("preproc_ifdef", "preproc_elifdef"):
        return node.child_by_field_name("name")
    parent = node.parent
    while parent is not None and parent.type not in CONDITIONALS:
        parent = parent.parent
    if parent is None:
        return None
    return next((c for c in node.named_children if c.type == "identifier"), None)


def hip_guard(macro: str, version: Version, roc: bool) -> tuple[str, str | None, str | None] | None:
    """For a CUDA header's include guard: (that CUDA header, the HIP header convert writes for it,
    the guard that HIP header defines at `version`); None for any other macro."""
    table = guard_table()
    cuda_header = table.cuda.get(macro)
    if cuda_header is None:
        return None
    mapping = load_mappings().header(cuda_header)
    hip_header = mapping.target_at(version, roc) if mapping is not None else None
    return cuda_header, hip_header, table.guard(hip_header, version) if hip_header is not None else None


# HP701
@detector("preproc_ifdef", "preproc_elifdef", "preproc_defined", emits=("HP701",))
def cuda_header_guard(node: Node, ctx: LintContext) -> None:
    name = _tested_name(node)
    if name is None or not ctx.is_hip:
        return  # in CUDA code the guard is right; convert rewrites it with the code
    macro = node_text(name)
    version = ctx.settings.target_rocm
    found = hip_guard(macro, version, ctx.settings.roc)
    if found is None or macro in ctx.amd.file_macros:
        return
    cuda_header, hip_header, guard = found
    release = format_version(version)
    if guard is None:
        ctx.report(
            "HP701",
            name,
            f"`{macro}` is the include guard of CUDA's <{cuda_header}>, which a "
            f"port does not include, and no HIP/ROCm header at ROCm {release} defines a "
            "counterpart: the code it guards never compiles on AMD",
        )
        return
    fix = ctx.fix("HP701", f"Test `{guard}`", [Edit(name.start_byte, name.end_byte, guard.encode())])
    ctx.report(
        "HP701",
        name,
        f"`{macro}` is the include guard of CUDA's <{cuda_header}>, never defined "
        f"after the port: <{hip_header}> defines `{guard}` at ROCm {release}",
        fix,
    )
