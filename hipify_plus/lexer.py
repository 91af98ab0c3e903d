"""A small C/C++ lexer for text tree-sitter leaves opaque: macro bodies, comments, strings.

It finds identifiers outside comments and literals, and scans call argument lists,
all on bytes so offsets stay byte offsets into the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_TOKEN = re.compile(
    rb"""
      (?P<comment>//[^\n]*|/\*.*?(?:\*/|\Z))
    | (?P<string>[uUL8]*R"(?P<delim>[^(\s\\]{0,16})\(.*?\)(?P=delim)"
                | [uUL8]*"(?:[^"\\\n]|\\.)*"?
                | [uUL8]*'(?:[^'\\\n]|\\.)*'?)
    | (?P<number>\.?[0-9](?:[eEpP][+-]|[\w.'])*)
    | (?P<ident>[A-Za-z_]\w*)
    """,
    re.VERBOSE | re.DOTALL,
)

_IDENT_IN_TEXT = re.compile(rb"[A-Za-z_]\w*")


def identifiers(source: bytes, start: int = 0, end: int | None = None) -> Iterator[tuple[int, int]]:
    """Byte ranges of identifiers in code (not in comments, strings or numbers)."""
    stop = len(source) if end is None else end
    for match in _TOKEN.finditer(source, start, stop):
        if match.lastgroup == "ident":
            yield match.start(), match.end()


def non_code_spans(source: bytes) -> list[tuple[int, int]]:
    """Byte ranges of comments and string/char literals, unterminated ones included (a `/*`
    with no end runs to the end of the file, a string with no end to the end of its line)."""
    return [m.span() for m in _TOKEN.finditer(source) if m.lastgroup in ("comment", "string")]


def glued_literal_suffixes(source: bytes) -> Iterator[tuple[int, int]]:
    """Byte ranges of identifiers written right after a string literal, with no space (`"%"PRIu64`):
    C++11 lexes the pair as one user-defined literal."""
    if b'"' not in source:
        return
    previous = None
    for match in _TOKEN.finditer(source):
        if (
            match.lastgroup == "ident"
            and previous is not None
            and previous.lastgroup == "string"
            and previous.end() == match.start()
            and previous.group(0).endswith(b'"')
        ):
            yield match.start(), match.end()
        previous = match


def without_comments(source: bytes) -> bytes:
    """`source` with every comment replaced by one space (strings and code kept as they are)."""
    if b"/" not in source:
        return source
    return _TOKEN.sub(lambda m: b" " if m.lastgroup == "comment" else m.group(0), source)


def words(source: bytes, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Byte ranges of every identifier-shaped word, for text inside comments or strings."""
    for match in _IDENT_IN_TEXT.finditer(source, start, end):
        yield match.start(), match.end()


_SKIP_IN_ARGS = re.compile(rb"""//[^\n]*|/\*.*?\*/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[()\[\]{},]""", re.DOTALL)


def call_arguments(source: bytes, after_name: int, end: int | None = None) -> tuple[list[tuple[int, int]], int] | None:
    """Top-level argument ranges of the call whose name ends at `after_name`, and the offset
    just past its closing parenthesis.

    Returns None if no balanced argument list follows. Each range spans the argument text
    without surrounding whitespace; an empty list means `()`.
    """
    stop = len(source) if end is None else end
    pos = after_name
    while pos < stop and source[pos : pos + 1] in (b" ", b"\t", b"\n", b"\r", b"\\"):
        pos += 1
    if pos >= stop or source[pos : pos + 1] != b"(":
        return None
    depth = 0
    args: list[tuple[int, int]] = []
    arg_start = pos + 1
    close = pos
    for match in _SKIP_IN_ARGS.finditer(source, pos, stop):
        tok = match.group()
        if tok in (b"(", b"[", b"{"):
            depth += 1
        elif tok in (b")", b"]", b"}"):
            depth -= 1
            if depth == 0:
                args.append((arg_start, match.start()))
                close = match.end()
                break
        elif tok == b"," and depth == 1:
            args.append((arg_start, match.start()))
            arg_start = match.end()
    else:
        return None
    trimmed = [_trim(source, s, e) for s, e in args]
    if len(trimmed) == 1 and trimmed[0][0] == trimmed[0][1]:
        return [], close
    return trimmed, close


def _trim(source: bytes, start: int, end: int) -> tuple[int, int]:
    while start < end and source[start] in b" \t\r\n\\":
        start += 1
    while end > start and source[end - 1] in b" \t\r\n\\":
        end -= 1
    return start, end


_SKIPPED = rb"""//[^\n]*|/\*.*?(?:\*/|\Z)|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'"""
# What device_bodies looks for in each of its states (comments and strings are always skipped):
# outside, the next __global__/__device__; after one, the `{` that opens its body, with the
# parentheses and the `;` that decide it; inside a body, its braces.
_OUTSIDE = re.compile(_SKIPPED + rb"|(?P<space>\b__(?:global|device)__\b)", re.DOTALL)
_AFTER_WORD = re.compile(_SKIPPED + rb"|(?P<open>\{)|(?P<end>;)|(?P<paren>[()])", re.DOTALL)
_IN_BODY = re.compile(_SKIPPED + rb"|(?P<open>\{)|(?P<close>\})", re.DOTALL)


def device_bodies(source: bytes) -> list[tuple[int, int]]:
    """Byte ranges that may be the bodies of `__global__`/`__device__` functions: from the first
    `{` after one of those words (with no `;` between them, and not inside parentheses opened after
    the word: a default argument's braces) to its matching `}`, outside comments
    and strings. A superset (a `__device__` variable's braced initialiser counts too), so a cheap
    test that code *may* be device code: code outside every range is not in a function written
    with those words. The scan looks, in each state, only for the tokens that state needs."""
    if b"__global__" not in source and b"__device__" not in source:
        return []
    bodies: list[tuple[int, int]] = []
    position, size = 0, len(source)
    while position < size:
        match = _OUTSIDE.search(source, position)
        if match is None:
            break
        position = match.end()
        if match.lastgroup != "space":
            continue
        parens, opened = 0, -1  # after the word: parentheses opened since, and the body's `{`
        while (match := _AFTER_WORD.search(source, position)) is not None:
            position = match.end()
            kind = match.lastgroup
            if kind == "end":
                break
            if kind == "paren":
                parens += 1 if match.group() == b"(" else -1
            elif kind == "open" and parens == 0:
                opened = match.start()
                break
        if opened < 0:
            continue
        depth = 1
        while depth and (match := _IN_BODY.search(source, position)) is not None:
            position = match.end()
            if match.lastgroup == "open":
                depth += 1
            elif match.lastgroup == "close":
                depth -= 1
        bodies.append((opened, position if depth == 0 else size))  # unbalanced: to the end, a superset
        if depth:
            break
    return bodies


_LAUNCH_CONFIGURATION = re.compile(rb"<<<.*?>>>", re.DOTALL)
# launch calls whose second and third arguments are the grid and the block
_LAUNCH_CALL = re.compile(
    rb"\b(?:hipLaunchKernelGGL|hipLaunchKernel|cudaLaunchKernel|hipLaunchCooperativeKernel|cudaLaunchCooperativeKernel)\b"
)


def used_only_to_launch(source: bytes, name: bytes, declared_at: int, start: int, end: int) -> bool:
    """Whether the variable `name`, declared at `declared_at`, appears in `source[start:end]` (the
    function that declares it) only there and as a launch's grid or block (`<<<g, name>>>`,
    `hipLaunchKernelGGL(k, g, name, ...)`): nothing else reads, writes or takes the address of
    it, so every launch sees its initial value."""
    inside = [m.span() for m in _LAUNCH_CONFIGURATION.finditer(source, start, end)]
    for call in _LAUNCH_CALL.finditer(source, start, end):
        found = call_arguments(source, call.end(), end)
        if found is not None:
            inside += found[0][1:3]

    def launch_only(found_start: int, found_end: int) -> bool:
        return found_start == declared_at or any(s <= found_start and found_end <= e for s, e in inside)

    # every identifier token spelled `name` is a whole-word match of it; when all the matches
    # are the declaration or in a launch, so are the tokens, and the function need not be
    # tokenized (a switch of 72 launches did so once per launch)
    word = re.compile(rb"\b" + re.escape(name) + rb"\b")
    if all(launch_only(*m.span()) for m in word.finditer(source, start, end)):
        return True
    for found_start, found_end in identifiers(source, start, end):
        if source[found_start:found_end] == name and not launch_only(found_start, found_end):
            return False
    return True
