"""HIP types whose struct has another tag (rules/mappings/struct_tags.tsv).

CUDA's `cudaGraphicsResource` is a struct, so CUDA code writes `struct cudaGraphicsResource *r;`.
HIP's `hipGraphicsResource` is `typedef struct _hipGraphicsResource hipGraphicsResource;`, and
`struct hipGraphicsResource` does not compile; after the `struct` keyword the tag is written.
"""

from __future__ import annotations

import re
from functools import cache

from hipify_plus.data import data_dir

_STRUCT_BEFORE = re.compile(rb"(?<![\w$])struct\s+$")


@cache
def tags() -> dict[str, str]:
    """HIP typedef name -> the tag of its struct."""
    found: dict[str, str] = {}
    path = data_dir("rules") / "mappings" / "struct_tags.tsv"
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if line.startswith("#") or len(cells) < 2 or cells[0] == "hip":
            continue
        found[cells[0]] = cells[1]
    return found


def respell(data: bytes, start: int, target: str) -> str:
    """`target`, or its struct's tag when the name at `start` follows the `struct` keyword."""
    tag = tags().get(target)
    if tag is None:
        return target
    return tag if _STRUCT_BEFORE.search(data, max(0, start - 64), start) else target
