"""CMake files read as text (never run): command invocations and their arguments, with byte
offsets into the file. The one CMake reader: `convert` rewrites build files from it and the build
rules of `lint` analyse the same commands."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_IDENTIFIER = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
_BRACKET = re.compile(rb"\[(=*)\[")


@dataclass(frozen=True)
class Arg:
    """One argument. `start`/`end` span it as written (quotes and brackets included);
    `value_start`/`value_end` span its content, which `value` holds decoded."""

    start: int
    end: int
    value_start: int
    value_end: int
    value: str
    quoted: bool  # "quoted" or [[bracket]]: one argument whatever it holds
    bracket: bool = False

    def written(self, data: bytes) -> str:
        """The argument as the file spells it, quotes and brackets included."""
        return decode(data[self.start : self.end])


@dataclass
class Command:
    name: str  # lower case, as CMake compares command names
    start: int  # of the name
    name_end: int
    open: int  # offset after "("
    close: int  # offset of ")" (the file's length when unclosed)
    args: list[Arg] = field(default_factory=list)

    @property
    def end(self) -> int:
        return self.close + 1

    def values(self) -> list[str]:
        return [arg.value for arg in self.args]


def decode(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def line_start(data: bytes, offset: int) -> int:
    return data.rfind(b"\n", 0, offset) + 1


def line_end(data: bytes, offset: int) -> int:
    """The offset after the newline that ends offset's line (the file's length on the last)."""
    newline = data.find(b"\n", offset)
    return len(data) if newline == -1 else newline + 1


def _skip_comment(data: bytes, pos: int) -> int:
    """Past the `#` line comment or `#[[ ... ]]` bracket comment that starts at pos (the newline
    of a line comment is not skipped)."""
    bracket = _BRACKET.match(data, pos + 1)
    if bracket:
        close = data.find(b"]" + bracket.group(1) + b"]", bracket.end())
        return len(data) if close == -1 else close + len(bracket.group(1)) + 2
    newline = data.find(b"\n", pos)
    return len(data) if newline == -1 else newline


def scan_commands(data: bytes) -> list[Command]:
    """Every command invocation of the file, in order, comments skipped."""
    commands: list[Command] = []
    pos, size = 0, len(data)
    while pos < size:
        if data[pos] == 0x23:  # '#'
            pos = _skip_comment(data, pos)
            continue
        name = _IDENTIFIER.match(data, pos)
        if name is None or (pos > 0 and (chr(data[pos - 1]).isalnum() or data[pos - 1] == 0x5F)):
            pos += 1
            continue
        paren = name.end()
        while paren < size and data[paren] in b" \t":
            paren += 1
        if paren >= size or data[paren] != 0x28:  # '('
            pos = name.end()
            continue
        command = Command(decode(name.group()).lower(), name.start(), name.end(), paren + 1, size)
        pos = _scan_args(data, command)
        commands.append(command)
    return commands


def _scan_args(data: bytes, command: Command) -> int:
    """Fills command.args and command.close; returns the offset after the `)`."""
    depth, pos, size = 0, command.open, len(data)
    while pos < size:
        char = data[pos]
        if char in b" \t\r\n":
            pos += 1
        elif char == 0x23:
            pos = _skip_comment(data, pos)
        elif char == 0x29:  # ')'
            if depth == 0:
                command.close = pos
                return pos + 1
            depth -= 1
            pos += 1
        elif char == 0x28:
            depth += 1
            pos += 1
        elif char == 0x22:  # '"'
            close = pos + 1
            while close < size and data[close] != 0x22:
                close += 2 if data[close] == 0x5C else 1
            close = min(close, size)
            end = min(close + 1, size)
            command.args.append(Arg(pos, end, pos + 1, close, decode(data[pos + 1 : close]), True))
            pos = end
        elif bracket := _BRACKET.match(data, pos):
            close = data.find(b"]" + bracket.group(1) + b"]", bracket.end())
            close = size if close == -1 else close
            end = min(close + len(bracket.group(1)) + 2, size)
            value = decode(data[bracket.end() : close])
            command.args.append(Arg(pos, end, bracket.end(), close, value, True, bracket=True))
            pos = end
        else:
            end = _unquoted_end(data, pos)
            command.args.append(Arg(pos, end, pos, end, decode(data[pos:end]), False))
            pos = end
    command.close = size
    return size


def split_items(data: bytes, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of the items in data[start:end], an argument's content: split at blanks and `;`,
    with escapes and `${...}` / `$<...>` references kept whole."""
    spans: list[tuple[int, int]] = []
    pos = start
    while pos < end:
        if data[pos] in b" \t\r\n;":
            pos += 1
            continue
        begin = pos
        while pos < end and data[pos] not in b" \t\r\n;":
            if data[pos] == 0x5C:
                pos += 2
            elif data[pos : pos + 2] in (b"${", b"$<"):
                pos = _reference_end(data, pos)
            else:
                pos += 1
        pos = min(pos, end)
        spans.append((begin, pos))
    return spans


def _unquoted_end(data: bytes, pos: int) -> int:
    """The end of an unquoted argument: at a blank, `(`, `)` or `#`, escapes and `${...}` /
    `$<...>` references kept whole, a legacy `a"b c"d` quote too."""
    size = len(data)
    while pos < size and data[pos] not in b" \t\r\n()#":
        if data[pos] == 0x5C:
            pos += 2
        elif data[pos : pos + 2] in (b"${", b"$<"):
            pos = _reference_end(data, pos)
        elif data[pos] == 0x22:
            close = data.find(b'"', pos + 1)
            pos = size if close == -1 else close + 1
        else:
            pos += 1
    return min(pos, size)


def _reference_end(data: bytes, pos: int) -> int:
    """Past the `$<...>` generator expression or `${...}` reference at pos (nested, may hold
    blanks)."""
    depth, size = 0, len(data)
    while pos < size:
        if data[pos : pos + 2] in (b"${", b"$<"):
            depth += 1
            pos += 2
            continue
        if data[pos] in b">}" and depth:
            depth -= 1
            pos += 1
            if depth == 0:
                return pos
            continue
        pos += 1
    return pos
