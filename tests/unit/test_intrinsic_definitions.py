"""HP503's "the file defines it itself" search: the quick path (no function-definition tail, so
only #define can match) finds the same offsets as the full pattern over both forms."""

from __future__ import annotations

import re

import pytest

from hipify_plus.lint.detectors.portability._intrinsics import _definitions_in_file

TEXTS = [
    b"__device__ float f(float* p) { return __ldcs(p); }\n",
    b"#define __ldcs(p) (*(p))\nfloat g(float* p) { return __ldcs(p); }\n",
    b"static __device__ __forceinline__ float\n__ldcs(const float* p) { return *p; }\nx = __ldcs(q);\n",
    b"__device__ int *  & __trap ( int a, int b )\n{ }\n#  define   __trap() abort()\n__trap();\n",
    b"void __nanosleep(unsigned);\n__nanosleep(10);\n",  # a prototype is no definition
    b"",
]


def _full_pattern(data: bytes, name: str) -> tuple[int, ...]:
    escaped = re.escape(name.encode())
    pattern = rb"#\s*define\s+" + escaped + rb"\b|\b\w+[\s*&]+" + escaped + rb"\s*\([^;{}]*\)\s*\{"
    return tuple(m.start() for m in re.finditer(pattern, data))


@pytest.mark.parametrize("data", TEXTS)
@pytest.mark.parametrize("name", ["__ldcs", "__trap", "__nanosleep", "atomicAdd_block"])
def test_definitions_found_as_by_the_full_pattern(data: bytes, name: str) -> None:
    assert _definitions_in_file.__wrapped__(data, name) == _full_pattern(data, name)


def test_both_forms_are_found() -> None:
    assert len(_definitions_in_file.__wrapped__(TEXTS[3], "__trap")) == 2
    assert _definitions_in_file.__wrapped__(TEXTS[4], "__nanosleep") == ()
