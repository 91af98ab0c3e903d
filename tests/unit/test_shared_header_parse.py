"""A header linted on its own is read through the parse its includers share (lint/paths.py
`_shared_parse`, cuda/includes.py `parsed_header`): once per process, the same findings as a
parse of its own, and never a parse of other bytes than the ones linted."""

from __future__ import annotations

from pathlib import Path

from hipify_plus.cuda.includes import parsed_header
from hipify_plus.lint.engine import lint
from hipify_plus.lint.paths import _shared_parse, lint_paths
from hipify_plus.lint.settings import LintSettings

from ..conftest import CORPUS

HEADER = b"""#pragma once
#include <cuda_runtime.h>
__device__ inline float lane_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}
#define BLOCK 1024
"""
SOURCE = b"""#include "sum.cuh"
__global__ void __launch_bounds__(256) k(float* p) { p[threadIdx.x] = lane_sum(p[threadIdx.x]); }
void run(float* p) { k<<<1, BLOCK>>>(p); }
"""


def test_a_header_is_parsed_once_for_its_lint_and_its_includers(tmp_path: Path) -> None:
    header = tmp_path / "sum.cuh"
    header.write_bytes(HEADER)
    (tmp_path / "main.cu").write_bytes(SOURCE)
    tree = _shared_parse(str(header), HEADER)
    assert tree is not None and tree is parsed_header(str(header)).tree  # type: ignore[union-attr]
    assert _shared_parse(str(tmp_path / "main.cu"), SOURCE) is None  # not a header
    assert _shared_parse(str(header), HEADER + b"// edited\n") is None  # not what is on disk
    assert _shared_parse(str(tmp_path / "gone.cuh"), HEADER) is None
    run = lint_paths([tmp_path], LintSettings(), None, False, jobs=1)
    assert {d.rule for d in run.diagnostics if d.path.endswith("sum.cuh")} >= {"HP105"}
    # the includer reads the header's macro through the same parse: 1024 threads past the bounds
    assert any(d.path.endswith("main.cu") and d.rule == "HP202" for d in run.diagnostics)


def test_shared_and_own_parses_find_the_same() -> None:
    headers = [p for p in sorted(CORPUS.rglob("*")) if p.suffix in (".cuh", ".h", ".hpp") and p.is_file()]
    assert len(headers) > 10
    settings = LintSettings(select=("ALL",))
    for path in headers:
        data = path.read_bytes()
        shared = _shared_parse(str(path), data)
        assert shared is not None, path
        own = lint(str(path), data, settings)
        assert lint(str(path), data, settings, shared).diagnostics == own.diagnostics, path
