"""What the renamer reads of a file, found by the lexer alone where the lexer can be sure.

The renamer needs a file's CUDA names in code (not in comments, strings or a directive's text),
its #define bodies, its #include paths with the conditional block each sits in, and where the
runtime header would go. For most files every CUDA name sits where only a use can stand
(`cudaMalloc(` after `;`, `cudaStream_t s` after `(`): then a scan of the bytes gives the same
answer as tree-sitter's parse, for a fraction of the cost. `scan` returns None wherever it cannot
be sure: a name that may be declared or defined there (`int cudaX;`, `struct cudaX`, a #define
of one), a name in an enum or a label's place, a `#` outside a directive, an unbalanced
conditional, an #include inside braces, anything unusual. The renamer then parses the file, as
before. A directive inside a declaration or an expression (the parse fails around it) is
accepted only in a file that holds no name the renamer cares about, even in a comment; such a
view says so (`misplaced_directive`), and the renamer uses it only where no #include of the file
would change (the includes' blocks may not be the parse's). tests/unit/test_lexical_scan.py
checks, on every corpus input, that a file the scan accepts is renamed byte for byte as the
parse renames it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from hipify_plus import lexer

# Where a comment, a string, a character literal or a directive may start: the scan looks at
# these bytes only and reads each literal or comment with the pattern of its kind.
_CANDIDATE = re.compile(rb"[/\"'#]")
_LINE_COMMENT = re.compile(rb"//(?:[^\\\n]|\\.)*", re.DOTALL)
_RAW_STRING = re.compile(rb'R"(?P<delim>[^(\s\\]{0,16})\(.*?\)(?P=delim)"', re.DOTALL)
_STRING = re.compile(rb'"(?:[^"\\\n]|\\.)*"?', re.DOTALL)
_CHARACTER = re.compile(rb"'(?:[^'\\\n]|\\.)*'?", re.DOTALL)
_WORD = re.compile(rb"[A-Za-z_]\w*")
_DIRECTIVE = re.compile(rb"#[ \t]*(\w*)")
_INCLUDE_PATH = re.compile(rb'[ \t]*(<[^>\n]*>|"[^"\n]*")[ \t]*(?://[^\n]*)?\r?\n?\Z')
_DEFINE = re.compile(rb"[ \t]+([A-Za-z_]\w*)(\([^)\n]*\))?[ \t]*")
_SPACE = b" \t\r\n\f\v"
_NON_SPACE = re.compile(rb"[^ \t\r\n\f\v]")
_SPACES = re.compile(rb"(?:[ \t\r\n\f\v]|\\(?=\r?\n))*")
_CONDITIONALS = frozenset({b"if", b"ifdef", b"ifndef"})
_BRANCHES = frozenset({b"elif", b"elifdef", b"elifndef", b"else"})
_TESTS = frozenset({b"if", b"ifdef", b"ifndef", b"elif", b"elifdef", b"elifndef"})
# After one of these words a name is an operand; after any other word it may be declared there.
_EXPRESSION_WORDS = frozenset(
    b"return case else do sizeof alignof _Alignof __alignof__ new delete throw co_return co_await "
    b"co_yield typeid not and or xor bitand bitor compl not_eq and_eq or_eq xor_eq".split()
)
# A name followed by one of these is a type (a declarator or an operand follows), never declared
_TYPE_FOLLOWERS = frozenset(b"*&")  # and a word or `::`
_OPERAND_BEFORE = frozenset(b"(=?!+-/%^|<[")
# What may come before a directive for the parse to read it whole: the end of an item or a
# statement, a block's start, or nothing (the file's start)
_ITEM_ENDS = frozenset((*b";{}", -1))


class Unsure(Exception):
    """The lexer cannot tell what the parse would say: the file is parsed."""


@dataclass(frozen=True)
class IncludePath:
    """One #include's path as the renamer reads it (from the parse or from the scan)."""

    start: int
    end: int
    kind: str  # the path's node type: system_lib_string, string_literal (or identifier: a macro)
    text: bytes
    directive_start: int
    directive_end: int  # past the directive's newline
    scope: int  # where the block holding the directive starts (the file, a conditional branch)


