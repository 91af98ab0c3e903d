"""CMake files read as text (never run): commands, their arguments and generator expressions."""

from __future__ import annotations

import re
from dataclasses import dataclass

from hipify_plus.lint.detectors.build._makefile import _HIPCC_NAMES
from hipify_plus.lint.detectors.build._model import (
    _FALSE_WORDS,
    HIP,
    NONE,
    _Branch,
    _Conditional,
    _guarded_regions,
    _other,
    _subject,
    _Word,
)
from hipify_plus.parse.cmake import Arg, Command, scan_commands, split_items

_CMAKE_FLAG_VARIABLE = re.compile(
    r"(CMAKE_(CUDA|HIP|CXX)_FLAGS|CUDA_NVCC_FLAGS|HIP_HIPCC_FLAGS|HIP_CLANG_FLAGS)(_[A-Z]+)?"
)
_CMAKE_STRING_FLAGS = re.compile(r"CMAKE_[A-Z]+_FLAGS(_[A-Z]+)?")  # strings, not lists
_CMAKE_SET_KEYWORDS = frozenset({"CACHE", "PARENT_SCOPE", "FORCE"})
_CMAKE_REFERENCE = re.compile(r"\$\{([A-Za-z0-9_]+)\}")
_GENEX_LANGUAGE = re.compile(r"(?:COMPILE|LINK)_LANG(?:UAGE|_AND_ID):([A-Za-z+,]+)")
_OPTION_KEYWORDS = frozenset({"PRIVATE", "PUBLIC", "INTERFACE", "BEFORE"})
_FINDCUDA_COMPILES = frozenset({"cuda_add_executable", "cuda_add_library", "cuda_compile", "cuda_compile_ptx"})
_FINDHIP_OPTIONS = frozenset({"HIPCC_OPTIONS", "CLANG_OPTIONS", "HCC_OPTIONS", "NVCC_OPTIONS"})


def _cmake_words(data: bytes, arg: Arg, joiner: str | None) -> list[_Word]:
    """Flags of a CMake argument: split at blanks and `;`, keeping `${...}` and `$<...>` whole."""
    return [
        _Word(start, end, data[start:end].decode("utf-8", "surrogateescape").replace("\\;", ";"), joiner=joiner)
        for start, end in split_items(data, arg.value_start, arg.value_end)
    ]


def _genex_span(data: bytes, pos: int, end: int) -> tuple[int, int]:
    """For the generator expression starting at pos (`$<`): the `:` between its condition and
    its content (-1 if none) and the index of its closing `>` (`end` if unclosed), in one scan."""
    depth, colon = 0, -1
    while pos < end:
        if data[pos : pos + 2] == b"$<":
            depth += 1
            pos += 2
            continue
        if data[pos] == ord(">"):
            depth -= 1
            if depth == 0:
                return colon, pos
        elif data[pos] == ord(":") and depth == 1 and colon == -1:
            colon = pos
        pos += 1
    return colon, end


@dataclass
class _CMakeFile:
    commands: list[Command]
    cuda_language: bool  # project/enable_language(CUDA), find_package(CUDA/CUDAToolkit)
    hip_language: bool
    cxx_is_hipcc: bool  # set(CMAKE_CXX_COMPILER .../hipcc)
    regions: list[_Branch]

    @property
    def cxx_reach(self) -> frozenset[str]:
        return frozenset({HIP}) if self.cxx_is_hipcc else NONE


def _read_cmake(data: bytes) -> _CMakeFile:
    commands = scan_commands(data)
    cuda = hip = hipcc = False
    conditionals: list[_Conditional] = []
    open_conditionals: list[_Conditional] = []
    for command in commands:
        values = command.values()
        upper = [v.upper() for v in values]
        if command.name in ("project", "enable_language"):
            languages = upper[1:] if command.name == "project" else upper
            cuda |= "CUDA" in languages
            hip |= "HIP" in languages
        elif command.name == "find_package" and upper[:1] in (["CUDA"], ["CUDATOOLKIT"]):
            cuda = True
        elif command.name == "set" and values[:1] == ["CMAKE_CXX_COMPILER"] and len(values) > 1:
            hipcc |= values[1].strip().rsplit("/", 1)[-1] in _HIPCC_NAMES
        elif command.name == "if":
            open_conditionals.append(_Conditional(command.start))
            open_conditionals[-1].open_branch(_cmake_condition(values), command.start)
        elif command.name in ("elseif", "else") and open_conditionals:
            platform = _cmake_condition(values) if command.name == "elseif" else None
            open_conditionals[-1].open_branch(platform, command.start, command.name == "else")
        elif command.name == "endif" and open_conditionals:
            closed = open_conditionals.pop()
            closed.branches[-1].end = closed.end = command.start
            conditionals.append(closed)
    return _CMakeFile(commands, cuda, hip, hipcc, _guarded_regions(data, conditionals))


def _cmake_condition(words: list[str]) -> str | None:
    found = _subject(words)
    if found is None:
        return None
    index, platform = found
    negated = index > 0 and words[index - 1].upper() == "NOT"
    following = [w.lower() for w in words[index + 1 : index + 3]]
    compared = len(following) == 2 and following[0] in ("strequal", "equal")
    if compared and following[1] in _FALSE_WORDS:
        negated = not negated
    return _other(platform) if negated else platform
