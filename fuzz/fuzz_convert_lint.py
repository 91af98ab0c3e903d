#!/usr/bin/env python3
"""Coverage-guided fuzzing of convert, lint and build-file conversion with atheris.

    pip install atheris
    python fuzz/fuzz_convert_lint.py corpus/translate corpus/lint -max_total_time=600

Seeds come from the corpus folders given; crashes are written as crash-* files.
"""

import sys
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

with atheris.instrument_imports():
    from fuzz.targets import one_input


def main() -> None:
    seeds = [a for a in sys.argv[1:] if not a.startswith("-")]
    flags = [a for a in sys.argv[1:] if a.startswith("-")]
    seed_dir = Path("fuzz-seeds")
    seed_dir.mkdir(exist_ok=True)
    for folder in seeds:
        for path in Path(folder).rglob("*"):
            if path.is_file() and path.stat().st_size < 65536:
                (seed_dir / path.name).write_bytes(path.read_bytes())
    atheris.Setup([sys.argv[0], str(seed_dir), *flags], one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
