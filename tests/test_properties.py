"""Property tests (hypothesis): on any mix of CUDA code, comments, strings and junk, convert and
lint never crash, convert is idempotent, comments and strings keep their bytes, and fixes never
add a parse error and converge; and any text a scanned tree puts into a report stays text."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hipify_plus.edits import Applicability
from hipify_plus.lint.engine import lint, lint_and_fix
from hipify_plus.lint.settings import LintSettings
from hipify_plus.parse import error_count, parse
from hipify_plus.pipeline import translate
from hipify_plus.source import SourceFile
from hipify_plus.translate.engine import TranslateOptions

CODE = [
    "cudaMalloc(&p, n * sizeof(float));",
    "cudaStream_t s; cudaStreamCreate(&s);",
    "v += __shfl_xor_sync(0xffffffff, v, o);",
    "for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(~0u, v, o);",
    "k<<<grid, 256, 0, s>>>(a, b);",
    "k<float, 4><<<1, dim3(32, 8)>>>(x);",
    "#include <cuda_runtime.h>",
    '#include "cuda_runtime.h"',
    "#include <cublas_v2.h>",
    "#define CHECK(x) do { cudaError_t e = (x); } while (0)",
    "#define WARP 32",
    "#if defined(__CUDA_ARCH__)",
    "#endif",
    "#ifdef __CUDACC__",
    "#else",
    "__global__ void k(float* a) {",
    "}",
    "{",
    "unsigned m = __ballot_sync(0xffffffffu, x > 0);",
    "int lane = threadIdx.x & 31;",
    "__shared__ float tile[32][33];",
    "cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);",
    "cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &a, A, m, B, k, &b, C, m);",
    "cudaCheck(cudaGetLastError());",
    "__launch_bounds__(256, 2)",
    'asm volatile("mov.u32 %0, %%laneid;" : "=r"(l));',
    "template <typename T>",
    "x = (a < b) ? c : d;",
    ";",
    ")",
    "(",
    ",",
    "<<<",
    ">>>",
    "::",
    "#",
    "\\",
    "0x1f",
    "1e-5f",
    "int cudaValue = 3;",
]
COMMENTS = ["// cudaMalloc in a comment \u00e9", "/* __shfl_xor_sync(0xffffffff) */", "/* multi\n line cudaFree */"]
STRINGS = ['"cudaMalloc failed: %s\\n"', 'R"(cudaMemcpy)"', "'c'", '"\\"quoted\\" cudaFree"']
JUNK = ["\u00ff\u00fe", "\t", "  ", "\r\n", "\n", "\x00"]
FRAGMENTS = st.lists(
    st.one_of(st.sampled_from(CODE), st.sampled_from(COMMENTS), st.sampled_from(STRINGS), st.sampled_from(JUNK)),
    max_size=40,
)
OPTIONS = [
    TranslateOptions(rocm_version=(6, 3, 0)),
    TranslateOptions(rocm_version=(5, 2, 0), hip_launch_syntax=True),
    TranslateOptions(rocm_version=(6, 3, 0), roc=True),
]
PROPERTY = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _source(parts: list[str]) -> bytes:
    return "\n".join(parts).encode("utf-8", "surrogateescape") + b"\n"


@PROPERTY
@given(FRAGMENTS, st.sampled_from(OPTIONS))
def test_convert_never_crashes_and_is_idempotent(parts: list[str], options: TranslateOptions) -> None:
    data = _source(parts)
    once = translate(SourceFile("p.cu", data), options).output
    twice = translate(SourceFile("p.cu", once), options).output
    assert twice == once


@PROPERTY
@given(FRAGMENTS)
def test_comments_and_strings_keep_their_bytes(parts: list[str]) -> None:
    data = _source(parts)
    output = translate(SourceFile("p.cu", data), OPTIONS[0]).output
    if error_count(parse(data)) == 0:
        for text in {p for p in parts if p in COMMENTS or p in STRINGS}:
            assert output.count(text.encode()) >= data.count(text.encode())


@PROPERTY
@given(FRAGMENTS, st.booleans())
def test_fixes_never_add_parse_errors_and_converge(parts: list[str], unsafe: bool) -> None:
    data = _source(parts)
    settings_ = LintSettings(unsafe_fixes=unsafe)
    minimum = Applicability.UNSAFE if unsafe else Applicability.SAFE
    lint("p.cu", data, settings_)
    fixed = lint_and_fix("p.cu", data, settings_, minimum)
    assert error_count(parse(fixed.data)) <= error_count(parse(data))
    assert not fixed.result.internal_errors
    if not fixed.stopped:
        again = lint_and_fix("p.cu", fixed.data, settings_, minimum)
        assert again.data == fixed.data


# -- report escaping: any text a scanned tree can put into a report stays text ---------------

REPORT_TEXT = st.text(alphabet=st.sampled_from(list("ab <>&|`*_[]()#!\\\n\r\t\"'=/;") + ["é", "\u2028"]), max_size=60)


@PROPERTY
@given(REPORT_TEXT)
def test_markdown_text_is_inert_in_a_table_cell(text: str) -> None:
    from hipify_plus.report.gap_formats import markdown_text

    cell = markdown_text(text)
    assert "\n" not in cell and "\r" not in cell and "<" not in cell and ">" not in cell
    unescaped = re.sub(r"\\.", "", cell)  # what is left once every backslash escape is taken out
    assert not set(unescaped) & set("|`*_[]\\")


@PROPERTY
@given(REPORT_TEXT)
def test_markdown_code_span_holds_any_text(text: str) -> None:
    from hipify_plus.report.gap_formats import markdown_code

    span = markdown_code(text)
    if not text.split():
        assert span == ""
        return
    fence = re.match(r"`+", span).group()
    assert span.endswith(fence) and "\n" not in span
    inner = span[len(fence) : -len(fence)]
    assert fence not in re.findall(r"`+", inner)  # nothing inside closes the span early
    assert re.search(r"(?<!\\)\|", inner) is None  # a cell bar never escapes the span


@PROPERTY
@given(REPORT_TEXT)
def test_html_message_escapes_everything_but_its_code_tags(text: str) -> None:
    from hipify_plus.report.gap_formats import html_message

    html = str(html_message(text)).replace("<code>", "").replace("</code>", "")
    assert "<" not in html and ">" not in html and '"' not in html


PATHS = st.lists(
    st.text(alphabet=st.sampled_from(list("abcdefgh_.-é<>|`")), min_size=1, max_size=30), min_size=1, max_size=6
).map("/".join)


@PROPERTY
@given(PATHS, st.integers(min_value=8, max_value=90))
def test_long_names_are_shortened_in_the_middle(path: str, width: int) -> None:
    """Tables and charts shorten a name to the width, never cut its end: a path keeps its file
    name (when that fits in two thirds of the width) and both ends of the text survive."""
    from hipify_plus.report.paths import ELLIPSIS, shorten

    short = shorten(path, width)
    if len(path) <= width:
        assert short == path
        return
    assert len(short) == width and short.count(ELLIPSIS) == 1  # the alphabet has no ellipsis of its own
    head, _, tail = short.partition(ELLIPSIS)
    assert path.startswith(head) and path.endswith(tail) and head and tail
    name = path.rsplit("/", 1)[-1]
    if "/" in path and len(name) + 1 <= width - 1 - max(4, width // 3):
        assert tail.endswith(name) and tail.startswith("/")
