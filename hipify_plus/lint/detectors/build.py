"""HP4xx: nvcc options and CMake CUDA constructs in build files (Makefiles, CMake, setup.py),
read as text and never run; plus HP412, float atomics that gfx90a turns into CAS loops.

A build file is scanned once into flag lines: the words that one compiler command, flags
variable or option list hands to nvcc or hipcc, with the compilers they reach. The HP4xx
detectors then take their flags from those lines, so `-G` for gcc or `-arch` for another tool is
never reported, and the NVIDIA branch of a dual-platform build (`ifeq ($(HIP),1) ... else`) is
left alone.
"""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from hipify_plus.buildsys.flags import flag_table
from hipify_plus.edits import Edit
from hipify_plus.lint.context import BuildContext, LintContext
from hipify_plus.lint.registry import build_detector, detector
from hipify_plus.parse import Node

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

_MAKE_PREFIX = rb"[ \t]*(?:(?:override|export|private)[ \t]+)*"
_MAKE_NAME = rb"([A-Za-z_][A-Za-z0-9_.\-]*)[ \t]*"
_MAKE_ASSIGN = re.compile(_MAKE_PREFIX + _MAKE_NAME + rb"(\+=|\?=|:::=|::=|:=|!=|=)")
_MAKE_TARGET_ASSIGN = re.compile(  # `debug: NVCCFLAGS += -G`
    rb"[^:=#\t][^:=#]*?[ \t]*:(?![:=])" + _MAKE_PREFIX + _MAKE_NAME + rb"(\+=|\?=|:=|=)"
)
_MAKE_CONDITIONAL = re.compile(
    rb"[ \t]*(ifeq|ifneq|ifdef|ifndef|else|endif)\b[ \t]*(.*)", re.DOTALL
)
_REFERENCE = re.compile(r"\$[({]([A-Za-z_][A-Za-z0-9_.\-]*)(?::[^)}]*)?[)}]")
_WHOLE_REFERENCE = re.compile(r"\$[({]([A-Za-z_][A-Za-z0-9_.\-]*)[)}]")
_HIPCC_NAMES = frozenset({"hipcc", "hipcc.pl", "hipcc.bin"})
_HOST_NAMES = frozenset({"gcc", "g++", "cc", "c++", "clang", "clang++", "ld", "ar", "cpp", "icpx"})
_HOST_DEFAULTS = frozenset({"CC", "CXX", "CPP", "LD", "AR", "FC"})  # make's built-in tools
_NOT_COMMANDS = frozenset({  # words before the program: launchers and shell keywords
    "ccache", "sccache", "distcc", "env", "time", "nice", "exec",
    "do", "then", "else", "!", "{", "(",
})
_ENV_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=.*")
_HOST_WRAPPERS = frozenset({"-Xcompiler", "--compiler-options", "-Xlinker", "--linker-options"})


def _logical_lines(data: bytes) -> list[tuple[int, int]]:
    """(start, end) of each line, joined over backslash-newline continuations."""
    lines: list[tuple[int, int]] = []
    pos = 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        while end != -1:
            last = end - 1 if end > pos and data[end - 1] == 0x0D else end
            backslashes = 0
            while last - backslashes - 1 >= pos and data[last - backslashes - 1] == 0x5C:
                backslashes += 1
            if backslashes % 2 == 0:
                break
            end = data.find(b"\n", end + 1)
        end = len(data) if end == -1 else end
        lines.append((pos, end))
        pos = end + 1
    return lines


def _make_comment_start(data: bytes, start: int, end: int) -> int:
    """Outside recipes, make ends a line at the first unescaped `#`."""
    pos = start
    while pos < end:
        if data[pos] == 0x5C:
            pos += 2
            continue
        if data[pos] == ord("#"):
            return pos
        pos += 1
    return end


def _unquote(raw: str) -> str:
    out: list[str] = []
    index, quote = 0, ""
    while index < len(raw):
        char = raw[index]
        if char == "\\" and quote != "'" and index + 1 < len(raw):
            index += 1
            out.append(raw[index])
        elif quote and char == quote:
            quote = ""
        elif not quote and char in "'\"":
            quote = char
        else:
            out.append(char)
        index += 1
    return "".join(out)


