"""One way to run per-file jobs: inline for a few files, on a process pool for more, results in
submission order. convert and lint both use it (their jobs catch their own exceptions)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

_A = TypeVar("_A")
_R = TypeVar("_R")

# Below this many jobs, or this many bytes of input in all, starting worker processes costs more
# than it saves (measured on 2 cores: a 42 kB tree of 7 files converts faster in one process,
# 108 kB of 13 files faster in two).
MIN_PARALLEL_FILES = 4
MIN_PARALLEL_BYTES = 64 * 1024


def worker_count(jobs: int) -> int:
    """How many workers `-j jobs` means: 0 is one per core."""
    return max(1, jobs or os.cpu_count() or 1)


class Workers:
    """`with Workers(jobs, sizes) as workers: workers.map(f, items)`; jobs 0 means one worker per
    CPU; `sizes`: the bytes each job reads. A pool starts only for at least MIN_PARALLEL_FILES
    jobs and MIN_PARALLEL_BYTES in all, with more than one worker, and serves every `map`
    inside the `with`. `before_pool` runs first when a pool starts: what it imports and loads,
    the forked workers have without doing it each."""

    def __init__(self, jobs: int, sizes: list[int], before_pool: Callable[[], object] | None = None) -> None:
        workers = worker_count(jobs)
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None
        if workers > 1 and len(sizes) >= MIN_PARALLEL_FILES and sum(sizes) >= MIN_PARALLEL_BYTES:
            from concurrent.futures import ProcessPoolExecutor  # multiprocessing: only when a pool starts

            if before_pool is not None:
                before_pool()
            self.pool = ProcessPoolExecutor(max_workers=workers)

    def map(self, function: Callable[[_A], _R], items: Iterable[_A]) -> Iterator[_R]:
        items = list(items)
        if self.pool is None:
            return (function(item) for item in items)
        return self.pool.map(function, items, chunksize=max(1, len(items) // (self.workers * 4)))

    def __enter__(self) -> Workers:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
