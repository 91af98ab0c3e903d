#!/usr/bin/env python3
"""Cross-check the generated mapping data against HIPIFY's own C++ tables.

Usage: python tools/crosscheck_hipify_sources.py HIPIFY_SRC_DIR [MAPPINGS_DIR]

HIPIFY keeps the facts the markdown tables are rendered from in src/CUDA2HIP_*.cpp: per CUDA name
its HIP and ROC names (the *_MAP tables) and, per CUDA/HIP/ROC name, the releases it appeared,
was deprecated and removed (the *_VER_MAP tables; HIP_6010 is 6.1.0). Some of the newest markdown
tables were transcribed by hand (../shared/hipify-tables-7/SOURCES.md), so before a version number
decides what convert writes, this compares every generated row the sources know: the HIP/ROC
name and its added/deprecated/removed releases. Rows whose table release is newer than the
newest release the sources name are counted apart (the sources cannot confirm them). Prints the
disagreements and a count per library; exit 1 if there is any.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_COUNTER = re.compile(r'\{"(\w+)",\s*\{"([\w:]*)",\s*"([\w:]*)",\s*(CONV_\w+)')
_VERSIONS = re.compile(
    r'\{"([\w:]+)",\s*\{\s*(HIP_\d+|CUDA_\d+|CUDNN_\d+|HIP_0|CUDA_0),\s*(\w+),\s*(\w+)(?:,\s*(\w+))?\s*\}\}'
)
_HIP_NUMBER = re.compile(r"^HIP_(\d)(\d\d)(\d)$")


def hip_release(token: str) -> str:
    """HIP_6010 -> 6.1.0, HIP_3100 -> 3.10.0, HIP_0 -> ''."""
    match = _HIP_NUMBER.match(token)
    return f"{match.group(1)}.{int(match.group(2))}.{match.group(3)}" if match else ""


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", version))


def read_sources(src: Path) -> tuple[dict[str, tuple[str, str]], dict[str, tuple[str, str, str]], str]:
    """(CUDA name -> (HIP name, ROC name), HIP/ROC name -> (added, deprecated, removed), newest)."""
    names: dict[str, tuple[str, str]] = {}
    versions: dict[str, tuple[str, str, str]] = {}
    newest = "0"
    for path in sorted(src.glob("CUDA2HIP_*.cpp")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for cuda, hip, roc, _conv in _COUNTER.findall(text):
            names.setdefault(cuda, (hip, roc))
        for name, added, deprecated, removed, _experimental in _VERSIONS.findall(text):
            if not added.startswith("HIP_"):
                continue
            found = tuple(hip_release(t) for t in (added, deprecated, removed))
            versions[name] = found  # type: ignore[assignment]
            newest = max([newest, *[v for v in found if v]], key=_key)
    return names, versions, newest


def _rows(mappings: Path):
    for path in sorted(mappings.glob("*.tsv")):
        columns: list[str] | None = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                continue
            cells = line.split("\t")
            if columns is None:
                columns = cells
                if "hip_added" not in columns or "hip_deprecated" not in columns:
                    break  # not a generated table
                continue
            yield path.stem, dict(zip(columns, cells, strict=False))


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    src = Path(argv[1])
    src = src / "src" if (src / "src").is_dir() else src
    mappings = Path(argv[2]) if len(argv) > 2 else ROOT / "rules" / "mappings"
    names, versions, newest = read_sources(src)
    if not names:
        print(f"error: no CUDA2HIP_*.cpp tables in {src}", file=sys.stderr)
        return 2
    compared: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    newer: Counter[str] = Counter()
    for library, row in _rows(mappings):
        cuda = row["cuda"]
        for side in ("hip", "roc"):
            name = row.get(side, "")
            if not name:
                continue
            if cuda in names and names[cuda][0 if side == "hip" else 1] not in ("", name):
                if library != "cudnn" or side == "roc":
                    wrong[library] += 1
                    print(
                        f"{library}\t{cuda}\t{side} name: tables {name}, "
                        f"sources {names[cuda][0 if side == 'hip' else 1]}"
                    )
                continue
            known = versions.get(name)
            table = (row.get(f"{side}_added", ""), row.get(f"{side}_deprecated", ""), row.get(f"{side}_removed", ""))
            if known is None:
                continue
            if any(v and _key(v) > _key(newest) for v in table):
                newer[library] += 1
                continue
            compared[library] += 1
            if table != known:
                wrong[library] += 1
                print(f"{library}\t{cuda}\t{name}: tables A/D/R {'/'.join(table)}, sources {'/'.join(known)}")
    print(f"# sources name releases up to {newest}")
    for library in sorted(set(compared) | set(wrong) | set(newer)):
        print(
            f"# {library:10s} compared {compared[library]:5d}  disagree {wrong[library]:4d}  "
            f"newer than the sources {newer[library]:4d}"
        )
    return 1 if sum(wrong.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
