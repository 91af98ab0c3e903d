"""`lint --add-noqa`: suppression comments for today's findings, as byte-range edits.

Each finding gets `hipify-plus: ignore[HPnnn]` on its own line (suppressions.py reads it there):

- a suppression that already covers that line (trailing on it, or alone on the line above) takes
  the new codes into its list: `ignore[HP103]` becomes `ignore[HP103, HP105]`;
- else a trailing comment, `  // hipify-plus: ignore[HP103]` (`  # ...` in CMake files and
  setup.py), where one cannot change what the line means: not on a line that ends inside a
  string or block comment (a raw string, a quoted CMake argument, a triple-quoted Python
  string), that is continued with `\\`, that belongs to a preprocessor directive (the parser
  keeps a `#define`'s trailing comment inside the macro, where no suppression is seen), or that
  is a comment only (the comment would then be alone on its line and cover the next one);
- else a suppression alone on a new line above, with the line's indentation: allowed where the
  line does not start inside a string or comment and the line above is not continued with `\\`
  (a new line in the middle of a macro would end it). Makefiles always get this form, at column
  0: make keeps the blanks before a trailing `#` in a variable's value, and a recipe line's
  comment goes to the shell; a line inside `define ... endef` gets none (it is the variable's
  text);
- else the finding is left, with the reason.

HP901 and HP902 (findings about suppressions themselves) are never suppressed this way.
"""

from __future__ import annotations

import io
import re
import tokenize
from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass, field

from hipify_plus.diagnostics import Diagnostic
from hipify_plus.edits import Edit
from hipify_plus.filekinds import file_kind
from hipify_plus.lint.suppressions import DIRECTIVE, Suppression, parse_suppressions
from hipify_plus.source import SourceFile

NOT_SUPPRESSED = frozenset({"HP901", "HP902"})
_HASH_COMMENT = re.compile(rb"#[^\n]*")  # what the engine reads as a build file's comments
_CMAKE_NON_CODE = re.compile(
    rb"""\#\[(?P<c>=*)\[.*?\](?P=c)\]   # bracket comment
       | \#[^\n]*                        # line comment
       | \[(?P<b>=*)\[.*?\](?P=b)\]      # bracket argument
       | "(?:[^"\\]|\\.)*"?              # quoted argument (may span lines)
    """,
    re.VERBOSE | re.DOTALL,
)
_MAKE_DEFINE = re.compile(rb"^\s*(?:(?:override|export|private)\s+)*define\b")
_MAKE_ENDEF = re.compile(rb"^\s*endef\b")


@dataclass
class Plan:
    """The edits for one file, how many codes they write, and the findings left as they are."""

    edits: list[Edit] = field(default_factory=list)
    codes: int = 0
    left: list[tuple[Diagnostic, str]] = field(default_factory=list)


@dataclass
class _Lines:
    """What each line allows."""

    source: SourceFile
    comment_token: bytes
    engine_comments: list[tuple[int, int]]  # what the engine reads as comments: suppressions live there
    comments: list[tuple[int, int]]  # the file's real comments, sorted (for "has code")
    non_code: list[tuple[int, int]]  # comments and strings, multi-line ones included, sorted
    make: bool = False
    directive: set[int] = field(default_factory=set)  # C preprocessor lines
    frozen: set[int] = field(default_factory=set)  # lines nothing may be added to or above (make define)
    broken: str = ""  # why nothing can be placed in this file at all

    def bounds(self, line: int) -> tuple[int, int]:
        """(start, end) of the line's text, without its line break."""
        starts, data = self.source.line_starts, self.source.data
        start = starts[line - 1]
        end = starts[line] - 1 if line < len(starts) else len(data)
        if end > start and data[end - 1 : end] == b"\r":
            end -= 1
        return start, end

    def text(self, line: int) -> bytes:
        start, end = self.bounds(line)
        return self.source.data[start:end]

    def continued(self, line: int) -> bool:
        return 1 <= line < len(self.source.line_starts) and self.text(line).rstrip().endswith(b"\\")

    def _covering(self, spans: list[tuple[int, int]], offset: int) -> tuple[int, int] | None:
        index = bisect_right(spans, (offset, len(self.source.data) + 1)) - 1
        if index >= 0 and spans[index][0] <= offset < spans[index][1]:
            return spans[index]
        return None

    def ends_inside(self, line: int) -> bool:
        """True when the line's break is inside a string or comment that goes on past it."""
        starts = self.source.line_starts
        end = starts[line] - 1 if line < len(starts) else len(self.source.data)
        span = self._covering(self.non_code, end)
        return span is not None and span[0] < end

    def starts_inside(self, line: int) -> bool:
        start, _ = self.bounds(line)
        span = self._covering(self.non_code, start)
        return span is not None and span[0] < start

    def has_code(self, line: int) -> bool:
        start, end = self.bounds(line)
        data = self.source.data
        pos = start
        while pos < end:
            if data[pos : pos + 1].isspace():
                pos += 1
                continue
            span = self._covering(self.comments, pos)
            if span is None:
                return True
            pos = span[1]
        return False

    def newline(self, line: int) -> bytes:
        start, end = self.bounds(line)
        return b"\r\n" if self.source.data[end : end + 2] == b"\r\n" else b"\n"


