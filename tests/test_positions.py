from __future__ import annotations

from hipify_plus.diagnostics import Diagnostic
from hipify_plus.edits import Edit, PositionMap, apply_edits
from hipify_plus.positions import line_back, line_diff_edits, place_back
from hipify_plus.source import SourceFile

ORIGINAL = b"#include <cuda_runtime.h>\nint main() {\n  cudaSetDevice(0);\n  return 0;\n}\n"


def _converted() -> tuple[bytes, PositionMap]:
    include = ORIGINAL.index(b"cuda_runtime.h")
    call = ORIGINAL.index(b"cudaSetDevice")
    renames = [
        Edit(include, include + len(b"cuda_runtime.h"), b"hip/hip_runtime.h"),
        Edit(call, call + 13, b"hipSetDevice"),
    ]
    renamed = apply_edits(ORIGINAL, renames)
    inserted = [Edit(renamed.index(b"int main"), renamed.index(b"int main"), b"#define HIPIFY 1\n")]
    return apply_edits(renamed, inserted), PositionMap.of_rounds([renames, inserted])


def test_a_finding_on_converted_code_lands_on_the_users_column() -> None:
    converted, positions = _converted()
    start = converted.index(b"(0)")
    finding = Diagnostic("HP001", "name", "warning", "x", "converted.hip", start, start + 3, 1, 1, 1, 1)
    placed = place_back(finding, positions, SourceFile("user.cu", ORIGINAL))
    assert (placed.path, placed.line, placed.column, placed.end_column) == ("user.cu", 3, 16, 19)
    assert ORIGINAL[placed.start : placed.end] == b"(0)"


def test_compiler_lines_come_back_to_the_users_lines() -> None:
    converted, positions = _converted()
    source, original = SourceFile("c.hip", converted), SourceFile("u.cu", ORIGINAL)
    lines = converted.decode().splitlines()
    assert lines[1] == "#define HIPIFY 1"
    assert [line_back(n, positions, source, original) for n in range(1, 7)] == [1, 2, 2, 3, 4, 5]
    assert line_back(99, positions, source, original) == 6  # past the end: the end of the text
    assert original.offset(2, 500) == ORIGINAL.index(b"\n  cudaSet")


def test_a_line_diff_maps_unchanged_lines_exactly() -> None:
    old = b"a\nb\nc\nd\n"
    new = b"a\nB\nB2\nc\nd\n"
    edits = line_diff_edits(old, new)
    assert apply_edits(old, edits) == new
    positions = PositionMap.of_rounds([edits])
    assert positions.back(new.index(b"c")) == old.index(b"c")
    # an inserted line comes back to a line next to it
    assert old.index(b"b") <= positions.back(new.index(b"B2")) <= old.index(b"c")
    assert line_diff_edits(old, old) == []


def test_a_line_diff_keeps_the_column_of_a_renamed_call() -> None:
    old = b"#include <cuda.h>\n  x = cudaGetLastError(); y = cudaMalloc(&p, n);\n"
    new = (
        b'#include "hip/hip_runtime.h"\n#include <hip/hip_runtime.h>\n  x = hipGetLastError(); y = hipMalloc(&p, n);\n'
    )
    edits = line_diff_edits(old, new)
    assert apply_edits(old, edits) == new
    positions = PositionMap.of_rounds([edits])
    assert positions.back(new.index(b"(&p")) == old.index(b"(&p")
    assert positions.back(new.index(b"; y")) == old.index(b"; y")
