"""One analysis per build file: the flag lines of its kind, each flag given to the rule that owns
it, and the reporting the HP4xx rule modules share."""

from __future__ import annotations

import re

from hipify_plus.buildsys.flags import flag_table
from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._cmake import _cmake_lines
from hipify_plus.lint.detectors.build._cmake_constructs import _cmake_constructs
from hipify_plus.lint.detectors.build._cmake_scan import _read_cmake
from hipify_plus.lint.detectors.build._makefile_reach import _make_lines
from hipify_plus.lint.detectors.build._model import (
    _Analysis,
    _applicability,
    _Construct,
    _Flag,
    _Line,
    _removal,
    _replacement,
)
from hipify_plus.lint.detectors.build._setup_py import _setup_lines


def _flags_by_rule() -> dict[str, tuple[str, ...]]:
    grouped: dict[str, list[str]] = {}
    for row in flag_table().values():
        if row.rule:
            grouped.setdefault(row.rule, []).append(row.flag)
    return {rule: tuple(names) for rule, names in sorted(grouped.items())}


def _with_trait(trait: str) -> frozenset[str]:
    return frozenset(row.flag for row in flag_table().values() if trait in row.traits)


_FLAG_RULES = _flags_by_rule()  # rule id -> flag spellings
_RULE_OF_FLAG = {name: rule for rule, names in _FLAG_RULES.items() for name in names}
_TAKES_VALUE = frozenset(name for name in _RULE_OF_FLAG if flag_table()[name].takes_value)
_PASS_THROUGH = _with_trait("pass-through")  # their value may start with `-`
_NV_ONLY_ARCH = _with_trait("nvidia-targets")
_AMD_ARCH_FLAGS = _with_trait("amd-targets")
_NV_ARCH_VALUE = re.compile(r"(sm|compute|lto)_\d+[a-z]?|native|all|all-major")
_RDNA = re.compile(r"gfx1\d{3}")


def _split_flag(text: str) -> tuple[str, str | None]:
    if text.startswith("-") and "=" in text:
        name, value = text.split("=", 1)
        return name, value
    return text, None


def _classify(line: _Line, arches: tuple[str, ...]) -> list[_Flag]:
    flags: list[_Flag] = []
    words = line.words
    index = 0
    while index < len(words):
        name, value = _split_flag(words[index].text)
        rule = _RULE_OF_FLAG.get(name)
        span = words[index : index + 1]
        if rule and value is None and name in _TAKES_VALUE and index + 1 < len(words):
            following = words[index + 1].text
            if name in _PASS_THROUGH or not following.startswith("-"):
                value = following
                span = words[index : index + 2]
        if rule and _counts(rule, name, value, line, arches):
            flags.append(_Flag(rule, span, name, value, line))
            index += len(span)
        else:
            index += 1
    return flags


def _counts(rule: str, name: str, value: str | None, line: _Line, arches: tuple[str, ...]) -> bool:
    """Whether a flag spelling is the hazard on this line."""
    if rule == "HP403" and name not in _NV_ONLY_ARCH:
        if name in _AMD_ARCH_FLAGS or line.ambiguous:  # `-arch x86_64` may be for the host compiler
            return value is not None and bool(_NV_ARCH_VALUE.fullmatch(value))
        return value is None or not value.startswith("gfx")
    if rule == "HP406":
        return not line.ambiguous  # `-G` means something else to other compilers
    if rule == "HP410":
        on_line = [_split_flag(w.text) for w in line.words]
        targets = [*arches, *(v or "" for n, v in on_line if n in _AMD_ARCH_FLAGS)]
        return any(_RDNA.match(t) for t in targets)
    if rule == "HP411":
        return value is not None and value.isdigit() and int(value) < 1024
    return True


def _names_amd_target(line: _Line) -> bool:
    for word in line.words:
        name, value = _split_flag(word.text)
        if name in _AMD_ARCH_FLAGS and value and not _NV_ARCH_VALUE.fullmatch(value):
            return True
    return False


def _analyse(ctx: BuildContext) -> _Analysis:
    data, arches = ctx.data, ctx.settings.arches
    constructs: list[_Construct] = []
    lines: list[_Line] = []
    if ctx.kind == "make":
        lines = _make_lines(data)
    elif ctx.kind == "cmake":
        cmake = _read_cmake(data)
        lines = _cmake_lines(data, cmake)
        constructs = _cmake_constructs(data, cmake, arches)
    elif ctx.kind == "setup":
        lines = _setup_lines(data)
    unique: dict[tuple[int, str], _Flag] = {}
    found = [f for line in lines for f in _classify(line, arches)]
    for flag in sorted(found, key=lambda f: f.words[0].start):
        unique.setdefault((flag.words[0].start, flag.rule), flag)  # a word seen from two lines
    flags = list(unique.values())
    with_amd_target = {line.group for line in lines if _names_amd_target(line)}
    replaced: set[str] = set()
    for flag in flags:  # a line's first NVIDIA arch flag becomes its AMD targets; the rest go
        if flag.rule == "HP403" and flag.line.group not in with_amd_target:
            first = flag.line.group not in replaced
            flag.replacement = [f"--offload-arch={a}" for a in arches] if first else []
            replaced.add(flag.line.group)
    return _Analysis(flags, constructs)


_LAST: list[tuple[BuildContext, _Analysis]] = []  # every HP4xx detector reads one file's analysis


def _analysis(ctx: BuildContext) -> _Analysis:
    if not _LAST or _LAST[0][0] is not ctx:
        _LAST[:] = [(ctx, _analyse(ctx))]
    return _LAST[0][1]


def _flags(ctx: BuildContext, rule: str) -> list[_Flag]:
    return [f for f in _analysis(ctx).flags if f.rule == rule]


def _shown(flag: _Flag) -> str:
    return " ".join(w.text for w in flag.words)


def _report_flag(
    ctx: BuildContext, flag: _Flag, message: str, title: str, flags: list[str] | None, applicability: str | None = None
) -> None:
    """Report a flag with a fix replacing it by `flags` (None: no fix; []: delete it)."""
    fix = None
    possible = all(w.editable for w in flag.words) and (flags or flag.line.removable)
    if flags is not None and possible:
        edit = _replacement(flag.words, flags) if flags else _removal(ctx.data, flag.words)
        if edit is not None:
            fix = ctx.fix(flag.rule, title, [edit], applicability or _applicability(flag.line))
    ctx.report(flag.rule, (flag.words[0].start, flag.words[-1].end), message, fix)


def _report_construct(ctx: BuildContext, construct: _Construct) -> None:
    fix = None
    if construct.edits:
        applicability = None if construct.safe else "unsafe"
        fix = ctx.fix(construct.rule, construct.title, construct.edits, applicability)
    ctx.report(construct.rule, construct.span, construct.message, fix)


_RESOURCE_REPORT = "-Rpass-analysis=kernel-resource-usage"
