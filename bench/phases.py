#!/usr/bin/env python3
"""Where a command's time goes, per phase and per detector, without a profiler's distortion: the
command runs in this process with one worker (a profiler that hooks every call multiplies the
cost of the many small calls tree walks make), and each phase function is wrapped with a timer.

    python bench/phases.py lint PROJECT [PATH ...]      lint PATHs (default: .) from PROJECT
    python bench/phases.py convert PROJECT              convert PROJECT into a scratch folder

It prints the whole command's seconds, the import of the detector modules, the parses, the
engine's walk, the renamer and convert's trigger checks, the sum over detectors and the 25
costliest detectors (a per-file analysis shared by several detectors is charged to the first
that asks). Caches across runs are off (`--no-cache`); timings are wall seconds of this
process. Not a test: tests never assert on time.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SECONDS: Counter[str] = Counter()


def timed(function: Callable[..., Any], key: str) -> Callable[..., Any]:
    @wraps(function)
    def run(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            SECONDS[key] += time.perf_counter() - start

    return run


def wrap(module: Any, name: str, key: str) -> None:
    setattr(module, name, timed(getattr(module, name), key))


def instrument() -> None:
    from hipify_plus import pipeline
    from hipify_plus.lint import engine, registry
    from hipify_plus.translate import engine as translator

    start = time.perf_counter()
    registry.detectors()
    SECONDS["import of the detectors"] = time.perf_counter() - start
    for item in registry._REGISTERED:
        name = f"detector {item.function.__module__.rsplit('.', 1)[-1]}.{item.function.__name__}"
        object.__setattr__(item, "function", timed(item.function, name))
    registry.detectors.cache_clear()
    engine._detectors_for.cache_clear()
    engine._dispatch.cache_clear()
    wrap(engine, "parse", "lint: parse")
    wrap(engine, "nodes_of_types", "lint: the engine's walk")
    wrap(engine, "lint", "lint: everything")
    wrap(translator, "parse", "convert: rename's parse")
    wrap(translator, "translation_nodes", "convert: rename's walk")
    wrap(pipeline, "rename", "convert: rename")
    wrap(pipeline.ConvertRule, "wanted", "convert: trigger checks")
    wrap(engine, "lint_and_fix", "convert: rewrites (lint and fix rounds)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("lint", "convert"))
    parser.add_argument("project", type=Path)
    parser.add_argument("paths", nargs="*", default=["."])
    args = parser.parse_args()
    os.cpu_count = lambda: 1  # lint's default -j: one worker, in this process
    instrument()
    from hipify_plus.cli import main as cli

    os.chdir(args.project)
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["XDG_CACHE_HOME"] = scratch
        if args.command == "lint":
            argv = ["lint", *args.paths, "--no-cache"]
        else:
            argv = ["convert", ".", "-o", str(Path(scratch) / "out"), "--no-cache", "--skip-others", "-j", "1"]
        sys.argv = ["hipify-plus", *argv]
        start = time.perf_counter()
        quiet = contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO())
        with quiet[0], quiet[1], contextlib.suppress(SystemExit):
            cli()
        SECONDS["the whole command"] = time.perf_counter() - start
    detectors = {k: v for k, v in SECONDS.items() if k.startswith("detector ")}
    phases = {k: v for k, v in SECONDS.items() if k not in detectors}
    phases["detectors, summed"] = sum(detectors.values())
    for name, seconds in sorted(phases.items(), key=lambda kv: -kv[1]):
        print(f"{seconds:8.3f}  {name}")
    for name, seconds in Counter(detectors).most_common(25):
        print(f"{seconds:8.3f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