@dataclass(frozen=True)
class _Directive:
    start: int  # the `#`
    end: int  # past the newline of its last line
    word: bytes  # include, define, if ...
    text_start: int  # just past the word


@dataclass(frozen=True)
class LexicalFile:
    """A file's names, #define bodies and #includes, as the parse would give them."""

    data: bytes
    code: bytes  # `data` with comments, strings and directive lines blanked
    names: list[tuple[int, int, str]]  # CUDA names in code and #if tests, in document order
    define_bodies: list[tuple[int, int]]  # each #define's value, in document order
    includes: list[IncludePath]
    directives: list[_Directive]
    # a directive inside a declaration or an expression: the file then holds no relevant name
    misplaced_directive: bool = False

    def runtime_include_offset(self, feature_macro: Callable[[bytes], bool]) -> int:
        """As translate/engine.py's `_runtime_include_offset` reads the parse: after `#pragma
        once` and feature-test macros before the first include, else before the first top-level
        include (inside a header guard if there is one), else after the guard's #define, else
        after the leading comments. `feature_macro(name)`: a #define that goes before the headers."""
        after: int | None = None
        directives = self.directives
        position, index = 0, 0
        while True:
            code = _first_code(self.code, position)
            directive = directives[index] if index < len(directives) else None
            if directive is None or (code is not None and code < directive.start):
                if code is None:
                    return after if after is not None else (len(self.data) if self._has_nodes() else 0)
                return after if after is not None else code
            word = directive.word
            if word == b"include":
                return after if after is not None else directive.start
            if self._moves_past(directive, feature_macro):
                after = directive.end
            elif word == b"ifndef" and (inside := self._guard(index)) is not None:
                return inside
            else:
                return after if after is not None else directive.start
            position, index = directive.end, index + 1

    def _moves_past(self, directive: _Directive, feature_macro: Callable[[bytes], bool]) -> bool:
        """`#pragma once`, or a feature-test macro: the runtime header goes after it."""
        if directive.word == b"pragma":
            return self.data[directive.start : directive.end].split()[:2] == [b"#pragma", b"once"]
        if directive.word == b"define":
            name = _object_macro(self.data, directive)
            return name is not None and feature_macro(name)
        return False

    def _has_nodes(self) -> bool:
        return bool(self.data.strip(_SPACE))

    def _guard(self, index: int) -> int | None:
        """For `#ifndef G` then `#define G` (nothing between): the first #include directly inside,
        else the end of the #define's line. None when the #ifndef is no header guard."""
        directives = self.directives
        guard = directives[index]
        name = self.data[guard.text_start : guard.end].strip(_SPACE)
        if index + 1 >= len(directives) or not _WORD.fullmatch(name):
            return None
        define = directives[index + 1]
        if define.word != b"define" or _object_macro(self.data, define) != name:
            return None
        if self.data[guard.end : define.start].strip(_SPACE) or _first_code(self.code, guard.end, define.start):
            return None  # a comment or code between them: the parse sees no guard
        depth = 0
        for directive in directives[index + 2 :]:
            if directive.word in _CONDITIONALS:
                depth += 1
            elif directive.word == b"endif":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and directive.word in _BRANCHES:
                break
            elif depth == 0 and directive.word == b"include" and _braces_before(self.code, directive.start) == 0:
                return directive.start
        return define.end


def _first_code(code: bytes, start: int, end: int | None = None) -> int | None:
    found = _NON_SPACE.search(code, start, len(code) if end is None else end)
    return found.start() if found is not None else None


def _braces_before(code: bytes, offset: int) -> int:
    return code.count(b"{", 0, offset) - code.count(b"}", 0, offset)


