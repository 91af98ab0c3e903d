"""lexer.used_only_to_launch: a variable that only launches read (its initial value is every
launch's block size), with and without the whole-word shortcut."""

from __future__ import annotations

import pytest

from hipify_plus.lexer import used_only_to_launch

HEAD = b"void h() {\n  int threads = 256;\n"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (b"  k<<<1, threads>>>(x);\n  k<<<2, threads>>>(y);\n}", True),
        (b"  hipLaunchKernelGGL(k, dim3(1), threads, 0, 0, x);\n}", True),
        # a word in a comment or a string is no use of the variable (the exact reading decides)
        (b"  // threads = 512 would be faster\n  k<<<1, threads>>>(x);\n}", True),
        (b'  puts("threads");\n  k<<<1, threads>>>(x);\n}', True),
        # any other use is one
        (b"  threads *= 2;\n  k<<<1, threads>>>(x);\n}", False),
        (b"  f(&threads);\n  k<<<1, threads>>>(x);\n}", False),
        (b"  k<<<threads / 32, 32>>>(x); int n = threads;\n}", False),
        # longer names that hold the word are other variables
        (b"  int threads2 = 3; my_threads(); k<<<1, threads>>>(x);\n}", True),
    ],
)
def test_used_only_to_launch(body: bytes, expected: bool) -> None:
    source = HEAD + body
    declared_at = source.index(b"threads")
    assert used_only_to_launch(source, b"threads", declared_at, 0, len(source)) is expected