def plan_suppressions(path: str, data: bytes, diagnostics: list[Diagnostic]) -> Plan:
    """Edits that suppress `diagnostics` (findings of this file, made on `data`)."""
    plan = Plan()
    wanted: dict[int, list[Diagnostic]] = defaultdict(list)
    for d in diagnostics:
        if d.rule not in NOT_SUPPRESSED:
            wanted[d.line].append(d)
    if not wanted:
        return plan
    lines = _analyse(path, data)
    existing = {
        s.line: s
        for s in reversed(parse_suppressions(lines.source, lines.engine_comments))
        if not s.file_level and s.codes
    }
    for line in sorted(wanted):
        found = wanted[line]
        codes = sorted({d.rule for d in found})
        if lines.broken:
            plan.left += [(d, lines.broken) for d in found]
            continue
        suppression = existing.get(line)
        if suppression is not None:
            edit, added = _merge(data, suppression, codes)
            if edit is not None:
                plan.edits.append(edit)
            plan.codes += added
            continue
        edit, why = _new_comment(lines, line, codes)
        if edit is None:
            plan.left += [(d, why) for d in found]
            continue
        plan.edits.append(edit)
        plan.codes += len(codes)
    return plan


_DIRECTIVE_BYTES = re.compile(DIRECTIVE.pattern.encode())


def _merge(data: bytes, suppression: Suppression, codes: list[str]) -> tuple[Edit | None, int]:
    """The edit that adds `codes` to an existing `ignore[...]` list, and how many it adds."""
    # suppression.start counts characters of its comment, so the directive's bytes start there
    # or a little later (non-ASCII text before it in the same comment)
    line_end = data.find(b"\n", suppression.start)
    match = _DIRECTIVE_BYTES.search(data, suppression.start, len(data) if line_end < 0 else line_end)
    if match is None or match.group(2) is None:
        return None, 0
    new = [c for c in codes if c not in suppression.codes]
    if not new:
        return None, 0
    start, end = match.span(2)
    merged = ", ".join([*suppression.codes, *new])
    return Edit(start, end, merged.encode()), len(new)


def _directive(codes: list[str]) -> bytes:
    return f"hipify-plus: ignore[{', '.join(codes)}]".encode()


def _new_comment(lines: _Lines, line: int, codes: list[str]) -> tuple[Edit | None, str]:
    directive = lines.comment_token + b" " + _directive(codes)
    if line in lines.frozen:
        return None, "the line is inside a make `define` block (a comment there is part of the variable)"
    trailing_ok = (
        not lines.make
        and not lines.continued(line)
        and line not in lines.directive
        and not lines.ends_inside(line)
        and lines.has_code(line)
    )
    if trailing_ok:
        _, end = lines.bounds(line)
        text = lines.text(line)
        separator = b"" if text[-1:].isspace() else b"  "
        return Edit(end, end, separator + directive), ""
    if lines.starts_inside(line):
        return None, "the line starts inside a multi-line string or comment"
    if lines.continued(line - 1):
        return None, "the line continues the one above (`\\`): a comment line there would end a macro or statement"
    start, _ = lines.bounds(line)
    text = lines.text(line)
    indent = b"" if lines.make else text[: len(text) - len(text.lstrip(b" \t"))]
    return Edit(start, start, indent + directive + lines.newline(line)), ""


def _analyse(path: str, data: bytes) -> _Lines:
    kind = file_kind(path)
    source = SourceFile(path, data)
    if kind == "source":
        return _c_lines(source)
    engine = [m.span() for m in _HASH_COMMENT.finditer(data)]
    if kind == "cmake":
        tokens = list(_CMAKE_NON_CODE.finditer(data))
        comments = [m.span() for m in tokens if m.group().startswith(b"#")]
        return _Lines(source, b"#", engine, comments, [m.span() for m in tokens])
    if kind == "setup":
        return _python_lines(source, engine)
    lines = _Lines(source, b"#", engine, engine, [], make=True)
    inside = False
    for number in range(1, len(source.line_starts) + 1):
        text = lines.text(number)
        if inside:
            lines.frozen.add(number)
            if _MAKE_ENDEF.match(text) and not lines.continued(number - 1):
                inside = False
        elif _MAKE_DEFINE.match(text) and not lines.continued(number - 1):
            inside = True
    return lines


def _c_lines(source: SourceFile) -> _Lines:
    from hipify_plus.lexer import non_code_spans
    from hipify_plus.parse import nodes_of_types, parse

    tree = parse(source.data)
    comments = [(n.start_byte, n.end_byte) for n in nodes_of_types(tree, frozenset({"comment"}))]
    comments.sort()
    lines = _Lines(source, b"//", comments, comments, non_code_spans(source.data))
    in_directive = False
    for number in range(1, len(source.line_starts) + 1):
        if not in_directive and not lines.starts_inside(number):
            in_directive = lines.text(number).lstrip().startswith(b"#")
        if in_directive:
            lines.directive.add(number)
        in_directive = in_directive and lines.continued(number)
    return lines


def _python_lines(source: SourceFile, engine_comments: list[tuple[int, int]]) -> _Lines:
    starts = source.line_starts
    strings: list[tuple[int, int]] = []
    comments: list[tuple[int, int]] = []
    try:
        for token in tokenize.tokenize(io.BytesIO(source.data).readline):
            if token.type not in (tokenize.STRING, tokenize.COMMENT):
                continue
            (srow, scol), (erow, ecol) = token.start, token.end
            # tokenize counts columns in characters of the decoded line: back to bytes
            start = starts[srow - 1] + len(source.line_text(srow)[:scol].encode())
            end = starts[erow - 1] + len(source.line_text(erow)[:ecol].encode())
            (comments if token.type == tokenize.COMMENT else strings).append((start, end))
    except (tokenize.TokenError, SyntaxError, UnicodeDecodeError) as exc:
        lines = _Lines(source, b"#", engine_comments, [], [])
        lines.broken = f"the file does not tokenize as Python ({exc.__class__.__name__})"
        return lines
    return _Lines(source, b"#", engine_comments, sorted(comments), sorted(strings + comments))
