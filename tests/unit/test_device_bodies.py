"""lexer.device_bodies: the byte ranges that may be __global__/__device__ function bodies."""

from __future__ import annotations

import pytest

from hipify_plus.lexer import device_bodies


def _bodies(text: bytes) -> list[bytes]:
    return [text[start:end] for start, end in device_bodies(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (b"void host() { a(); }", []),
        (b"__global__ void k(int n) { if (n) { f(); } }\nvoid h() { g(); }", [b"{ if (n) { f(); } }"]),
        # a default argument's braces are not the body; the `{` after the parameters is
        (b"__device__ void d(S s = S{1}) { s.x(); }", [b"{ s.x(); }"]),
        # a declaration ends at `;`: the next `{` belongs to no device function
        (b"__device__ void d();\nvoid h() { x(); }", []),
        # words in comments and strings do not count, braces in them neither
        (b'// __global__ void k() {\nvoid h() { "__device__ {"; }', []),
        (b"__global__ void k() { /* } */ char c = '}'; }", [b"{ /* } */ char c = '}'; }"]),
        # a __device__ variable's braced initialiser counts too (a superset)
        (b"__device__ int table[2] = {1, 2};", [b"{1, 2}"]),
        # two bodies, and an unbalanced one that runs to the end
        (b"__device__ int a() { return 1; }\n__global__ void k() { {", [b"{ return 1; }", b"{ {"]),
    ],
)
def test_device_bodies(text: bytes, expected: list[bytes]) -> None:
    assert _bodies(text) == expected
