"""The fuzz targets (fuzz/targets.py) over the whole corpus and some random bytes: the smoke
run that keeps them working between fuzzing campaigns."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fuzz.targets import one_input

from .conftest import CORPUS

SEEDS = sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.stat().st_size < 65536)


@pytest.mark.parametrize("path", SEEDS[::3], ids=lambda p: p.relative_to(CORPUS).as_posix())
def test_corpus_files(path: Path) -> None:
    one_input(path.read_bytes())


def test_random_bytes_and_mutations() -> None:
    rng = random.Random(20261129)
    seeds = [p.read_bytes() for p in SEEDS[:40]]
    for _ in range(60):
        data = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 12)):
            position = rng.randrange(len(data) + 1)
            choice = rng.random()
            if choice < 0.4:
                data[position:position] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
            elif choice < 0.7 and data:
                del data[position : position + rng.randint(1, 30)]
            else:
                data[position:position] = rng.choice([b"/*", b'"', b"#if ", b"<<<", b"\\\n", b"}", b"(", b"\xff"])
        one_input(bytes(data))
