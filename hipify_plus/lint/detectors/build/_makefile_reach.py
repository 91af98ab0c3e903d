"""Makefile variables and commands: the compilers each command or flags variable hands its words
to, and the flag lines they make."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from hipify_plus.lint.detectors.build._makefile import (
    _ENV_ASSIGNMENT,
    _HIPCC_NAMES,
    _HOST_DEFAULTS,
    _HOST_NAMES,
    _HOST_WRAPPERS,
    _MAKE_ASSIGN,
    _MAKE_CONDITIONAL,
    _MAKE_TARGET_ASSIGN,
    _NOT_COMMANDS,
    _REFERENCE,
    _WHOLE_REFERENCE,
)
from hipify_plus.lint.detectors.build._model import (
    _FALSE_WORDS,
    GPU,
    HIP,
    HOST,
    NONE,
    NVCC,
    _Branch,
    _Conditional,
    _guarded_regions,
    _in_region,
    _Line,
    _other,
    _region_at,
    _subject,
    _Word,
)
from hipify_plus.lint.detectors.build._shell import _shell_words
from hipify_plus.parse.makefile import comment_start, logical_lines


@dataclass
class _MakeDefinition:
    name: str
    operator: str
    words: list[_Word]
    start: int


@dataclass
class _Makefile:
    definitions: dict[str, list[_MakeDefinition]] = field(default_factory=dict)
    commands: list[list[_Word]] = field(default_factory=list)  # recipe commands
    regions: list[_Branch] = field(default_factory=list)


def _scan_makefile(data: bytes) -> _Makefile:
    makefile = _Makefile()
    conditionals: list[_Conditional] = []
    open_conditionals: list[_Conditional] = []
    in_rule = in_define = False
    for start, end in logical_lines(data):
        line = data[start:end]
        stripped = line.strip()
        if in_define:
            in_define = not stripped.startswith(b"endef")
            continue
        if line.startswith(b"\t") and in_rule:
            body = start + 1
            while body < end and data[body] in b"@-+ \t":
                body += 1
            makefile.commands.extend(_shell_words(data, body, end, split=True))
            continue
        if not stripped or stripped.startswith(b"#"):
            continue
        conditional = _MAKE_CONDITIONAL.match(line)
        if conditional:
            keyword, rest = conditional.group(1).decode(), conditional.group(2)
            if keyword.startswith("if"):
                open_conditionals.append(_Conditional(start))
                open_conditionals[-1].open_branch(_make_condition(keyword, rest), end + 1)
            elif keyword == "else" and open_conditionals:
                nested = _MAKE_CONDITIONAL.match(rest)  # `else ifeq (...)`
                platform = None
                if nested:
                    platform = _make_condition(nested.group(1).decode(), nested.group(2))
                open_conditionals[-1].open_branch(platform, end + 1, bare_else=nested is None)
            elif keyword == "endif" and open_conditionals:
                closed = open_conditionals.pop()
                closed.branches[-1].end, closed.end = start, end
                conditionals.append(closed)
            continue
        if stripped.startswith(b"define "):
            in_define = True
            continue
        comment = comment_start(data, start, end)
        plain = _MAKE_ASSIGN.match(data, start, comment)
        assign = plain or _MAKE_TARGET_ASSIGN.match(data, start, comment)
        if assign:
            name, operator = assign.group(1).decode(), assign.group(2).decode()
            words = [w for c in _shell_words(data, assign.end(), comment, split=False) for w in c]
            definition = _MakeDefinition(name, operator, words, start)
            makefile.definitions.setdefault(name, []).append(definition)
            in_rule = in_rule and not plain
        elif b":" in data[start:comment]:
            in_rule = True
    makefile.regions = _guarded_regions(data, conditionals)
    return makefile


def _make_condition(keyword: str, rest: bytes) -> str | None:
    """The platform an ifeq/ifneq/ifdef/ifndef condition selects when true."""
    text = rest.decode("utf-8", "replace").split("#")[0].strip()
    negated = keyword in ("ifneq", "ifndef")
    if keyword in ("ifeq", "ifneq"):
        inner = text[1:-1] if text.startswith("(") and text.endswith(")") else text
        operands = [o.strip().strip("\"'").lower() for o in _split_top_level(inner)]
        if len(operands) != 2:
            operands = [o.strip("\"'").lower() for o in text.split()]
        if any(o in _FALSE_WORDS for o in operands):
            negated = not negated
    found = _subject([text])
    if found is None:
        return None
    return _other(found[1]) if negated else found[1]


def _split_top_level(text: str) -> list[str]:
    """Split at commas outside parentheses (`$(X),nvidia`)."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        depth += (char in "({") - (char in ")}")
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts


