"""HP703: `k << <g, b >> >(x)` -> `k<<<g, b>>>(x)`: hip-clang needs the chevrons as one token."""

from __future__ import annotations

import re

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse.launch_tokens import spaced_launch_tokens

_BLANKS_BEFORE = re.compile(rb"[ \t]+$")
_BLANKS_AFTER = re.compile(rb"[ \t]+")


def _joined(data: bytes, start: int, end: int) -> Edit:
    """The edit making one spaced chevron run a token, taking the blanks beside it on its line
    (`k << <g` -> `k<<<g`, `b >> >(` -> `b>>>(`)."""
    token = data[start : start + 1] * 3
    before = _BLANKS_BEFORE.search(data, max(0, start - 32), start)
    if before is not None:
        start = before.start()
    if token == b"<<<":
        after = _BLANKS_AFTER.match(data, end)
        if after is not None:
            end = after.end()
    return Edit(start, end, token)


# HP703
@file_detector(emits=("HP703",), names=("<<",))
def spaced_kernel_launch(ctx: LintContext) -> None:
    data = ctx.data
    if b"<<" not in data:
        return
    spans = spaced_launch_tokens(data)
    index = 0
    while index < len(spans):
        opening = spans[index]
        group = [opening]
        # the closing run belongs to this launch when it is spaced too (`>> >`)
        if index + 1 < len(spans) and data[spans[index + 1][0]] == ord(">"):
            group.append(spans[index + 1])
            index += 1
        index += 1
        edits = [_joined(data, s, e) for s, e in group]
        fix = ctx.fix("HP703", "Join the launch chevrons: `<<<`, `>>>`", edits)
        ctx.report(
            "HP703",
            opening,
            "kernel launch with spaced chevrons: hip-clang reads "
            "`<< <` as a shift and a comparison; write `<<<` and `>>>`",
            fix,
        )
