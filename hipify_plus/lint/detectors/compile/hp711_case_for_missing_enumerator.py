"""HP711: a `case` label naming a CUDA enumerator that HIP has no counterpart for. Renaming leaves
the CUDA name (HIPIFY lists it as unsupported or removed), which hip-clang rejects as undeclared;
cuda-samples' `helper_cuda.h` does this in its error-string switches (`CUFFT_MISSING_DEPENDENCY`,
`CUFFT_LICENSE_ERROR`). The same holds for a status HIP added after the target release
(`hipErrorInvalidTexture`, ROCm 6.4, in a file converted for 5.7). The HIP function never returns
a value it does not define, so the label can never be the one a switch jumps to. The fix deletes
the label (`case X:`) and keeps what follows it: statements after a removed label are reached
exactly as before by falling through from the case above, and only the removed value jumped to
it."""

from __future__ import annotations

from functools import lru_cache

from hipify_plus.cuda.syntax import node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.versions import format_version

_GONE = ("unsupported", "removed")
# the status enums error-string switches go through: CUDA spellings, for the reverse index below
_STATUS_PREFIXES = (
    "cudaError",
    "CUDA_ERROR_",
    "CUFFT_",
    "CUBLAS_STATUS_",
    "CUSPARSE_STATUS_",
    "CURAND_STATUS_",
    "CUSOLVER_STATUS_",
    "CUDNN_STATUS_",
)


@lru_cache(maxsize=1024)
def _missing_enumerator(name: str) -> str | None:
    """The CUDA library of an enumerator HIP lacks, else None."""
    from hipify_plus.mappings import load_mappings  # loaded only when a CUDA-looking label is seen

    mapping = load_mappings().get(name)
    # a case label's value is a constant whatever kind the tables give it (they list cudaError_t's
    # values as types)
    if mapping is None or mapping.kind == "function" or mapping.status not in _GONE:
        return None
    if mapping.hip or mapping.roc or mapping.fallback:
        return None
    return mapping.library


def _label_span(case: Node, ctx: LintContext) -> tuple[int, int] | None:
    """`case X:` with the blanks after it; with the whole line when nothing else is on it."""
    colon = next((c for c in case.children if c.type == ":"), None)
    if colon is None:
        return None
    start, end = case.start_byte, colon.end_byte
    data = ctx.data
    line_start = data.rfind(b"\n", 0, start) + 1
    line_end = data.find(b"\n", end)
    line_end = len(data) if line_end < 0 else line_end
    if not data[line_start:start].strip() and not data[end:line_end].strip():
        return line_start, min(line_end + 1, len(data))  # the label is alone on its line
    while end < len(data) and data[end : end + 1] in (b" ", b"\t"):
        end += 1
    return start, end


@lru_cache(maxsize=1)
def _status_added() -> dict[str, tuple[tuple[int, int, int], str]]:
    """HIP/ROC status names -> (the release that added them, their mapping library), for the
    statuses of _STATUS_PREFIXES."""
    from hipify_plus.mappings import load_mappings

    table = load_mappings()
    added: dict[str, tuple[tuple[int, int, int], str]] = {}
    for name in table.names():
        if not name.startswith(_STATUS_PREFIXES):
            continue
        mapping = table.get(name)
        if mapping is None:
            continue
        for spelling, release in ((mapping.hip, mapping.hip_added), (mapping.roc, mapping.roc_added)):
            if spelling and release is not None:
                added[spelling] = (release, mapping.library)
    return added


def _newer_status(name: str, ctx: LintContext) -> tuple[tuple[int, int, int], tuple[int, int, int]] | None:
    """(the release that added a HIP status name, the release it is built against) when that
    release (the target's, or the installed library's) does not have it yet."""
    if not name.lower().startswith(("hip", "roc", "miopen")):
        return None
    found = _status_added().get(name)
    if found is None:
        return None
    release, library = found
    against = ctx.settings.release_for(library)
    return (release, against) if release > against else None


# HP711
@detector("case_statement", emits=("HP711",))
def case_for_missing_enumerator(node: Node, ctx: LintContext) -> None:
    value = node.child_by_field_name("value")
    if value is None or value.type != "identifier" or not ctx.is_hip:
        return
    name = node_text(value)
    if name.lower().startswith("cu"):
        library = _missing_enumerator(name)
        why = f"`{name}` ({library}) has no HIP counterpart, so no HIP call returns it"
        if library is None:
            return
    else:
        newer = _newer_status(name, ctx)
        if newer is None:
            return
        release, against = newer
        built = (
            f"ROCm {format_version(against)}"
            if against == ctx.settings.target_rocm
            else f"the installed library (ROCm {format_version(against)}'s)"
        )
        why = (
            f"`{name}` arrived in ROCm {format_version(release)}: {built} does not declare it, "
            "so none of its calls returns it"
        )
    span = _label_span(node, ctx)
    if span is None:
        return
    ctx.report(
        "HP711",
        value,
        f"{why}: this case label can never be taken and does not compile; the fix deletes the label",
        ctx.fix("HP711", f"Delete `case {name}:`", [Edit(span[0], span[1], b"")]),
    )