class _MakeCompilers:
    """Which compilers a command word or a make variable runs (NVCC / HIP / HOST)."""

    def __init__(self, makefile: _Makefile) -> None:
        self.makefile = makefile
        self._variables: dict[str, frozenset[str]] = {}

    def of_word(self, word: str, depth: int = 0) -> frozenset[str]:
        text = word.strip("\"'")
        quiet = re.match(r"\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}](?=.)", text)
        if quiet and all(w.text == "@" for d in self.makefile.definitions.get(quiet.group(1), []) for w in d.words):
            text = text[quiet.end() :]  # `$(Q)$(NVCC)` with Q empty or `@`
        reference = _WHOLE_REFERENCE.fullmatch(text)
        if reference:
            return self.of_variable(reference.group(1), depth)
        program = text.rsplit("/", 1)[-1]
        if program == "nvcc":
            return frozenset({NVCC})
        if program in _HIPCC_NAMES:
            return frozenset({HIP})
        if program in _HOST_NAMES or re.fullmatch(r"(g\+\+|gcc|clang\+\+|clang)-[0-9.]+", program):
            return frozenset({HOST})
        return NONE

    def of_variable(self, name: str, depth: int = 0) -> frozenset[str]:
        if name in self._variables:
            return self._variables[name]
        self._variables[name] = NONE  # a cycle resolves to unknown
        found: set[str] = set()
        definitions = self.makefile.definitions.get(name, [])
        for definition in definitions:
            if definition.operator != "+=" and definition.words and depth < 8:
                found |= self.of_word(_program(definition.words).text, depth + 1)
        if not definitions:
            upper = name.upper()
            if upper.endswith("NVCC"):
                found.add(NVCC)
            elif upper.endswith("HIPCC"):
                found.add(HIP)
            elif upper in _HOST_DEFAULTS:
                found.add(HOST)
        self._variables[name] = frozenset(found)
        return self._variables[name]

    def of_command(self, words: list[_Word]) -> tuple[frozenset[str], list[_Word]]:
        """The compilers a command runs, and the words after the program."""
        head = _program(words)
        while head is not words[-1] and not self.of_word(head.text) and self._is_empty(head):
            head = _program(words[words.index(head) + 1 :])  # `$(EXEC) $(NVCC) ...`
        rest = words[words.index(head) + 1 :]
        compilers = self.of_word(head.text)
        texts = [w.text for w in rest]
        hip_source = "-xhip" in texts or any(
            a in ("-x", "--language") and b == "hip" for a, b in itertools.pairwise(texts)
        )
        if hip_source and (compilers == {HOST} or head.text.endswith("amdclang++")):
            compilers = frozenset({HIP})  # clang++ -x hip
        return compilers, rest

    def _is_empty(self, word: _Word) -> bool:
        """A reference to a variable that is undefined, empty or `@` (a quiet/dry-run prefix)."""
        reference = _WHOLE_REFERENCE.fullmatch(word.text)
        definitions = self.makefile.definitions.get(reference.group(1), []) if reference else None
        return definitions is not None and all([w.text for w in d.words] in ([], ["@"]) for d in definitions)


def _program(words: list[_Word]) -> _Word:
    for word in words:
        if word.text not in _NOT_COMMANDS and not _ENV_ASSIGNMENT.fullmatch(word.text):
            return word
    return words[0]


