"""HP714: `CUDART_CB` (the callback calling convention, empty on Linux) and `__grid_constant__`
(a const kernel parameter whose address CUDA takes without a copy): words HIP's headers do not
define, which hip-clang then reads as a type or a name. Both are deleted, with the space after
them."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import in_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import file_detector

_WORDS = re.compile(rb"\b(CUDART_CB|__grid_constant__)\b[ \t]*")
_WHY = {
    "CUDART_CB": "the calling convention of CUDA's callbacks (empty on Linux): HIP has none, and its callback "
    "types take the default convention",
    "__grid_constant__": "CUDA's no-copy kernel parameter: HIP does not define it, and AMD passes kernel "
    "arguments in a read-only buffer; the parameter stays const",
}


@file_detector(emits=("HP714",), names=("CUDART_CB", "__grid_constant__"))
def cuda_only_specifier(ctx: LintContext) -> None:
    if not ctx.is_hip:
        return
    data = ctx.data
    root = ctx.tree.root_node
    for found in _WORDS.finditer(data):
        start, end = found.span()
        if in_text(root, start, found.end(1)):
            continue
        line_start = data.rfind(b"\n", 0, start) + 1
        if data[line_start:start].lstrip().startswith(b"#"):
            continue  # `#define CUDART_CB` or `#ifdef CUDART_CB`: the project spells it itself
        word = found.group(1).decode()
        fix = ctx.fix("HP714", f"Delete `{word}`", [Edit(start, end, b"")])
        ctx.report("HP714", (start, found.end(1)), f"`{word}` is {_WHY[word]}: delete it", fix)
