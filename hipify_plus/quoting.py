"""How findings and reports quote code: whitespace runs made one space, and code too long for
its place cut in the middle, so that both its start and its end stay readable."""

from __future__ import annotations

ELLIPSIS = "…"


def shorten_code(text: str, width: int = 96) -> str:
    """Code in at most `width` characters: its whitespace runs made one space, and cut in the
    middle (between words where one is near) so that both its start and its end stay readable."""
    value = " ".join(text.split())
    if width < 8 or len(value) <= width:
        return value
    keep = width - 1
    head, tail = keep - keep // 3, keep // 3
    cut = value.rfind(" ", head - 12, head)  # end the head, start the tail at a word's edge
    head = cut if cut > 0 else head
    start = value.find(" ", len(value) - tail, len(value) - tail + 12)
    tail = len(value) - start - 1 if start != -1 else tail
    return value[:head].rstrip() + ELLIPSIS + value[len(value) - tail :].lstrip()