def _flags_variable_seed(name: str) -> frozenset[str]:
    """What a flags variable's name says (NVCCFLAGS, CUFLAGS, GENCODE_FLAGS, HIPCCFLAGS)."""
    upper = name.upper()
    if not re.search(r"(FLAGS|OPTS|OPTIONS|ARGS)$", upper) and not upper.startswith("GENCODE"):
        return NONE
    if "HIP" in upper:
        return frozenset({HIP})
    if (
        "NVCC" in upper
        or "CUDA" in upper
        or upper.startswith("GENCODE")
        or re.fullmatch(r"(CU|NV)_?(FLAGS|OPTS|OPTIONS|ARGS)", upper)
    ):
        return frozenset({NVCC})
    return NONE


@dataclass
class _Use:
    """`$(name)` referenced from a command (compilers known) or from `owner`'s value."""

    name: str
    compilers: frozenset[str] | None
    owner: str | None
    position: int


def _make_lines(data: bytes) -> list[_Line]:
    makefile = _scan_makefile(data)
    compilers_of = _MakeCompilers(makefile)
    uses: list[_Use] = []
    commands: list[tuple[frozenset[str], list[_Word], str]] = []

    def note_uses(words: list[_Word], compilers: frozenset[str] | None, owner: str | None) -> None:
        previous = ""
        for word in words:
            # `-Xcompiler $(CXXFLAGS)`, `$(addprefix -Xcompiler ,$(CCFLAGS))`: host flags
            host = previous in _HOST_WRAPPERS or any(w in word.text for w in _HOST_WRAPPERS)
            for match in _REFERENCE.finditer(word.text):
                reach = frozenset({HOST}) if host else compilers
                uses.append(_Use(match.group(1), reach, owner, word.start))
            previous = word.text

    for words in makefile.commands:
        compilers, rest = compilers_of.of_command(words)
        note_uses(rest, compilers, None)
        if compilers & GPU and rest:
            commands.append((compilers, rest, f"cmd:{words[0].start}"))
    for name, definitions in makefile.definitions.items():
        for definition in definitions:
            program = _program(definition.words) if definition.words else None
            runs = compilers_of.of_word(program.text) if program else NONE
            if program is not None and definition.operator != "+=" and runs:
                # `NVCC := nvcc -ccbin g++`: the words after the program are a command line
                rest = definition.words[definition.words.index(program) + 1 :]
                note_uses(rest, runs, None)
                if runs & GPU and rest:
                    commands.append((runs, rest, f"var:{name}"))
            else:
                note_uses(definition.words, None, name)

    reach_of = _variable_reach(makefile, uses)
    lines = []
    for compilers, words, group in commands:
        reach = _in_region(compilers, _region_at(makefile.regions, words[0].start))
        if reach & GPU:
            lines.append(_Line(words, reach, group))
    for name, definitions in makefile.definitions.items():
        if compilers_of.of_variable(name):
            continue  # a compiler variable: taken as a command above
        for definition in definitions:
            region = _region_at(makefile.regions, definition.start)
            reach = _in_region(reach_of.get(name, NONE), region)
            if definition.words and reach & GPU:
                lines.append(_Line(definition.words, reach, f"var:{name}"))
    return lines


def _variable_reach(makefile: _Makefile, uses: list[_Use]) -> dict[str, frozenset[str]]:
    """Compilers each variable's words reach, from where it is referenced (to a fixed point).
    A variable that no known command reads takes its name's meaning (NVCCFLAGS, HIPCCFLAGS)."""
    reach_of: dict[str, frozenset[str]] = {n: NONE for n in makefile.definitions}
    resolved = {u.name for u in uses if u.compilers}
    for _ in range(8):
        changed = False
        for name, current in list(reach_of.items()):
            found: set[str] = set()
            for use in uses:
                if use.name != name:
                    continue
                reach = use.compilers
                if reach is None:  # referenced from another variable: reaches what that one does
                    reach = reach_of.get(use.owner or "", NONE)
                if reach:
                    found |= _in_region(reach, _region_at(makefile.regions, use.position))
            if not found & GPU and name not in resolved:
                found |= _flags_variable_seed(name)
            if found != current:
                reach_of[name] = frozenset(found)
                changed = True
        if not changed:
            break
    return reach_of


# -- CMake ----------------------------------------------------------------------------------
