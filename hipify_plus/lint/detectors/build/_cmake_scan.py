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


@dataclass
class _Arg:
    start: int  # inside the quotes of a quoted argument
    end: int
    text: str
    quoted: bool


@dataclass
class _Command:
    name: str  # lower case
    start: int
    name_end: int
    args: list[_Arg]


_CMAKE_IDENTIFIER = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
_CMAKE_BRACKET = re.compile(rb"\[(=*)\[")
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


def _scan_cmake(data: bytes) -> list[_Command]:
    commands: list[_Command] = []
    pos = 0
    while pos < len(data):
        if data[pos] == ord("#"):
            pos = _skip_cmake_comment(data, pos)
            continue
        name = _CMAKE_IDENTIFIER.match(data, pos)
        if not name:
            pos += 1
            continue
        paren = name.end()
        while paren < len(data) and data[paren] in b" \t":
            paren += 1
        if paren >= len(data) or data[paren] != ord("("):
            pos = name.end()
            continue
        args, pos = _cmake_args(data, paren + 1)
        commands.append(_Command(name.group().decode().lower(), name.start(), name.end(), args))
    return commands


def _skip_cmake_comment(data: bytes, pos: int) -> int:
    bracket = _CMAKE_BRACKET.match(data, pos + 1)
    if bracket:
        close = data.find(b"]" + bracket.group(1) + b"]", bracket.end())
        return len(data) if close == -1 else close + len(bracket.group(1)) + 2
    newline = data.find(b"\n", pos)
    return len(data) if newline == -1 else newline


def _cmake_args(data: bytes, pos: int) -> tuple[list[_Arg], int]:
    """The arguments of a command whose `(` ends before pos, and the position after its `)`."""
    args: list[_Arg] = []
    depth, size = 1, len(data)
    while pos < size:
        char = data[pos]
        if char in b" \t\r\n":
            pos += 1
        elif char == ord("#"):
            pos = _skip_cmake_comment(data, pos)
        elif char in b"()":
            depth += 1 if char == ord("(") else -1
            pos += 1
            if depth == 0:
                return args, pos
        elif char == ord('"'):
            close = pos + 1
            while close < size and data[close] != ord('"'):
                close += 2 if data[close] == 0x5C else 1
            text = data[pos + 1 : close].decode("utf-8", "replace")
            args.append(_Arg(pos + 1, close, text, True))
            pos = close + 1
        elif bracket := _CMAKE_BRACKET.match(data, pos):
            close = data.find(b"]" + bracket.group(1) + b"]", bracket.end())
            close = size if close == -1 else close
            text = data[bracket.end() : close].decode("utf-8", "replace")
            args.append(_Arg(bracket.end(), close, text, True))
            pos = close + len(bracket.group(1)) + 2
        else:
            start = pos
            while pos < size and data[pos] not in b" \t\r\n()":
                if data[pos] == ord('"'):  # legacy `a"b c"d`
                    close = data.find(b'"', pos + 1)
                    pos = size - 1 if close == -1 else close
                elif data[pos] == 0x5C:
                    pos += 1
                pos += 1
            args.append(_Arg(start, pos, data[start:pos].decode("utf-8", "replace"), False))
    return args, size


def _cmake_words(data: bytes, arg: _Arg, joiner: str | None) -> list[_Word]:
    """Flags of a CMake argument: split at blanks and `;`, keeping `${...}` and `$<...>` whole."""
    words: list[_Word] = []
    pos = arg.start
    while pos < arg.end:
        if data[pos] in b" \t\r\n;":
            pos += 1
            continue
        start, depth = pos, 0
        while pos < arg.end:
            if data[pos] == 0x5C:
                pos += 2
                continue
            if data[pos : pos + 2] in (b"${", b"$<"):
                depth += 1
                pos += 2
                continue
            if data[pos] in b"}>" and depth:
                depth -= 1
            elif depth == 0 and data[pos] in b" \t\r\n;":
                break
            pos += 1
        pos = min(pos, arg.end)
        text = data[start:pos].decode("utf-8", "surrogateescape").replace("\\;", ";")
        words.append(_Word(start, pos, text, joiner=joiner))
    return words


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
    commands: list[_Command]
    cuda_language: bool  # project/enable_language(CUDA), find_package(CUDA/CUDAToolkit)
    hip_language: bool
    cxx_is_hipcc: bool  # set(CMAKE_CXX_COMPILER .../hipcc)
    regions: list[_Branch]

    @property
    def cxx_reach(self) -> frozenset[str]:
        return frozenset({HIP}) if self.cxx_is_hipcc else NONE


def _read_cmake(data: bytes) -> _CMakeFile:
    commands = _scan_cmake(data)
    cuda = hip = hipcc = False
    conditionals: list[_Conditional] = []
    open_conditionals: list[_Conditional] = []
    for command in commands:
        values = [a.text for a in command.args]
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
