"""Literal prefilters (hipify_plus/regex_literals.py): every string a pattern matches contains a
literal of each clause derived from it, so a failed substring check never hides a match; and
convert's trigger check with prefilters answers exactly what the combined trigger pattern does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hipify_plus.pipeline import convert_rules
from hipify_plus.regex_literals import may_match, required_literals

ROOT = Path(__file__).resolve().parent.parent
TRIGGERS = sorted({t.pattern for r in convert_rules() for t, _ in r.parts})
PATTERNS = [
    rb"\bhip(?:EventCreate|GraphInstantiate)\s*\(",
    rb"CUDA_VERSION|CUDART_VERSION|__CUDACC_VER",
    rb"(?:ab|)cd",
    rb"x(?:yz)+w?",
    rb"(?:a|b)c*",
    rb"#\s*include\s*[<\"]mma\.h|\bnvcuda\b",
    rb"(?i:cuda)Malloc",
]


@pytest.mark.parametrize("pattern", [*PATTERNS, *TRIGGERS], ids=lambda p: p.decode()[:40])
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_match_contains_a_literal_of_each_clause(pattern: bytes, data) -> None:
    text = data.draw(st.from_regex(re.compile(pattern), fullmatch=False))
    assert re.search(pattern, text)
    assert may_match(required_literals(pattern), text)


def test_literals_of_simple_patterns() -> None:
    assert required_literals(rb"\bhipblas|\bHIPBLAS_") == (frozenset({b"hipblas", b"HIPBLAS_"}),)
    assert required_literals(rb"(?:ab|)cd") == (frozenset({b"cd"}),)
    assert frozenset({b"mma.h", b"nvcuda"}) in required_literals(rb"#\s*include\s*[<\"]mma\.h|\bnvcuda\b")
    assert required_literals(rb"(?i)cuda") == ()
    assert required_literals(rb"(?i:cuda)Malloc") == (frozenset({b"Malloc"}),)
    assert required_literals(rb"\w+") == ()
    assert not may_match(required_literals(rb"\bwarpSize\b"), b"int w = 64;")


def test_convert_triggers_with_prefilters_answer_as_the_combined_patterns() -> None:
    texts = [p.read_bytes() for p in sorted((ROOT / "corpus").rglob("*")) if p.suffix in {".cu", ".hip", ".h", ".cuh"}]
    assert texts
    for rule in convert_rules():
        for text in texts:
            assert rule.wanted(text) == (rule.triggers.search(text) is not None), (rule.rule, text[:80])
