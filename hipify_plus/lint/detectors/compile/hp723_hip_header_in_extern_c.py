"""HP723: a HIP or ROCm header included inside an `extern "C" { }` block. CUDA's `cuda.h` and
`cuda_runtime_api.h` are C headers, and nvcc has included `cuda_runtime.h` before the block anyway;
HIP's headers declare C++ templates when compiled as C++, and hip-clang stops with "templates must
have C++ linkage" (Rodinia's b+tree: `#include "cuda.h"` inside `extern "C"`). The fix includes the
same header once more just before the block, where its include guard makes the one inside a no-op."""

from __future__ import annotations

import re

from hipify_plus.edits import Edit
from hipify_plus.lexer import non_code_spans
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import file_detector

_EXTERN_C = re.compile(rb'\bextern[ \t]*"C"[ \t\r\n]*\{')
_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"\n]+)[>"]', re.MULTILINE)
_DIRECTIVE = re.compile(rb"^[ \t]*#[ \t]*(if|ifdef|ifndef|endif)\b", re.MULTILINE)
_CPLUSPLUS_TEST = re.compile(
    rb"[ \t]*#[ \t]*(?:ifdef[ \t]+__cplusplus|if[ \t]+defined[ \t]*\(?[ \t]*__cplusplus"
    rb"[ \t]*\)?)[ \t]*(?://[^\n]*)?\r?\n[ \t\r\n]*$"
)
# the headers of HIP and the ROCm libraries, as convert writes them
HIP_HEADER = re.compile(r"^(?:hip/|hip[a-z]*[./]|roc[a-z]*[./]|miopen/|rccl|thrust/|hipcub/|rocprim/)")


def _masked(data: bytes) -> bytes:
    """`data` with comments and literals blanked, offsets kept."""
    out = bytearray(data)
    for start, end in non_code_spans(data):
        out[start:end] = b" " * (end - start)
    return bytes(out)


def _block_end(code: bytes, open_brace: int) -> int:
    depth = 0
    for index in range(open_brace, len(code)):
        byte = code[index]
        if byte == 0x7B:
            depth += 1
        elif byte == 0x7D:
            depth -= 1
            if depth == 0:
                return index
    return len(code)


def _conditional_depth(data: bytes, start: int, end: int) -> int:
    """How many #if levels opened between `start` and `end` are still open at `end`."""
    depth = 0
    for match in _DIRECTIVE.finditer(data, start, end):
        depth += -1 if match.group(1) == b"endif" else 1
    return depth


def _block_start(data: bytes, extern: int) -> int:
    """Where the block starts: the `#ifdef __cplusplus` line just before `extern "C"`, if any."""
    line = data.rfind(b"\n", 0, extern) + 1
    if data[line:extern].strip():
        return extern  # something else on the line before `extern`: insert right at it
    before = data.rfind(b"\n", 0, max(line - 1, 0)) + 1 if line > 0 else 0
    if line > 0 and _CPLUSPLUS_TEST.match(data, before, line):
        return before
    return line


@file_detector(emits=("HP723",), names=('"C"',))
def hip_header_in_extern_c(ctx: LintContext) -> None:
    data = ctx.data
    if not ctx.is_hip or b'"C"' not in data or b"include" not in data:
        return
    code = _masked(data)
    newline = b"\r\n" if b"\r\n" in data else b"\n"
    for extern in _EXTERN_C.finditer(data):
        if code[extern.start() : extern.start() + 6] != b"extern":
            continue  # inside a comment or a string
        end = _block_end(code, extern.end() - 1)
        start = _block_start(data, extern.start())
        before = {m.group(2) for m in _INCLUDE.finditer(data, 0, start)}
        for include in _INCLUDE.finditer(data, extern.end(), end):
            header = include.group(2).decode("utf-8", "replace").strip()
            if not HIP_HEADER.match(header) or include.group(2) in before:
                continue
            node = ctx.tree.root_node.descendant_for_byte_range(include.start(), include.end())
            if node is not None and ctx.inactive_on_amd(node):
                continue
            where = (include.start(1), include.end())
            message = (
                f'`<{header}>` is included inside `extern "C"`: HIP\'s headers are C++ and hip-clang '
                'rejects their templates there ("templates must have C++ linkage")'
            )
            if _conditional_depth(data, extern.end(), include.start()) > 0:
                ctx.report("HP723", where, message + '; include it before the extern "C" block')
                continue
            open_, close = (b"<", b">") if include.group(1) == b"<" else (b'"', b'"')
            line = (
                b"#include " + open_ + include.group(2) + close + b'  // hipify-plus: before extern "C", '
                b"which HIP's C++ headers cannot be inside" + newline
            )
            fix = ctx.fix("HP723", f'Include <{header}> before the extern "C" block', [Edit(start, start, line)])
            ctx.report(
                "HP723",
                where,
                message + "; it is included once more before the block, where its include guard makes this one a no-op",
                fix,
            )
            before.add(include.group(2))
