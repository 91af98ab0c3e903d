#!/usr/bin/env python3
"""Draw a reproducible random sample of lint findings on real projects, to judge by reading the
code (the record of judged samples is bench/lint_precision.md; this is a benchmark, not a test).

Each PROJECT argument is `name=DIR` (the project's folder) or `name=FILE.json` (the output of
`hipify-plus lint DIR --output-format json --exit-zero`). Findings of all projects are pooled,
sorted by (project, path, line, column, rule) and sampled with `random.Random(SEED)`, so the same
seed over the same findings gives the same sample. `--select HP1,HP2` keeps those rule prefixes.

Usage: python bench/lint_precision_sample.py --seed 12 --size 50 [--select HP1,HP2]
           llm.c=/work/real/llm.c cuda-samples=/work/real/cuda-samples ...
Prints a Markdown table (#, file:line, rule, message) with an empty verdict column.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def findings(spec: str) -> tuple[str, Path, list[dict]]:
    name, _, where = spec.partition("=")
    path = Path(where)
    if path.suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        root = Path(data.get("root", "")) if isinstance(data, dict) else Path()
    else:
        command = [
            str(ROOT / ".venv" / "bin" / "hipify-plus"),
            "lint",
            str(path),
            "--output-format",
            "json",
            "--exit-zero",
        ]
        data = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        root = path
    diagnostics = data if isinstance(data, list) else data["diagnostics"]
    return name, root, diagnostics


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("projects", nargs="+", help="name=DIR or name=FILE.json")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--size", type=int, default=50)
    parser.add_argument("--select", default="", help="comma-separated rule id prefixes (default: all)")
    parser.add_argument("--strip", default="", help="path prefix to drop from file names")
    args = parser.parse_args()
    prefixes = tuple(p for p in args.select.split(",") if p)
    pool: list[tuple[str, str, int, int, str, str]] = []
    for spec in args.projects:
        name, _, diagnostics = findings(spec)
        for d in diagnostics:
            if prefixes and not d["rule"].startswith(prefixes):
                continue
            path = d["path"].removeprefix(args.strip)
            pool.append((name, path, d["line"], d["column"], d["rule"], d["message"]))
    pool.sort()
    sample = sorted(random.Random(args.seed).sample(pool, min(args.size, len(pool))))
    print(f"{len(pool)} findings, seed {args.seed}, sample of {len(sample)}\n")
    print("| # | file:line | rule | message | verdict | reason |")
    print("| --- | --- | --- | --- | --- | --- |")
    for index, (_, path, line, _, rule, message) in enumerate(sample, 1):
        shown = message.replace("|", "\\|")
        if len(shown) > 160:
            shown = shown[:157] + "..."
        print(f"| {index} | `{path}:{line}` | {rule} | {shown} | | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
