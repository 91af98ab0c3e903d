"""pool.Workers: a process pool only where it pays (enough jobs and bytes, more than one
worker), results in submission order either way; and a convert run through the pool writes
what a run in one process writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hipify_plus.cli import main
from hipify_plus.pool import MIN_PARALLEL_BYTES, MIN_PARALLEL_FILES, Workers


def _square(value: int) -> tuple[int, int]:
    return value * value, os.getpid()


@pytest.mark.parametrize(
    ("jobs", "sizes", "pooled"),
    [
        (2, [MIN_PARALLEL_BYTES] * MIN_PARALLEL_FILES, True),
        (1, [MIN_PARALLEL_BYTES] * MIN_PARALLEL_FILES, False),  # one worker: in this process
        (2, [MIN_PARALLEL_BYTES] * (MIN_PARALLEL_FILES - 1), False),  # too few jobs
        (2, [100] * 40, False),  # too little input: a small tree is faster in one process
    ],
)
def test_pool_only_where_it_pays(jobs: int, sizes: list[int], pooled: bool) -> None:
    prepared: list[bool] = []
    with Workers(jobs, sizes, lambda: prepared.append(True)) as workers:
        results = list(workers.map(_square, range(len(sizes))))
    assert [square for square, _ in results] == [i * i for i in range(len(sizes))]
    assert (workers.pool is not None) == pooled
    assert prepared == ([True] if pooled else [])
    assert any(pid != os.getpid() for _, pid in results) == pooled


def test_convert_through_the_pool_writes_what_one_process_writes(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    kernel = "__global__ void k{n}(float* p) {{ p[threadIdx.x] = {n}.0f; }}\n"
    body = "".join(kernel.format(n=n) for n in range(400))  # about 20 kB a file
    for index in range(MIN_PARALLEL_FILES + 1):
        (source / f"part{index}.cu").write_text(f"#include <cuda_runtime.h>\n{body}")
    assert sum(p.stat().st_size for p in source.iterdir()) >= MIN_PARALLEL_BYTES
    outputs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}"
        code = main(["convert", str(source), "-o", str(out), "--no-cache", "--no-progress", "-q", "-j", jobs])
        assert code in (0, 1)
        outputs[jobs] = {p.name: p.read_bytes() for p in sorted(out.iterdir()) if p.suffix == ".cu"}
    assert len(outputs["2"]) == MIN_PARALLEL_FILES + 1
    assert outputs["1"] == outputs["2"]
