"""Literal prefilters (hipify_plus/regex_literals.py): every string a pattern matches contains a
literal of each clause derived from it, so a failed substring check never hides a match; and
convert's trigger check with prefilters answers exactly what the combined trigger pattern does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hipify_plus.lexer import device_bodies
from hipify_plus.pipeline import convert_rules, wanted_rewrites
from hipify_plus.regex_literals import LiteralSet, TextLiterals, literal_first, may_match, required_literals

ROOT = Path(__file__).resolve().parent.parent
# rules/convert.toml's triggers as written (convert compiles them through literal_first); those
# with a look-behind, which the generator below cannot satisfy, are checked on the corpus only
TRIGGERS = sorted({t for r in convert_rules() for t, _ in r.parts})
GENERATED = [t for t in TRIGGERS if b"(?<" not in t]
PATTERNS = [
    rb"\bhip(?:EventCreate|GraphInstantiate)\s*\(",
    rb"CUDA_VERSION|CUDART_VERSION|__CUDACC_VER",
    rb"(?:ab|)cd",
    rb"x(?:yz)+w?",
    rb"(?:a|b)c*",
    rb"#\s*include\s*[<\"]mma\.h|\bnvcuda\b",
    rb"(?i:cuda)Malloc",
]


@pytest.mark.parametrize("pattern", [*PATTERNS, *GENERATED], ids=lambda p: p.decode()[:40])
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
        triggers = re.compile(b"|".join(b"(?:%s)" % t for t, _ in rule.parts))  # every trigger as written
        for text in texts:
            expected = triggers.search(text) is not None and all(r in text for r in rule.requires)
            if rule.device_only:  # a match inside a device function body (a superset of them)
                expected = any(triggers.search(text, a, b) is not None for a, b in device_bodies(text))
            assert rule.wanted(text) == expected, (rule.rule, text[:80])


def test_gated_selection_answers_as_each_rule_asked_alone() -> None:
    """convert asks every rule's gate in one pass, then the rules whose gate holds: the same
    rewrites as asking each rule, on every corpus input and on convert's outputs in corpus/."""
    paths = sorted((ROOT / "corpus").rglob("*"))
    texts = [p.read_bytes() for p in paths if p.suffix in {".cu", ".hip", ".h", ".cuh", ".cpp", ".hpp"}]
    assert len(texts) > 300
    assert sum(r.gate is not None for r in convert_rules()) > len(convert_rules()) // 2
    chosen = 0
    for text in texts:
        expected = tuple(r.rule for r in convert_rules() if r.wanted(text))
        assert wanted_rewrites(text) == expected, text[:80]
        assert wanted_rewrites(text, frozenset(expected[:1])) == expected[1:]
        chosen += bool(expected)
    assert chosen > 100


def test_a_literal_set_is_found_as_substring_checks_find_it() -> None:
    literals = {lit for r in convert_rules() for lit in r.gate or ()} | {b"", b"a_b", b"b c", b"\xc3\xa9"}
    texts = [p.read_bytes() for p in sorted((ROOT / "corpus").rglob("*.cu"))] + [b"", b"a_b c", b"caf\xc3\xa9"]
    wanted = LiteralSet(literals)
    for text in texts:
        present = TextLiterals(text)
        found = present.present(wanted)
        assert found == {lit for lit in literals if lit in text}, text[:60]
        assert all((lit in present) == (lit in text) for lit in literals)  # the kept answers agree


def test_text_literals_answer_as_substring_checks() -> None:
    literals = sorted({lit for r in convert_rules() for _, clauses in r.parts for c in clauses for lit in c})
    literals += [b"", b"a_b", b"ab", b"b c", b"_", b"9", b"\xc3\xa9", b"x\xc3"]
    texts = [p.read_bytes() for p in sorted((ROOT / "corpus").rglob("*.cu"))]
    texts += [b"", b"a_b c", b"ab\0c", b"caf\xc3\xa9 x\xc3\xa9", b"__shfl_sync(0u, v, 9)"]
    assert len(literals) > 100 and len(texts) > 100
    for text in texts:
        present = TextLiterals(text)
        for literal in literals:
            assert (literal in present) == (literal in text), (literal, text[:60])
            assert (literal in present) == (literal in text)  # asked again: the kept answer


def test_device_scoped_trigger_sees_device_bodies_only() -> None:
    rule = next(r for r in convert_rules() if r.rule == "HP513")
    assert rule.device_only
    host = b"__global__ void k(int *p) { p[0] = 1; }\nvoid run() { k<<<1, 1>>>(0); hipMalloc(&q, 4); }\n"
    assert not rule.wanted(host)
    device = b"__global__ void child() {}\n__device__ void parent(S s = {}) { child<<<1, 1>>>(); }\n"
    assert rule.wanted(device)
    in_comment = b"// __global__ void k() { k<<<1, 1>>>(); }\nvoid run() { k<<<1, 1>>>(); }\n"
    assert not rule.wanted(in_comment)


@pytest.mark.parametrize(
    "pattern", [*PATTERNS, *GENERATED, rb"\bab*c", rb"\bwarpSize\b|x"], ids=lambda p: p.decode()[:40]
)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_literal_first_matches_what_the_pattern_matches(pattern: bytes, data) -> None:
    """On texts around a match (and on the corpus below), both forms find the same spans."""
    text = data.draw(st.from_regex(re.compile(pattern), fullmatch=False))
    text = data.draw(st.sampled_from([b"", b"x", b"_", b" "])) + text
    faster = re.compile(literal_first(pattern))
    assert [m.span() for m in faster.finditer(text)] == [m.span() for m in re.finditer(pattern, text)]


def test_literal_first_on_the_corpus() -> None:
    texts = [p.read_bytes() for p in sorted((ROOT / "corpus").rglob("*")) if p.suffix in {".cu", ".hip", ".h", ".cuh"}]
    assert literal_first(rb"\bcase\s+x") == rb"case(?<=\bcase)\s+x"
    assert literal_first(rb"\ba+") == rb"\ba+"  # nothing literal before the repeat
    for pattern in [*PATTERNS, *TRIGGERS]:
        faster = re.compile(literal_first(pattern))
        for text in texts:
            assert [m.span() for m in faster.finditer(text)] == [m.span() for m in re.finditer(pattern, text)]