def _define(data: bytes, directive: _Directive) -> re.Match[bytes]:
    """A #define's name, parameters and where its value starts; Unsure for one the scan does not
    read (no name, or parameters over more than one line)."""
    match = _DEFINE.match(data, directive.text_start, directive.end)
    if match is None or (match[2] is None and data[match.end(1) : match.end(1) + 1] == b"("):
        raise Unsure
    return match


def _object_macro(data: bytes, directive: _Directive) -> bytes | None:
    """The name an object-like #define defines (None for a function-like one)."""
    match = _define(data, directive)
    return match[1] if match[2] is None else None


def scan(data: bytes, relevant: Callable[[bytes], str | None]) -> LexicalFile | None:
    """The file's renamer view, or None where only the parse can say (see the module docstring).
    `relevant(word)`: the name the renamer cares about (mapped or CUDA-looking), else None."""
    try:
        return _scan(data, relevant)
    except Unsure:
        return None


def _scan(data: bytes, relevant: Callable[[bytes], str | None]) -> LexicalFile:
    if data.startswith(b"\xef\xbb\xbf"):
        raise Unsure  # the mark stays first: the parse's view of the file's start is kept
    blanks: list[tuple[int, int]] = []  # comments, strings, character literals, directive lines
    strings_end: set[int] = set()
    directives: list[_Directive] = []
    position = 0
    search = _CANDIDATE.search
    while (match := search(data, position)) is not None:
        at = match.start()
        byte = data[at]
        if byte == 47:  # `/`
            second = data[at + 1 : at + 2]
            if second == b"/":
                end = _LINE_COMMENT.match(data, at).end()  # type: ignore[union-attr]  # `//` is here
            elif second == b"*":
                close = data.find(b"*/", at + 2)
                end = len(data) if close < 0 else close + 2
            else:
                position = at + 1
                continue
            blanks.append((at, end))
        elif byte == 34:  # `"`
            raw = _RAW_STRING.match(data, at - 1) if _raw_prefix(data, at) else None
            literal = raw or _STRING.match(data, at)
            assert literal is not None  # `"` alone matches _STRING
            end = literal.end()
            blanks.append((literal.start(), end))
            strings_end.add(end)
        elif byte == 39:  # `'`
            if _in_number(data, at):
                position = at + 1  # a digit separator (`1'000`)
                continue
            end = _CHARACTER.match(data, at).end()  # type: ignore[union-attr]  # `'` alone matches
            blanks.append((at, end))
            strings_end.add(end)
        else:  # `#`
            line_start = data.rfind(b"\n", 0, at) + 1
            if data[line_start:at].strip(b" \t"):
                position = at + 1  # not a directive (stringizing in code): see the check below
                continue
            end = _logical_line_end(data, at)
            word = _DIRECTIVE.match(data, at)
            assert word is not None  # `#` is here
            if not word[1]:
                raise Unsure  # a null directive
            line = data[at:end]
            if b"/*" in line and b"*/" not in line[line.index(b"/*") :]:
                raise Unsure  # a block comment that runs past the directive's line
            directives.append(_Directive(at, end, word[1], word.end()))
            blanks.append((line_start, end if data[end - 1 : end] != b"\n" else end - 1))
        position = end
    code = _blanked(data, blanks)
    if b"#" in code:
        raise Unsure  # a directive the parse may see where the preprocessor would not
    words = set(_WORD.findall(data))
    misplaced, floor = False, 0  # floor: where the previous directive starts
    for directive in directives:
        # only the code since the previous directive is new (none there: the byte before that
        # one, checked already), so a header of a thousand #defines is read once
        if _previous(code, directive.start, floor)[0] not in _ITEM_ENDS:
            # inside a declaration or an expression: the parse fails around it, and may read
            # any name near it otherwise than the scan does
            if any(relevant(word) is not None for word in words):
                raise Unsure
            misplaced = True
            break
        floor = directive.start
    includes, define_bodies = _directives(data, code, directives)
    names = _names(data, code, blanks, directives, strings_end, relevant, words)
    return LexicalFile(data, code, names, define_bodies, includes, directives, misplaced)