def _shell_words(data: bytes, start: int, end: int, split: bool) -> list[list[_Word]]:
    """Words of a shell command line, one list per command (`;`, `&&`, `||`, `|` separate them
    when `split`). Quotes and `$(...)` group; a `#` starting a word begins a comment."""
    commands: list[list[_Word]] = [[]]
    pos = start
    while pos < end:
        char = data[pos]
        if char in b" \t\r\n" or (char == 0x5C and data[pos + 1 : pos + 2] == b"\n"):
            pos += 2 if char == 0x5C else 1
            continue
        if char == ord("#"):
            break
        if split and char in b";|&":
            pos += 2 if data[pos : pos + 2] in (b"&&", b"||") else 1
            commands.append([])
            continue
        word_start, depth, quote = pos, 0, 0
        while pos < end:
            char = data[pos]
            if quote:
                if char == quote:
                    quote = 0
                elif char == 0x5C and quote == ord('"'):
                    pos += 1
            elif char in b"'\"":
                quote = char
            elif char == 0x5C:
                if data[pos + 1 : pos + 2] == b"\n":
                    break
                pos += 1
            elif char == ord("$") and data[pos + 1 : pos + 2] in (b"(", b"{"):
                depth += 1
                pos += 1
            elif char in b")}" and depth:
                depth -= 1
            elif depth == 0 and (char in b" \t\r\n" or (split and char in b";|&")):
                break
            pos += 1
        raw = data[word_start:pos].decode("utf-8", "surrogateescape")
        commands[-1].append(_Word(word_start, pos, _unquote(raw)))
    return [c for c in commands if c]


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
    for start, end in _logical_lines(data):
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
        comment = _make_comment_start(data, start, end)
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
        if quiet and all(w.text == "@" for d in self.makefile.definitions.get(quiet.group(1), [])
                         for w in d.words):
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
        return definitions is not None and all(
            [w.text for w in d.words] in ([], ["@"]) for d in definitions
        )


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
    if "NVCC" in upper or "CUDA" in upper or upper.startswith("GENCODE") or re.fullmatch(
        r"(CU|NV)_?(FLAGS|OPTS|OPTIONS|ARGS)", upper
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
_FINDCUDA_COMPILES = frozenset({
    "cuda_add_executable", "cuda_add_library", "cuda_compile", "cuda_compile_ptx",
})
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


def _cmake_assignment(command: _Command) -> tuple[str, list[_Arg]] | None:
    """(variable, value arguments) of set, list(APPEND|PREPEND|INSERT), string(APPEND|PREPEND)."""
    args = command.args
    if command.name == "set" and args:
        values = []
        for arg in args[1:]:
            if not arg.quoted and arg.text in _CMAKE_SET_KEYWORDS:
                break
            values.append(arg)
        return args[0].text, values
    operation = args[0].text.upper() if args else ""
    if command.name in ("list", "string") and len(args) >= 2 and operation in ("APPEND", "PREPEND"):
        return args[1].text, args[2:]
    if command.name == "list" and len(args) >= 3 and operation == "INSERT":
        return args[1].text, args[3:]
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
    assignments: dict[str, list[tuple[_Command, list[_Arg]]]] = {}
    for command in cmake.commands:
        found = _cmake_assignment(command)
        if found:
            assignments.setdefault(found[0], []).append((command, found[1]))
        lines.extend(_option_command_lines(data, command, cmake))
    reach_of = {name: _named_flags_reach(name, cmake) for name in assignments}
    values = {name: " ".join(a.text for _, args in found for a in args)
              for name, found in assignments.items()}
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


def _option_command_lines(data: bytes, command: _Command, cmake: _CMakeFile) -> list[_Line]:
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


def _after_keyword(
    args: list[_Arg], wanted: AbstractSet[str], keywords: AbstractSet[str]
) -> list[_Arg]:
    taken, active = [], False
    for arg in args:
        if not arg.quoted and arg.text in keywords:
            active = arg.text in wanted
        elif active:
            taken.append(arg)
    return taken


def _option_lines(
    data: bytes,
    args: list[_Arg],
    outer: frozenset[str],
    cxx: frozenset[str],
    group: str,
    ambiguous: bool,
) -> list[_Line]:
    """Lines of `target_compile_options`-style items: words outside generator expressions reach
    `outer`; `$<$<COMPILE_LANGUAGE:CUDA>:...>` contents reach nvcc, `...:HIP>` hipcc. The items
    are read as one text, since an unquoted generator expression with a blank in it spans two
    CMake arguments."""
    if not args:
        return []
    lines: list[_Line] = []
    quoted = [(a.start, a.end) for a in args if a.quoted]

    def in_quotes(pos: int) -> bool:
        return any(start <= pos < end for start, end in quoted)

    def walk(start: int, end: int, reach: frozenset[str], in_genex: bool) -> list[_Word]:
        words: list[_Word] = []
        pos = start
        while pos < end:
            if data[pos] in b" \t\r\n;\"":
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
                elif depth == 0 and (char in b" \t\r\n;\"" or (in_genex and char == ord(">"))):
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

    loose = walk(args[0].start, args[-1].end, outer, False)
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


# HP413 and the CMake forms of HP403 are constructs, not flags.
_FINDCUDA_COMMANDS = frozenset({
    "cuda_add_executable", "cuda_add_library", "cuda_compile", "cuda_compile_ptx", "cuda_wrap_srcs",
    "cuda_include_directories", "cuda_add_cublas_to_target", "cuda_add_cufft_to_target",
    "cuda_select_nvcc_arch_flags", "cuda_build_clean_target",
    "cuda_link_separable_compilation_objects",
})
_PURE_RENAMES = {
    "CMAKE_CUDA_FLAGS": "CMAKE_HIP_FLAGS",
    "CMAKE_CUDA_STANDARD": "CMAKE_HIP_STANDARD",
    "CMAKE_CUDA_STANDARD_REQUIRED": "CMAKE_HIP_STANDARD_REQUIRED",
    "CMAKE_CUDA_EXTENSIONS": "CMAKE_HIP_EXTENSIONS",
    "CUDA_STANDARD": "HIP_STANDARD",
    "CUDA_STANDARD_REQUIRED": "HIP_STANDARD_REQUIRED",
    "CUDA_EXTENSIONS": "HIP_EXTENSIONS",
} | {
    f"CMAKE_CUDA_FLAGS_{config}": f"CMAKE_HIP_FLAGS_{config}"
    for config in ("DEBUG", "RELEASE", "RELWITHDEBINFO", "MINSIZEREL")
}
_CUDA_PROPERTIES = frozenset({
    "CUDA_STANDARD", "CUDA_STANDARD_REQUIRED", "CUDA_EXTENSIONS", "CUDA_SEPARABLE_COMPILATION",
    "CUDA_RESOLVE_DEVICE_SYMBOLS", "CUDA_RUNTIME_LIBRARY", "CUDA_PTX_COMPILATION",
})
_CUDA_VARIABLE = re.compile(
    r"(?<![A-Za-z0-9_])(CMAKE_CUDA_[A-Z0-9_]+|CUDA_NVCC_FLAGS(?:_[A-Z]+)?)(?![A-Za-z0-9_])"
)
_LANGUAGE_GENEX = re.compile(
    r"\$<(COMPILE_LANGUAGE|LINK_LANGUAGE|COMPILE_LANG_AND_ID):([A-Za-z+,]*)"
)


def _cmake_constructs(data: bytes, cmake: _CMakeFile, arches: tuple[str, ...]) -> list[_Construct]:
    found: list[_Construct] = []
    safe = cmake.hip_language and not cmake.cuda_language  # CUDA leftovers in a HIP project
    for command in cmake.commands:
        if _region_at(cmake.regions, command.start) != "nvidia":
            found.extend(_cuda_language_constructs(data, command, safe))
            found.extend(_cuda_architectures(command, arches, safe))
    return found


def _cuda_language_constructs(data: bytes, command: _Command, safe: bool) -> list[_Construct]:
    found: list[_Construct] = []
    name, args = command.name, command.args
    bare = [a.text.upper() if not a.quoted else "" for a in args]
    if name in ("project", "enable_language"):
        for arg, text in list(zip(args, bare, strict=True))[1 if name == "project" else 0 :]:
            if text == "CUDA":
                found.append(_Construct("HP413", (arg.start, arg.end), (
                    f"`{name}(... CUDA)` enables the CUDA language, which needs nvcc; the HIP "
                    "language (CMake 3.21+) also needs `LANGUAGE HIP` on the .cu sources and HIP "
                    "architectures")))
    elif name == "find_package" and bare[:1] in (["CUDA"], ["CUDATOOLKIT"]):
        found.append(_Construct("HP413", (args[0].start, args[0].end), (
            f"`find_package({args[0].text})` looks for the CUDA toolkit; on ROCm use "
            "`find_package(hip)` and the ROCm library packages")))
    elif name in _FINDCUDA_COMMANDS:
        spelled = data[command.start : command.name_end].decode()
        found.append(_Construct("HP413", (command.start, command.name_end), (
            f"`{spelled}` is a FindCUDA command that runs nvcc; on ROCm use the HIP language or "
            "FindHIP's `hip_add_*`")))
    variables: list[tuple[int, int, str]] = []
    for index, arg in enumerate(args):
        for match in _CUDA_VARIABLE.finditer(arg.text):
            if match.group(1) != "CMAKE_CUDA_ARCHITECTURES":  # HP403
                start, end = arg.start + match.start(1), arg.start + match.end(1)
                variables.append((start, end, match.group(1)))
        if arg.quoted:
            found.extend(_language_genexes(arg, safe))
            continue
        if arg.text in _CUDA_PROPERTIES:
            variables.append((arg.start, arg.end, arg.text))
        found.extend(_language_genexes(arg, safe))
        if arg.text.startswith("CUDA::"):
            found.append(_Construct("HP413", (arg.start, arg.end),
                                    f"`{arg.text}` is a CUDA toolkit target; {_rocm_target(arg.text)}"))
        language = index > 0 and args[index - 1].text == "LANGUAGE"
        if arg.text == "CUDA" and name == "set_source_files_properties" and language:
            found.append(_Construct(
                "HP413", (arg.start, arg.end),
                "`LANGUAGE CUDA` compiles these sources with nvcc; the HIP language is "
                "`LANGUAGE HIP`",
                "Rename to `LANGUAGE HIP`", [Edit(arg.start, arg.end, b"HIP")], safe))
    if variables:
        found.append(_cuda_variables(variables, safe))
    return found


# CUDA toolkit imported targets and what a ROCm build links instead (the targets the ROCm
# packages' CMake configs export); NPP has none.
_ROCM_TARGETS = (
    (re.compile(r"cudart(_static)?|cuda_driver"), "`hip::host` (find_package(hip))"),
    (re.compile(r"cublasLt(_static)?"), "hipBLASLt's target (find_package(hipblaslt))"),
    (re.compile(r"cublas(_static)?"), "`roc::hipblas` (find_package(hipblas))"),
    (re.compile(r"cufft\w*"), "`hip::hipfft` (find_package(hipfft))"),
    (re.compile(r"curand(_static)?"), "`hip::hiprand` (find_package(hiprand))"),
    (re.compile(r"cusparse(_static)?"), "`roc::hipsparse` (find_package(hipsparse))"),
    (re.compile(r"cusolver(_static)?"), "`roc::hipsolver` (find_package(hipsolver))"),
    (re.compile(r"nvrtc\w*"), "the `hiprtc` library that ships with the HIP runtime"),
    (re.compile(r"nvToolsExt|nvtx3"), "roctx (`roctx64` of roctracer) instead"),
)


def _rocm_target(target: str) -> str:
    name = target.removeprefix("CUDA::")
    if re.fullmatch(r"npp\w*", name):
        return ("NPP has no ROCm counterpart (rocAL / MIVisionX cover some image operations): port "
                "the calls, then drop it")
    for pattern, hint in _ROCM_TARGETS:
        if pattern.fullmatch(name):
            return f"on ROCm link {hint}"
    return "on ROCm link the ROCm package's target, if the library has one"


def _language_genexes(arg: _Arg, safe: bool) -> list[_Construct]:
    found = []
    for match in _LANGUAGE_GENEX.finditer(arg.text):
        languages = match.group(2).split(",")
        if "CUDA" not in languages:
            continue
        before = languages[: languages.index("CUDA")]
        offset = arg.start + match.start(2) + sum(len(x) + 1 for x in before)
        span = (arg.start + match.start(), arg.start + match.end())
        message = (f"`$<{match.group(1)}:CUDA>` selects CUDA sources; under the HIP language it "
                   "names `HIP`")
        if match.group(1) == "COMPILE_LANG_AND_ID":
            message += " (and the compiler id is Clang, not NVIDIA)"
            found.append(_Construct("HP413", span, message))
        else:
            title = "Rename `CUDA` to `HIP` in the generator expression"
            found.append(_Construct("HP413", span, message, title,
                                    [Edit(offset, offset + 4, b"HIP")], safe))
    return found


def _cuda_variables(variables: list[tuple[int, int, str]], safe: bool) -> _Construct:
    """One finding per command for its CUDA-language variables and properties."""
    names = sorted({v[2] for v in variables})
    renames = [_PURE_RENAMES.get(v[2]) for v in variables]
    listed = ", ".join(f"`{n}`" for n in names)
    message = (f"{listed} {'is a' if len(names) == 1 else 'are'} CUDA-language "
               f"setting{'' if len(names) == 1 else 's'} that the HIP language does not read")
    span = (variables[0][0], variables[0][1])
    if not all(renames):
        message += " (no HIP name with the same meaning: port by hand)"
        return _Construct("HP413", span, message)
    edits = [Edit(start, end, _PURE_RENAMES[name].encode()) for start, end, name in variables]
    title = "Rename to the HIP-language " + ("name" if len(names) == 1 else "names")
    return _Construct("HP413", span, message, title, edits, safe)


def _cuda_architectures(command: _Command, arches: tuple[str, ...], safe: bool) -> list[_Construct]:
    args = command.args
    values: list[_Arg] = []
    name_arg: _Arg | None = None
    if command.name == "set" and args and args[0].text == "CMAKE_CUDA_ARCHITECTURES":
        name_arg, values = args[0], (_cmake_assignment(command) or ("", []))[1]
    elif command.name in ("set_target_properties", "set_property"):
        for index, arg in enumerate(args):
            if not arg.quoted and arg.text == "CUDA_ARCHITECTURES":
                name_arg = arg
                last = index + 2 if command.name == "set_target_properties" else len(args)
                values = args[index + 1 : last]
                break
    if name_arg is None:
        return []
    new_name = name_arg.text.replace("CUDA", "HIP")  # CMAKE_HIP_ARCHITECTURES, HIP_ARCHITECTURES
    shown = " ".join(a.text for a in values) or "(empty)"
    edits = [Edit(name_arg.start, name_arg.end, new_name.encode())]
    if values:
        joined = ";".join(arches)
        text = joined if values[0].quoted or len(arches) == 1 else f'"{joined}"'
        edits.append(Edit(values[0].start, values[-1].end, text.encode()))
    message = (f"`{name_arg.text} {shown}` selects NVIDIA GPUs; the HIP language takes AMD targets "
               f"in `{new_name}`")
    title = f"Use `{new_name} {';'.join(arches)}`"
    return [_Construct("HP403", (name_arg.start, name_arg.end), message, title, edits, safe)]


# -- setup.py -------------------------------------------------------------------------------

_SIMPLE_STRING = re.compile(r"[rRuU]?(['\"])([^'\"\\\n]*)\1")
_ROCM_AWARE = re.compile(rb"rocm|version\.hip|is_hip|hipcc", re.IGNORECASE)


class _SetupFile:
    """A parsed (never run) setup.py: byte offsets of nodes, list variables, guarded regions."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.starts = [0] + [i + 1 for i, c in enumerate(data) if c == 0x0A]
        self.assignments: dict[str, list[ast.expr]] = {}
        self.appends: dict[str, list[ast.expr]] = {}  # `flags.append(x)` / `.extend(...)`
        self.regions: list[_Branch] = []

    def span(self, node: ast.AST) -> tuple[int, int]:
        """Byte range of a node (ast columns are UTF-8 byte offsets)."""
        start = self.starts[node.lineno - 1] + node.col_offset  # type: ignore[attr-defined]
        end = self.starts[node.end_lineno - 1] + node.end_col_offset  # type: ignore[attr-defined]
        return start, end

    def text(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.data[start:end].decode("utf-8", "replace")


def _setup_lines(data: bytes) -> list[_Line]:
    """Flag lists given to nvcc: `extra_compile_args={'nvcc': ...}` or `dict(nvcc=...)`,
    `extra_cuda_cflags=...`, and list variables named after nvcc. PyTorch hands the 'nvcc' list to
    hipcc on ROCm, so in a ROCm-aware file the lists reach both compilers."""
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError):
        return []
    setup = _SetupFile(data)
    base = GPU if _ROCM_AWARE.search(data) else frozenset({NVCC})
    roots: list[tuple[ast.expr, frozenset[str]]] = []
    conditionals: list[_Conditional] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign) and node.value is not None:
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name):
                    setup.assignments.setdefault(target.id, []).append(node.value)
                    if "nvcc" in target.id.lower():
                        roots.append((node.value, base))
                    elif "hipcc" in target.id.lower():
                        roots.append((node.value, frozenset({HIP})))
        elif isinstance(node, ast.Call):
            function = node.func
            if (isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name)
                    and function.attr in ("append", "extend", "insert") and node.args):
                setup.appends.setdefault(function.value.id, []).append(node.args[-1])
            if isinstance(function, ast.Name) and function.id == "dict":
                roots.extend((k.value, base) for k in node.keywords if k.arg == "nvcc")
            roots.extend((k.value, base) for k in node.keywords if k.arg == "extra_cuda_cflags")
        elif isinstance(node, ast.Dict):
            roots.extend((value, base) for key, value in zip(node.keys, node.values, strict=True)
                         if isinstance(key, ast.Constant) and key.value == "nvcc")
        if isinstance(node, ast.If | ast.IfExp):
            conditionals.append(_python_conditional(setup, node))
    setup.regions = _guarded_regions(data, conditionals)
    lines: list[_Line] = []
    seen: set[int] = set()
    for root, reach in roots:
        _collect_lists(setup, root, reach, lines, seen, set())
    return [line for line in lines if line.reach & GPU]


def _python_conditional(setup: _SetupFile, node: ast.If | ast.IfExp) -> _Conditional:
    words = re.findall(r"[A-Za-z_][\w.]*|==|!=|\S", setup.text(node.test))
    found = _subject(words)
    platform: str | None = None
    if found is not None:
        index, platform = found
        negated = index > 0 and words[index - 1] == "not"
        if " ".join(words[index + 1 : index + 3]) in ("is None", "== None", "== 0", "== False"):
            negated = not negated
        platform = _other(platform) if negated else platform
    body = node.body if isinstance(node, ast.If) else [node.body]
    orelse = node.orelse if isinstance(node, ast.If) else [node.orelse]
    start, end = setup.span(node)
    conditional = _Conditional(start, end)
    conditional.branches.append(_Branch(platform, setup.span(body[0])[0], setup.span(body[-1])[1]))
    if orelse:
        else_start, else_end = setup.span(orelse[0])[0], setup.span(orelse[-1])[1]
        conditional.branches.append(_Branch(None, else_start, else_end, bare_else=True))
    return conditional


def _collect_lists(setup: _SetupFile, node: ast.expr, reach: frozenset[str], lines: list[_Line],
                   seen: set[int], names: set[str]) -> None:
    """Follow a flags expression (`a + ['-G']`, a variable, `x if c else y`) to its lists."""
    if isinstance(node, ast.List | ast.Tuple):
        if id(node) not in seen:
            seen.add(id(node))
            words = [w for element in node.elts for w in _python_words(setup, element, item=True)]
            start = setup.span(node)[0]
            if words:
                placed = _in_region(reach, _region_at(setup.regions, start))
                lines.append(_Line(words, placed, f"list:{start}"))
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        _collect_lists(setup, node.left, reach, lines, seen, names)
        _collect_lists(setup, node.right, reach, lines, seen, names)
    elif isinstance(node, ast.IfExp):
        _collect_lists(setup, node.body, reach, lines, seen, names)
        _collect_lists(setup, node.orelse, reach, lines, seen, names)
    elif isinstance(node, ast.Call) and ast.unparse(node.func) == "list" and node.args:
        _collect_lists(setup, node.args[0], reach, lines, seen, names)
    elif isinstance(node, ast.Name) and node.id not in names:
        names.add(node.id)
        for value in setup.assignments.get(node.id, []):
            _collect_lists(setup, value, reach, lines, seen, names)
        for value in setup.appends.get(node.id, []):
            if not isinstance(value, ast.Constant):
                _collect_lists(setup, value, reach, lines, seen, names)
            elif id(value) not in seen:
                seen.add(id(value))
                words = _python_words(setup, value, item=False)
                placed = _in_region(reach, _region_at(setup.regions, setup.span(value)[0]))
                if words:
                    lines.append(_Line(words, placed, f"append:{node.id}", removable=False))


def _python_words(setup: _SetupFile, node: ast.expr, item: bool) -> list[_Word]:
    if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
        return []
    start, end = setup.span(node)
    raw = setup.data[start:end].decode("utf-8", "replace")
    simple = _SIMPLE_STRING.fullmatch(raw)
    value: str = node.value
    if simple is None or simple.group(2) != value:  # escapes, triple quotes, concatenation
        return [_Word(start, end, w, editable=False) for w in value.split()]
    if item and value.split() == [value]:
        return [_Word(start, end, value, item=True, quote=simple.group(1))]
    content = start + raw.index(simple.group(1)) + 1
    parts = list(re.finditer(r"\S+", value))
    joiner = " " if len(parts) > 1 else None  # one string is one argument: no room for two flags
    return [_Word(content + m.start(), content + m.end(), m.group(), joiner=joiner) for m in parts]


# -- flags ----------------------------------------------------------------------------------

# Which spellings each rule reports, which take the next word as their value and the traits
# of their values: all from rules/mappings/nvcc_flags.tsv, the table convert rewrites flags with.


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


def _report_flag(ctx: BuildContext, flag: _Flag, message: str, title: str, flags: list[str] | None,
                 applicability: str | None = None) -> None:
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


# -- rules ----------------------------------------------------------------------------------

_RESOURCE_REPORT = "-Rpass-analysis=kernel-resource-usage"


# HP401
@build_detector(emits=("HP401",))
def register_limit_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP401"):
        message = (f"`{_shown(flag)}` is an nvcc option that hipcc rejects; cap registers per "
                   "kernel with `__launch_bounds__` instead")
        _report_flag(ctx, flag, message, f"Remove `{_shown(flag)}`", [])


# HP402
@build_detector(emits=("HP402",))
def ptxas_options_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP402"):
        if flag.name == "-Xptxas" and len(flag.words) == 2:
            how = "hipcc ignores `-Xptxas` and reads the next word as its own option"
        else:
            how = "hipcc does not accept it"
        message = (f"`{_shown(flag)}` passes options to NVIDIA's ptxas, which the AMD toolchain "
                   f"lacks: {how}")
        verbose = {"-v", "--verbose"} & set(re.split(r"[,\s]+", flag.value or ""))
        if verbose and flag.line.reach == {HIP}:
            message += f"; the AMD resource report is `{_RESOURCE_REPORT}`"
            title = f"Replace with `{_RESOURCE_REPORT}`"
            _report_flag(ctx, flag, message, title, [_RESOURCE_REPORT])
        else:
            _report_flag(ctx, flag, message, f"Remove `{_shown(flag)}`", [])


# HP403
@build_detector(emits=("HP403",))
def nvidia_architecture_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP403"):
        effect = "hipcc ignores it" if flag.name == "-arch" else "hipcc rejects it"
        message = (f"`{_shown(flag)}` selects an NVIDIA GPU architecture: {effect}, and no AMD "
                   "target is chosen")
        if flag.replacement:
            title = f"Replace with `{' '.join(flag.replacement)}`"
            _report_flag(ctx, flag, message, title, flag.replacement)
        elif flag.replacement is None:
            title = f"Remove `{_shown(flag)}` (the line already names an AMD target)"
            _report_flag(ctx, flag, message, title, [])
        else:
            title = f"Remove `{_shown(flag)}` (the line's first arch flag becomes `--offload-arch`)"
            _report_flag(ctx, flag, message, title, [])
    for construct in _analysis(ctx).constructs:
        if construct.rule == "HP403":
            _report_construct(ctx, construct)


# HP404
@build_detector(emits=("HP404",))
def fast_math_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP404"):
        if flag.name == "-use_fast_math":
            effect = "hipcc reads it as `-u se_fast_math` and builds without fast math"
        else:
            effect = "hipcc rejects it"
        message = f"`{_shown(flag)}` is nvcc's fast-math switch: {effect}"
        _report_flag(ctx, flag, message, "Replace with `-ffast-math`", ["-ffast-math"], "unsafe")


# HP405
@build_detector(emits=("HP405",))
def line_info_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP405"):
        if flag.name == "-lineinfo":
            effect = "hipcc reads it as `-l ineinfo`, so linking fails with 'cannot find -lineinfo'"
        else:
            effect = "hipcc rejects it"
        message = f"`{_shown(flag)}` asks nvcc for device line tables: {effect}"
        title = "Replace with `-gline-tables-only`"
        _report_flag(ctx, flag, message, title, ["-gline-tables-only"])


# HP406
@build_detector(emits=("HP406",))
def device_debug_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP406"):
        words = flag.line.words
        later = words[words.index(flag.words[-1]) + 1 :]
        optimised = any(re.fullmatch(r"-O[1-3sz]?|-Ofast", w.text) for w in later)
        if flag.name == "-G":
            effect = "hipcc reads `-G` as clang's `-G <size>`, which swallows the next argument"
        else:
            effect = "hipcc rejects it"
        message = f"`{_shown(flag)}` is nvcc's device-debug switch: {effect}"
        # a later -O wins in clang, so `-g -O0` would no longer mean an unoptimised debug build
        applicability = "unsafe" if optimised else None
        _report_flag(ctx, flag, message, "Replace with `-g -O0`", ["-g", "-O0"], applicability)


# HP407
@build_detector(emits=("HP407",))
def relocatable_device_code_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP407"):
        shown = _shown(flag)
        if flag.name in ("-dlink", "--device-link"):
            message = (f"`{shown}` (nvcc's separate device-link step) is ignored by hipcc: with "
                       "`-fgpu-rdc` the final `hipcc -fgpu-rdc --hip-link` link does it")
            _report_flag(ctx, flag, message, "", None)
        elif flag.name in ("-dc", "--device-c"):
            message = (f"`{shown}` is ignored by hipcc, so the code is not relocatable and extern "
                       "`__device__` symbols fail to link")
            _report_flag(ctx, flag, message, "Replace with `-fgpu-rdc -c`", ["-fgpu-rdc", "-c"])
        elif (flag.value or "").lower() in ("false", "0", "no"):
            message = f"`{shown}` is rejected by hipcc (relocatable device code is off by default)"
            _report_flag(ctx, flag, message, f"Remove `{shown}`", [])
        else:
            message = (f"`{shown}` is rejected by hipcc; relocatable device code is `-fgpu-rdc` "
                       "(and `-fgpu-rdc --hip-link` when linking)")
            _report_flag(ctx, flag, message, "Replace with `-fgpu-rdc`", ["-fgpu-rdc"])


_WHY_NVCC_ONLY = {
    "-ccbin": "hipcc compiles host code with clang (choose it with CXX/HIPCXX)",
    "--compiler-bindir": "hipcc compiles host code with clang (choose it with CXX/HIPCXX)",
    "-Xcudafe": "there is no CUDA front end under hipcc",
}


# HP408
@build_detector(emits=("HP408",))
def nvcc_only_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP408"):
        shown = _shown(flag)
        if flag.name in ("-Xcompiler", "--compiler-options"):
            value = flag.value or ""
            host = [value] if "$" in value else [f for f in re.split(r"[,\s]+", value) if f]
            message = (f"`{shown}` wraps host-compiler options for nvcc; hipcc compiles host code "
                       "itself and does not know `-Xcompiler`")
            _report_flag(ctx, flag, message, f"Pass `{' '.join(host)}` directly", host)
        elif flag.name in ("--default-stream", "-default-stream"):
            stream = "per-thread" if flag.value == "per-thread" else "legacy"
            spelled = f"-fgpu-default-stream={stream}"
            message = f"`{shown}` is an nvcc option that hipcc rejects; clang spells it `{spelled}`"
            _report_flag(ctx, flag, message, f"Replace with `{spelled}`", [spelled])
        else:
            why = _WHY_NVCC_ONLY.get(flag.name, "clang needs no such switch")
            message = f"`{shown}` is an nvcc-only option that hipcc rejects: {why}"
            _report_flag(ctx, flag, message, f"Remove `{shown}`", [])


# HP409
@build_detector(emits=("HP409",))
def resource_usage_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP409"):
        message = (f"`{_shown(flag)}` is rejected by hipcc; the AMD register/LDS/scratch report "
                   f"is `{_RESOURCE_REPORT}`")
        _report_flag(ctx, flag, message, f"Replace with `{_RESOURCE_REPORT}`", [_RESOURCE_REPORT])


# HP410
@build_detector(emits=("HP410",))
def wavefront64_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP410"):
        message = ("`-mwavefrontsize64` forces 64-lane wavefronts on RDNA (gfx10 and later), which "
                   "the HIP runtime does not support")
        _report_flag(ctx, flag, message, "Remove `-mwavefrontsize64`", [], "safe")


# HP411
@build_detector(emits=("HP411",))
def small_default_launch_bound(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP411"):
        limit = flag.value
        message = (f"`{_shown(flag)}` makes {limit} threads the launch bound of every kernel "
                   f"without `__launch_bounds__`: launching one with more than {limit} threads per "
                   "block fails (hipErrorLaunchFailure)")
        _report_flag(ctx, flag, message, "", None)


# HP413
@build_detector(emits=("HP413",))
def cmake_cuda_language(ctx: BuildContext) -> None:
    for construct in _analysis(ctx).constructs:
        if construct.rule == "HP413":
            _report_construct(ctx, construct)


# -- HP412: float atomics on gfx90a (source code) ----------------------------------------------


def _declaration_of(
    name: str, scope: Node, ctx: LintContext, depth: int = 0,
) -> tuple[str, int, bool, bool] | None:
    """(type, pointer depth, is an array, is `__shared__`) of `name` as declared in scope
    (a function's parameters and body, or the file's top level). A pointer declared with an
    initial value that points into a `__shared__` array (`float* p = smem + C;`) counts as
    `__shared__`."""
    stack = [scope]
    while stack:
        node = stack.pop()
        if node.type == "function_definition" and node is not scope:
            continue
        if node.type not in ("declaration", "parameter_declaration"):
            stack.extend(node.children)
            continue
        kind = node.child_by_field_name("type")
        if kind is None:
            continue
        qualifiers = [ctx.text(c) for c in node.children if c.type == "type_qualifier"]
        shared = "__shared__" in qualifiers
        for declarator in node.children_by_field_name("declarator"):
            pointers, array = 0, False
            current: Node | None = declarator
            while current is not None and current.type != "identifier":
                pointers += current.type == "pointer_declarator"
                array |= current.type == "array_declarator"
                current = current.child_by_field_name("declarator")
            if current is not None and ctx.text(current) == name:
                if not shared and pointers == 1 and declarator.type == "init_declarator":
                    shared = _points_into_shared(declarator.child_by_field_name("value"), scope, ctx, depth)
                return ctx.text(kind), pointers, array, shared
    return None


def _points_into_shared(value: Node | None, scope: Node, ctx: LintContext, depth: int) -> bool:
    """The initial value of a pointer is an address in a `__shared__` array: the array itself,
    `smem + i`, `&smem[i]`, or a cast of one of those, or another such pointer."""
    while value is not None and depth < 4:
        if value.type in ("parenthesized_expression", "cast_expression"):
            value = value.child_by_field_name("value") or next(
                (c for c in reversed(value.named_children) if c.type != "comment"), None)
        elif value.type == "binary_expression":
            operator = value.child_by_field_name("operator")
            if operator is None or ctx.text(operator) not in ("+", "-"):
                return False
            value = value.child_by_field_name("left")
        elif value.type == "pointer_expression" and ctx.text(value).startswith("&"):
            value = value.child_by_field_name("argument")
            if value is None or value.type != "subscript_expression":
                return False
            value = value.child_by_field_name("argument")
        elif value.type == "identifier":
            name = ctx.text(value)
            declared = _declaration_of(name, scope, ctx, depth + 1) or _declaration_of(
                name, ctx.tree.root_node, ctx, depth + 1)
            return declared is not None and declared[3]
        else:
            return False
    return False


# HP412
@detector("call_expression", emits=("HP412",))
def float_atomic_cas_loop(node: Node, ctx: LintContext) -> None:
    # atomicAdd_system is left out: system-scope atomics usually target fine-grained host memory,
    # where the CAS loop is the correct code and `-munsafe-fp-atomics` would lose updates.
    function = node.child_by_field_name("function")
    if "gfx90a" not in ctx.settings.arches or function is None or ctx.text(function) != "atomicAdd":
        return
    arguments = node.child_by_field_name("arguments")
    if arguments is None:
        return
    args = [a for a in arguments.named_children if a.type != "comment"]
    if len(args) != 2:
        return
    first = args[0]
    target: Node | None = first
    address_of = False
    if first.type == "pointer_expression" and ctx.text(first).startswith("&"):
        target, address_of = first.child_by_field_name("argument"), True
    elif first.type == "binary_expression":  # p + i
        target = first.child_by_field_name("left")
    subscript = target is not None and target.type == "subscript_expression"
    if subscript and target is not None:
        target = target.child_by_field_name("argument")
    if target is None or target.type != "identifier":
        return
    enclosing = node.parent
    while enclosing is not None and enclosing.type != "function_definition":
        enclosing = enclosing.parent
    if enclosing is None or not {c.type for c in enclosing.children} & {"__global__", "__device__"}:
        return
    name = ctx.text(target)
    local = _declaration_of(name, enclosing, ctx)
    declared = local or _declaration_of(name, ctx.tree.root_node, ctx)
    if declared is None:
        return
    kind, pointers, array, shared = declared
    if kind not in ("float", "double") or shared:
        return  # LDS float atomics are native instructions (ds_add_f32/f64) on gfx90a
    if address_of and subscript:  # &p[i], &g_array[i]
        global_memory = pointers == 1 or (array and pointers == 0 and local is None)
    elif address_of:  # &g_value
        global_memory = pointers == 0 and not array and local is None
    else:  # p, p + i
        global_memory = pointers == 1
    if not global_memory:
        return
    fix = ctx.fix("HP412", "Use `unsafeAtomicAdd` (not on fine-grained or host memory)",
                  [Edit(function.start_byte, function.end_byte, b"unsafeAtomicAdd")], "display")
    message = (f"`atomicAdd` on a `{kind}` in global memory is a compare-and-swap loop on gfx90a "
               "unless the file is built with `-munsafe-fp-atomics`")
    ctx.report("HP412", node, message, fix)
