"""HIP types whose struct has another tag (rules/mappings/struct_tags.tsv).

CUDA's `cudaGraphicsResource` is a struct, so CUDA code writes `struct cudaGraphicsResource *r;`.
HIP's `hipGraphicsResource` is `typedef struct _hipGraphicsResource hipGraphicsResource;`, and
`struct hipGraphicsResource` does not compile; after the `struct` keyword the tag is written.
"""

from __future__ import annotations

import re
from functools import cache

from hipify_plus.data import mapping_rows

_STRUCT_BEFORE = re.compile(rb"(?<![\w$])struct\s+$")


@cache
def tags() -> dict[str, str]:
    """HIP typedef name -> the tag of its struct."""
    return {cells[0]: cells[1] for cells in mapping_rows("struct_tags.tsv") if len(cells) >= 2}


def respell(data: bytes, start: int, target: str) -> str:
    """`target`, or its struct's tag when the name at `start` follows the `struct` keyword."""
    tag = tags().get(target)
    if tag is None:
        return target
    return tag if _STRUCT_BEFORE.search(data, max(0, start - 64), start) else target