def _raw_prefix(data: bytes, quote: int) -> bool:
    """`R"` starting a raw string literal (after u8, u, U or L, or none), not ending a name."""
    if data[quote - 1 : quote] != b"R":
        return False
    before = quote - 2
    if data[before - 1 : before + 1] == b"u8":
        before -= 2
    elif before >= 0 and data[before] in b"uUL":
        before -= 1
    return not _is_word(data, before)


def _in_number(data: bytes, quote: int) -> bool:
    """Whether the `'` at `quote` is a digit separator: the word or number before it starts with
    a digit (`1'000`, `0xFF'FF`)."""
    start = quote
    while start > 0 and (_is_word(data, start - 1) or data[start - 1] == 46):
        start -= 1
    if start == quote:
        return False
    first = data[start + 1] if data[start] == 46 and start + 1 < quote else data[start]
    return 48 <= first <= 57


def _logical_line_end(data: bytes, start: int) -> int:
    """Past the newline ending the line at `start`, following backslash continuations."""
    position = start
    while True:
        newline = data.find(b"\n", position)
        if newline == -1:
            return len(data)
        before = newline - 1
        if before >= 0 and data[before] == 13:
            before -= 1
        if before >= start and data[before] == 92:
            position = newline + 1
            continue
        return newline + 1


def _blanked(data: bytes, blanks: list[tuple[int, int]]) -> bytes:
    parts, last = [], 0
    for start, end in blanks:
        parts.append(data[last:start])
        parts.append(b" " * (end - start))
        last = end
    parts.append(data[last:])
    return b"".join(parts)


def _directives(
    data: bytes, code: bytes, directives: list[_Directive]
) -> tuple[list[IncludePath], list[tuple[int, int]]]:
    """The #include paths with their scopes, and the #define bodies."""
    includes: list[IncludePath] = []
    bodies: list[tuple[int, int]] = []
    scopes: list[int] = []
    top = len(data) - len(data.lstrip(_SPACE))
    for directive in directives:
        word = directive.word
        if word in _CONDITIONALS:
            scopes.append(directive.start)
        elif word in _BRANCHES:
            if not scopes:
                raise Unsure
            scopes[-1] = directive.start
        elif word == b"endif":
            if not scopes:
                raise Unsure
            scopes.pop()
        elif word == b"include":
            path = _INCLUDE_PATH.match(data, directive.text_start, directive.end)
            if path is None or _braces_before(code, directive.start) != 0:
                raise Unsure  # a macro for a path, trailing text, or inside braces
            kind = "system_lib_string" if path[1].startswith(b"<") else "string_literal"
            scope = scopes[-1] if scopes else top
            includes.append(
                IncludePath(path.start(1), path.end(1), kind, path[1], directive.start, directive.end, scope)
            )
        elif word == b"define":
            match = _define(data, directive)
            line_end = directive.end - 1 if data[directive.end - 1 : directive.end] == b"\n" else directive.end
            if b"/*" in data[match.end() : line_end]:
                raise Unsure  # the parse ends the value at a block comment
            if match.end() < line_end:
                bodies.append((match.end(), line_end))
    if scopes:
        raise Unsure  # an #if without its #endif
    return includes, bodies


def _names(
    data: bytes,
    code: bytes,
    blanks: list[tuple[int, int]],
    directives: list[_Directive],
    strings_end: set[int],
    relevant: Callable[[bytes], str | None],
    words: set[bytes],
) -> list[tuple[int, int, str]]:
    """The relevant names the parse would give as identifier nodes, each a use (see `_use`).
    `words`: the file's distinct words."""
    found: list[tuple[int, int, str]] = []
    blank_starts = [s for s, _ in blanks]
    directive_starts = [d.start for d in directives]
    for raw in words:
        name = relevant(raw)
        if name is None:
            continue
        for occurrence in _occurrences(raw).finditer(data):
            start, end = occurrence.span()
            if _is_word(data, start - 1):
                continue  # the end of a longer name
            if _touches_other_bytes(data, start, end):
                raise Unsure  # part of a longer identifier the parse reads whole
            index = bisect_right(directive_starts, start) - 1
            if index >= 0 and start < directives[index].end:
                if _directive_name(data, directives[index], start):
                    found.append((start, end, name))
            elif not _inside(blanks, blank_starts, start):
                if start in strings_end:
                    raise Unsure  # `"..."cudaX`: a literal's suffix
                if _use(code, start, end):
                    found.append((start, end, name))
    found.sort()
    return found


