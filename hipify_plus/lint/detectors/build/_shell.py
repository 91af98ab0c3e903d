"""Shell words of a command line or a flag string, with their byte spans (quotes and escapes
removed), as make and CMake hand them to the compiler."""

from __future__ import annotations

from hipify_plus.lint.detectors.build._model import _Word


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
