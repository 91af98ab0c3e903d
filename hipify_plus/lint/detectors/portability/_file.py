"""What the portability rules ask about a file as a whole: its bytes under a node, whether it
contains a word, whether it is HIP code already, and the per-file cache the rules share on the
context."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from hipify_plus.lint.context import LintContext
from hipify_plus.parse import Node

HIP_SOURCE = re.compile(
    rb'#\s*include\s*[<"](?:hip/|hipcub/|rocprim/|rocwmma/|rocblas|hipblas|miopen/|rccl)'
    rb"|\bhip(?:Malloc|Memcpy|LaunchKernelGGL|DeviceSynchronize|StreamCreate|GetLastError|Free)"
    rb"\w*\s*\("
)


def _raw(node: Node, ctx: LintContext) -> bytes:
    return ctx.data[node.start_byte : node.end_byte]


@lru_cache(maxsize=8)
def _is_hip_source(data: bytes) -> bool:
    """Already-ported HIP code (includes a HIP header or calls the HIP runtime)."""
    return HIP_SOURCE.search(data) is not None


def _portability_cache(ctx: LintContext) -> dict[str, Any]:
    """Per-file results shared by this family's detectors (the context lives for one file)."""
    cache: dict[str, Any] = vars(ctx).setdefault("_portability_cache", {})
    return cache