@lru_cache(maxsize=8192)
def _occurrences(word: bytes) -> re.Pattern[bytes]:
    """`word` standing alone (names repeat across a project: each pattern is compiled once)."""
    return re.compile(re.escape(word) + rb"(?!\w)")  # literal first: searched fast (the start is checked after)


def _is_word(data: bytes, index: int) -> bool:
    if index < 0 or index >= len(data):
        return False
    byte = data[index]
    return byte == 95 or 48 <= byte <= 57 or 65 <= byte <= 90 or 97 <= byte <= 122


def _touches_other_bytes(data: bytes, start: int, end: int) -> bool:
    """A `$` or a non-ASCII byte right before or after: an identifier character to the parse."""
    before = data[start - 1] if start > 0 else 0
    after = data[end] if end < len(data) else 0
    return before == 36 or before >= 128 or after == 36 or after >= 128


def _inside(spans: list[tuple[int, int]], starts: list[int], offset: int) -> bool:
    index = bisect_right(starts, offset) - 1
    return index >= 0 and spans[index][0] <= offset < spans[index][1]


def _directive_name(data: bytes, directive: _Directive, start: int) -> bool:
    """Whether the name at `start`, in `directive`'s line, is an identifier node of the parse (a
    test's operand); raises Unsure where the name is declared there (a #define's name or
    parameter) or the line is one the scan does not read."""
    word = directive.word
    if word in _TESTS:
        if b"__has_include" in data[directive.start : directive.end]:
            raise Unsure
        return any(s == start for s, _ in lexer.identifiers(data, directive.text_start, directive.end))
    if word == b"define":
        match = _define(data, directive)
        if start < match.end():
            raise Unsure  # the macro's name or a parameter: a definition
        return False  # the value: read through `define_bodies`
    if word in (b"else", b"endif"):
        raise Unsure  # text after #else / #endif
    return False  # include paths, #pragma, #undef, #error ...: text, not code


def _previous(code: bytes, start: int, floor: int = 0) -> tuple[int, int]:
    """The last code byte before `start` and its offset (-1, -1 at the file's start, or where
    there is none from `floor` on); spaces, blanked comments and directives, and line
    continuations are passed over."""
    window = 256
    while True:
        low = max(floor, start - window)
        chunk = code[low:start].rstrip(_SPACE)
        while chunk.endswith(b"\\") and len(chunk) < start - low:  # a continuation: `\` then a newline
            chunk = chunk[:-1].rstrip(_SPACE)
        if chunk:
            return chunk[-1], low + len(chunk) - 1
        if low == floor:
            return -1, -1
        window *= 8


def _next(code: bytes, end: int) -> tuple[int, int]:
    """The first code byte from `end` and its offset (-1, -1 at the file's end)."""
    skipped = _SPACES.match(code, end)
    position = skipped.end() if skipped is not None else end
    return (code[position], position) if position < len(code) else (-1, -1)


def _word_before(code: bytes, position: int) -> bytes:
    """The identifier ending at `position` (inclusive)."""
    start = position
    while start > 0 and _is_word(code, start - 1):
        start -= 1
    return code[start : position + 1]


