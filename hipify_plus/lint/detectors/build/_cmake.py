"""CMake flag variables and option commands, and the compilers each of them reaches."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from hipify_plus.lint.detectors.build._cmake_scan import (
    _CMAKE_FLAG_VARIABLE,
    _CMAKE_REFERENCE,
    _CMAKE_SET_KEYWORDS,
    _CMAKE_STRING_FLAGS,
    _FINDCUDA_COMPILES,
    _FINDHIP_OPTIONS,
    _GENEX_LANGUAGE,
    _OPTION_KEYWORDS,
    _cmake_words,
    _CMakeFile,
    _genex_span,
)
from hipify_plus.lint.detectors.build._model import GPU, HIP, HOST, NONE, NVCC, _in_region, _Line, _region_at, _Word
from hipify_plus.parse.cmake import Arg, Command


def _cmake_assignment(command: Command) -> tuple[str, list[Arg]] | None:
    """(variable, value arguments) of set, list(APPEND|PREPEND|INSERT), string(APPEND|PREPEND)."""
    args = command.args
    if command.name == "set" and args:
        values = []
        for arg in args[1:]:
            if not arg.quoted and arg.value in _CMAKE_SET_KEYWORDS:
                break
            values.append(arg)
        return args[0].value, values
    operation = args[0].value.upper() if args else ""
    if command.name in ("list", "string") and len(args) >= 2 and operation in ("APPEND", "PREPEND"):
        return args[1].value, args[2:]
    if command.name == "list" and len(args) >= 3 and operation == "INSERT":
        return args[1].value, args[3:]
    return None


def _named_flags_reach(name: str, cmake: _CMakeFile) -> frozenset[str]:
    match = _CMAKE_FLAG_VARIABLE.fullmatch(name)
    if not match:
        return NONE
    if match.group(2) == "CXX":
        return cmake.cxx_reach
    hip = match.group(2) == "HIP" or name.startswith("HIP_")
    return frozenset({HIP}) if hip else frozenset({NVCC})


def _cmake_lines(data: bytes, cmake: _CMakeFile) -> list[_Line]:
    lines: list[_Line] = []
    assignments: dict[str, list[tuple[Command, list[Arg]]]] = {}
    for command in cmake.commands:
        found = _cmake_assignment(command)
        if found:
            assignments.setdefault(found[0], []).append((command, found[1]))
        lines.extend(_option_command_lines(data, command, cmake))
    reach_of = {name: _named_flags_reach(name, cmake) for name in assignments}
    values = {name: " ".join(a.value for _, args in found for a in args) for name, found in assignments.items()}
    for _ in range(4):  # a variable used in a flag context reaches what that context reaches
        sources = [(" ".join(w.text for w in line.words), line.reach) for line in lines]
        sources += [(values[name], reach) for name, reach in reach_of.items() if reach]
        grew = False
        for text, reach in sources:
            for match in _CMAKE_REFERENCE.finditer(text):
                name = match.group(1)
                named = _CMAKE_FLAG_VARIABLE.fullmatch(name)
                if name not in reach_of or named or reach <= reach_of[name]:
                    continue
                reach_of[name] |= reach
                grew = True
        if not grew:
            break
    for name, definitions in assignments.items():
        if name.startswith("HIP_NVCC_FLAGS"):
            continue  # FindHIP gives these to nvcc on the NVIDIA platform only: correct there
        string = bool(_CMAKE_STRING_FLAGS.fullmatch(name))
        for _command, args in definitions:
            words = []
            for arg in args:  # a string variable takes blanks between flags, a list `;`
                joiner = (" " if string else ";") if arg.quoted else (None if string else ";")
                words.extend(_cmake_words(data, arg, joiner))
            if words:
                lines.append(_Line(words, reach_of[name], f"var:{name}"))
    placed = []
    for line in lines:
        reach = _in_region(line.reach, _region_at(cmake.regions, line.words[0].start))
        if reach & GPU:
            placed.append(_Line(line.words, reach, line.group, line.ambiguous, line.removable))
    return placed


def _option_command_lines(data: bytes, command: Command, cmake: _CMakeFile) -> list[_Line]:
    group = f"cmd:{command.start}"
    if command.name in ("target_compile_options", "add_compile_options"):
        items = command.args[1:] if command.name == "target_compile_options" else command.args
        # Options with no language condition reach every compiler of the target.
        languages = {NVCC} if cmake.cuda_language else set()
        languages |= {HIP} if cmake.hip_language else set()
        outer = cmake.cxx_reach or frozenset(languages | ({HOST} if languages else set()))
        ambiguous = not cmake.cxx_is_hipcc
        return _option_lines(data, items, outer, cmake.cxx_reach, group, ambiguous)
    if command.name in _FINDCUDA_COMPILES:
        options = _after_keyword(command.args, {"OPTIONS"}, {"OPTIONS"})
        return _option_lines(data, options, frozenset({NVCC}), cmake.cxx_reach, group, False)
    if command.name in ("hip_add_executable", "hip_add_library"):
        wanted = _FINDHIP_OPTIONS - {"NVCC_OPTIONS"}
        options = _after_keyword(command.args, wanted, _FINDHIP_OPTIONS)
        return _option_lines(data, options, frozenset({HIP}), cmake.cxx_reach, group, False)
    return []


def _after_keyword(args: list[Arg], wanted: AbstractSet[str], keywords: AbstractSet[str]) -> list[Arg]:
    taken, active = [], False
    for arg in args:
        if not arg.quoted and arg.value in keywords:
            active = arg.value in wanted
        elif active:
            taken.append(arg)
    return taken


def _option_lines(
    data: bytes, args: list[Arg], outer: frozenset[str], cxx: frozenset[str], group: str, ambiguous: bool
) -> list[_Line]:
    """Lines of `target_compile_options`-style items: words outside generator expressions reach
    `outer`; `$<$<COMPILE_LANGUAGE:CUDA>:...>` contents reach nvcc, `...:HIP>` hipcc. The items
    are read as one text, since an unquoted generator expression with a blank in it spans two
    CMake arguments."""
    if not args:
        return []
    lines: list[_Line] = []
    quoted = [(a.value_start, a.value_end) for a in args if a.quoted]

    def in_quotes(pos: int) -> bool:
        return any(start <= pos < end for start, end in quoted)

    def walk(start: int, end: int, reach: frozenset[str], in_genex: bool) -> list[_Word]:
        words: list[_Word] = []
        pos = start
        while pos < end:
            if data[pos] in b' \t\r\n;"':
                pos += 1
                continue
            if data[pos] == ord("#") and not in_quotes(pos):
                newline = data.find(b"\n", pos, end)
                pos = end if newline == -1 else newline
                continue
            if data[pos : pos + 2] == b"$<":
                colon, close = _genex_span(data, pos, end)
                if colon != -1:
                    condition = data[pos + 2 : colon].decode("utf-8", "replace")
                    inner = _genex_reach(condition, reach, cxx)
                    found = walk(colon + 1, close, inner, True)
                    if found and inner & GPU:
                        explicit = bool(_GENEX_LANGUAGE.search(condition))
                        lines.append(_Line(found, inner, group, ambiguous and not explicit))
                    pos = close + 1
                    continue
            word_end, depth = pos, 0
            while word_end < end:
                if data[word_end : word_end + 2] in (b"$<", b"${"):
                    depth += 1
                    word_end += 2
                    continue
                char = data[word_end]
                if char in b">}" and depth:
                    depth -= 1
                elif depth == 0 and (char in b' \t\r\n;"' or (in_genex and char == ord(">"))):
                    break
                word_end += 1
            text = data[pos:word_end].decode("utf-8", "surrogateescape")
            shell = 6 if text.startswith("SHELL:") else 0  # `SHELL:-Xptxas -v`: words kept together
            flag = text[shell:].replace("\\;", ";")
            if flag and text not in _OPTION_KEYWORDS:
                joiner = ";" if in_quotes(pos) else (None if in_genex else ";")
                words.append(_Word(pos + shell, word_end, flag, joiner=joiner))
            pos = max(word_end, pos + 1)
        return words

    loose = walk(args[0].value_start, args[-1].value_end, outer, False)
    if loose and outer & GPU:
        lines.append(_Line(loose, outer, group, ambiguous=ambiguous))
    return lines


def _genex_reach(condition: str, outer: frozenset[str], cxx: frozenset[str]) -> frozenset[str]:
    """Compilers that see the content of `$<condition:...>`."""
    languages = {n for found in _GENEX_LANGUAGE.findall(condition) for n in found.split(",")}
    if not languages:
        return outer  # `$<CONFIG:Debug>` and the like: whoever sees the expression
    if "NOT:" in condition:
        return cxx
    reach = {NVCC} if "CUDA" in languages else set()
    reach |= {HIP} if "HIP" in languages else set()
    reach |= cxx if languages & {"CXX", "C"} else set()
    return frozenset(reach)
