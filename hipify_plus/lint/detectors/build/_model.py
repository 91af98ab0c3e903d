"""Words, flag lines and constructs of build files, the edits that remove or replace them, and
which platform branch of a dual-platform build a position sits in."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hipify_plus.edits import Edit

# Who receives a flag: nvcc, hipcc (or clang for HIP), or a host-only compiler.
NVCC, HIP, HOST = "nvcc", "hip", "host"
GPU = frozenset({NVCC, HIP})
NONE: frozenset[str] = frozenset()

# -- words and flag lines -------------------------------------------------------------------


@dataclass(frozen=True)
class _Word:
    start: int
    end: int
    text: str  # what the compiler receives (quotes and escapes removed)
    item: bool = False  # a whole Python list element: removed with its comma
    quote: str = "'"  # the quote of a Python list element
    joiner: str | None = " "  # how to write several flags in its place (None: not possible)
    editable: bool = True


@dataclass
class _Line:
    words: list[_Word]
    reach: frozenset[str]  # NVCC / HIP / HOST: which compilers receive these words
    group: str  # words that end up on one command line (for the arch replacement)
    ambiguous: bool = False  # may be meant for the host compiler: only nvcc-only spellings count
    removable: bool = True  # False for `flags.append('-G')`: deleting would leave `append()`


@dataclass
class _Flag:
    rule: str
    words: list[_Word]  # the flag and its separate value, if any
    name: str
    value: str | None
    line: _Line
    # HP403 only: the flags taking its place ([] when another flag of the line carries the
    # AMD targets, None when the line already names an AMD target)
    replacement: list[str] | None = None


@dataclass
class _Construct:
    """A CMake construct (HP403 architectures, HP413 CUDA language) and its rename, if any."""

    rule: str
    span: tuple[int, int]
    message: str
    title: str = ""
    edits: list[Edit] = field(default_factory=list)
    safe: bool = False


@dataclass
class _Analysis:
    flags: list[_Flag]
    constructs: list[_Construct]


def _applicability(line: _Line) -> str | None:
    """Safe only where the words reach hipcc alone: a line that nvcc (or a host compiler) still
    reads keeps its meaning there only if left alone."""
    return None if line.reach == {HIP} and not line.ambiguous else "unsafe"


# -- edits ----------------------------------------------------------------------------------

_LEFT_STOP = b"\"'(=:<[,\n"
_RIGHT_STOP = b"\"')>],#\n"


def _separators_before(data: bytes, pos: int) -> int:
    """Start of the blanks, `;` and make backslash-newlines that end at pos."""
    while pos > 0:
        if data[pos - 1] in b" \t;":
            pos -= 1
        elif data[pos - 1] == 0x0A and pos >= 2 and data[pos - 2] == 0x5C:
            pos -= 2
        else:
            break
    return pos


def _separators_after(data: bytes, pos: int) -> int:
    while pos < len(data):
        if data[pos] in b" \t;":
            pos += 1
        elif data[pos] == 0x5C and data[pos + 1 : pos + 2] == b"\n":
            pos += 2
        else:
            break
    return pos


def _widen_to_blank_line(data: bytes, start: int, end: int) -> tuple[int, int]:
    """Take the whole line when the deletion would leave only blanks on it."""
    line_start = data.rfind(b"\n", 0, start) + 1
    line_end = data.find(b"\n", end)
    line_end = len(data) if line_end == -1 else line_end
    if data[line_start:start].strip() or data[end:line_end].strip():
        return start, end
    if line_start >= 2 and data[line_start - 2] == 0x5C:  # keep a make continuation joined
        return start, end
    return line_start, min(line_end + 1, len(data))


def _removal(data: bytes, words: list[_Word]) -> Edit:
    """Delete words with one neighbouring separator, so the rest stays one blank apart."""
    start, end = words[0].start, words[-1].end
    if words[0].item:
        return _item_removal(data, start, end)
    left, right = _separators_before(data, start), _separators_after(data, end)
    if left < start and left > 0 and data[left - 1] not in _LEFT_STOP:
        return Edit(left, end)
    if right > end and right < len(data) and data[right] not in _RIGHT_STOP:
        return Edit(start, right)
    if right < len(data) and data[right] == ord("#") and left < start:
        left += 1  # keep a blank before a trailing comment
    return Edit(*_widen_to_blank_line(data, left, right))


def _item_removal(data: bytes, start: int, end: int) -> Edit:
    """Delete Python list elements with their following comma (or the preceding one)."""
    after = end
    while after < len(data) and data[after] in b" \t":
        after += 1
    if after < len(data) and data[after] == ord(","):
        after += 1
        while after < len(data) and data[after] in b" \t":
            after += 1
        return Edit(*_widen_to_blank_line(data, start, after))
    before = start
    while before > 0 and data[before - 1] in b" \t":
        before -= 1
    if before > 0 and data[before - 1] == ord(","):
        return Edit(before - 1, end)
    return Edit(*_widen_to_blank_line(data, start, end))


def _replacement(words: list[_Word], flags: list[str]) -> Edit | None:
    start, end = words[0].start, words[-1].end
    if words[0].item:
        quote = words[0].quote
        return Edit(start, end, ", ".join(f"{quote}{f}{quote}" for f in flags).encode())
    joiner = words[0].joiner
    if len(flags) > 1 and joiner is None:
        return None
    return Edit(start, end, (joiner or " ").join(flags).encode())


# -- platform guards: `ifeq ($(HIP),1)`, `if(USE_ROCM)`, `if torch.version.hip:` ---------------

_NV_WORD = re.compile(r"nvidia|nvcc|(?<![a-z])cuda", re.IGNORECASE)
_AMD_WORD = re.compile(r"(?<![a-z])hip|rocm|(?<![a-z0-9])amd(?![a-z0-9])|gfx\d", re.IGNORECASE)
_FALSE_WORDS = frozenset({"", "0", "false", "no", "off", "n", "none", "notfound"})


@dataclass
class _Branch:
    platform: str | None  # "nvidia" / "amd": the branch runs for that platform only
    start: int
    end: int
    bare_else: bool = False


@dataclass
class _Conditional:
    start: int
    end: int = 0
    branches: list[_Branch] = field(default_factory=list)

    def open_branch(self, platform: str | None, start: int, bare_else: bool = False) -> None:
        if self.branches:
            self.branches[-1].end = start
        self.branches.append(_Branch(platform, start, start, bare_else))


def _other(platform: str | None) -> str | None:
    return {"nvidia": "amd", "amd": "nvidia"}.get(platform or "")


def _subject(words: list[str]) -> tuple[int, str] | None:
    """The first word of a condition that names a platform, and the platform."""
    for pattern, platform in ((_NV_WORD, "nvidia"), (_AMD_WORD, "amd")):
        for index, word in enumerate(words):
            if pattern.search(word):
                return index, platform
    return None


def _guarded_regions(data: bytes, conditionals: list[_Conditional]) -> list[_Branch]:
    """Branches that run for one platform only. A conditional counts when it mentions AMD
    somewhere (a dual-platform build file): `ifdef CUDA_HOME` in a CUDA-only Makefile does not."""
    regions: list[_Branch] = []
    for conditional in conditionals:
        text = data[conditional.start : conditional.end].decode("utf-8", "replace")
        if not _AMD_WORD.search(text):
            continue
        decided = {b.platform for b in conditional.branches if not b.bare_else and b.platform}
        for branch in conditional.branches:
            if branch.bare_else and len(decided) == 1:
                branch.platform = _other(next(iter(decided)))
            if branch.platform is not None:
                regions.append(branch)
    return regions


def _region_at(regions: list[_Branch], pos: int) -> str | None:
    """The platform of the innermost guarded branch containing pos."""
    best: _Branch | None = None
    for region in regions:
        if region.start <= pos < region.end and (best is None or region.start >= best.start):
            best = region
    return best.platform if best is not None else None


def _in_region(reach: frozenset[str], region: str | None) -> frozenset[str]:
    if region == "nvidia":
        return NONE  # the NVIDIA branch of a dual-platform build is correct as written
    if region == "amd" and NVCC in reach:
        return (reach - {NVCC}) | {HIP}  # e.g. `NVCC := hipcc` set in the AMD branch
    return reach


# -- Makefiles ------------------------------------------------------------------------------