def _use(code: bytes, start: int, end: int) -> bool:
    """True for a name the parse reads as an identifier that only uses the name; False for a
    member (`a.cudaX`, `p->cudaX`: a field_identifier); Unsure where it may be declared."""
    previous, at = _previous(code, start)
    following, next_at = _next(code, end)
    if previous == 46:  # `.`
        if at > 0 and code[at - 1] == 46:
            raise Unsure  # `...`
        return False
    if previous == 62 and at > 0 and code[at - 1] == 45:  # `->`
        before, _ = _previous(code, at - 1)
        if before == 41:
            raise Unsure  # `f() -> cudaX`: maybe a trailing return type
        return False
    if following == 58 and code[next_at + 1 : next_at + 2] != b":" and previous in (-1, 59, 123, 125):
        raise Unsure  # `cudaX:` at a statement's start: a label
    if previous == -1:
        return _statement_start(following)
    if _is_word(code, at):
        word = _word_before(code, at)
        if word in _EXPRESSION_WORDS:
            return True
        if word in (b"struct", b"class", b"union", b"enum") or word[:1].isdigit():
            raise Unsure
        # after a type or a specifier: a type, when a declarator follows; else maybe declared
        if _type_follows(code, following, next_at):
            return True
        raise Unsure
    if previous in (42, 38, 62, 93, 126):  # `*` `&` `>` `]` `~`: maybe a declarator
        if _type_follows(code, following, next_at):
            return True
        raise Unsure
    if previous == 58:  # `:`
        if code[at - 1 : at] == b":":
            return True  # `ns::cudaX`
        if following in (40, 123):
            before, before_at = _previous(code, at)
            if before == 41 or (before != -1 and _word_before(code, before_at) in (b"const", b"noexcept", b"override")):
                raise Unsure  # a constructor's member initialiser
            if (
                before != -1
                and _is_word(code, before_at)
                and _word_before(code, before_at) in (b"public", b"private", b"protected")
            ):
                raise Unsure
        return True
    if previous == 41:  # `)`
        if following in (59, 61, 44, 91, 123):
            raise Unsure  # `decltype(x) cudaX;`, an attribute's `(...)` before a declarator
        return True
    if previous == 44:  # `,`
        return _after_comma(code, at, following)
    if previous in (59, 123, 125):  # `;` `{` `}`: a statement or a member starts here
        if previous == 123 and following in (44, 61, 125) and b"enum" in code:
            raise Unsure  # maybe an enumerator
        if previous == 125 and following in (59, 61, 44, 91):
            raise Unsure  # `struct {...} cudaX;` declares it
        return _statement_start(following)
    if previous in _OPERAND_BEFORE:
        return True
    raise Unsure


def _type_follows(code: bytes, following: int, next_at: int) -> bool:
    """What follows the name makes it a type or a scope (`cudaX *p`, `cudaX s`, `cudaX::y`)."""
    return (
        following in _TYPE_FOLLOWERS
        or following == 95
        or 65 <= following <= 90
        or 97 <= following <= 122
        or code[next_at : next_at + 2] == b"::"
    )


def _statement_start(following: int) -> bool:
    """A name first in a statement or a member: a use unless braces follow (`cudaX{...}`)."""
    if following == 123:
        raise Unsure
    return True


def _after_comma(code: bytes, at: int, following: int) -> bool:
    """`f(a, cudaX)` is a use; `int a, cudaX;` declares it: the bracket the comma is inside says."""
    depth = 0
    position = at - 1
    limit = max(0, at - 4000)
    while position >= limit:
        byte = code[position]
        if byte in (41, 93, 125):  # `)` `]` `}`
            depth += 1
        elif byte in (40, 91, 123):  # `(` `[` `{`
            if depth == 0:
                if byte == 123:
                    before, _ = _previous(code, position)
                    if before in (61, 40, 44) and b"enum" not in code:
                        return True  # `= {a, cudaX}`, `f({a, cudaX})`: an initialiser list
                    raise Unsure
                return True
            depth -= 1
        elif byte == 59 and depth == 0:
            raise Unsure  # `int a, cudaX;`
        elif byte == 60 and code[position - 2 : position + 1] == b"<<<" and depth == 0:
            return True  # a launch's configuration
        position -= 1
    raise Unsure
