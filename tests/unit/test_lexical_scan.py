"""The renamer's lexical reading (hipify_plus/translate/lexical.py) gives what the parse gives.

A file the scan accepts is renamed without a parse; every result of that must be the one the
parse would give, byte for byte. The corpus holds the constructs each rule of the scan is for
(declarations, macros, includes in conditional blocks, literals): each input the scan accepts is
renamed both ways and compared, and so is where the runtime header would go.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hipify_plus.mappings import load_mappings
from hipify_plus.parse import parse
from hipify_plus.source import SourceFile
from hipify_plus.translate import engine, lexical
from hipify_plus.translate.engine import TranslateOptions, TranslationResult, rename
from hipify_plus.versions import Version

from ..conftest import CORPUS

SUFFIXES = (".cu", ".cuh", ".h", ".hpp", ".cpp", ".c", ".cc", ".inl")
CORPUS_FILES = sorted(p for p in CORPUS.rglob("*") if p.suffix in SUFFIXES and "expected" not in p.parts)


def _view(data: bytes, version: Version = (5, 7, 0)) -> lexical.LexicalFile | None:
    table = load_mappings()
    return lexical.scan(data, lambda raw: engine._relevant_name(raw, table, False, version))


def _result(result: TranslationResult) -> tuple[Any, ...]:
    return (
        result.output,
        [(d.rule, d.start, d.end, d.message) for d in result.diagnostics],
        result.renamed,
        sorted(result.definitions),
        sorted(result.touched),
        sorted(result.rewritten),
        [(e.start, e.end, e.text) for e in result.edits],
    )


@pytest.mark.parametrize("version", [(5, 2, 0), (7, 0, 0)])
def test_accepted_corpus_files_rename_as_the_parse_does(version: Version, monkeypatch: pytest.MonkeyPatch) -> None:
    options = TranslateOptions(rocm_version=version)
    accepted = refused = 0
    for path in CORPUS_FILES:
        data = path.read_bytes()
        if _view(data, version) is None:
            refused += 1
            continue
        accepted += 1
        source = SourceFile(str(path), data)
        with monkeypatch.context() as patch:
            lexical_result = _result(rename(source, options))
            patch.setattr(lexical, "scan", lambda *args: None)
            parsed_result = _result(rename(source, options))
        assert lexical_result == parsed_result, path
    # both ways are exercised on many files, else the comparison says little
    assert accepted >= 150 and refused >= 50, (accepted, refused)


def test_runtime_include_offset_matches_the_parse() -> None:
    snippets = [
        b"",
        b"// only a comment\n",
        b"#pragma once\n#include <cuda_runtime.h>\nint x;\n",
        b"#pragma once\nint x;\n",
        b"#define _GNU_SOURCE\n#include <stdio.h>\n",
        b"#define NOMINMAX 1\nint y;\n",
        b"#define _GNU_SOURCE(x) x\nint y;\n",
        b"/* c */\n#ifndef G\n#define G\n#include <a.h>\n#endif\n",
        b"#ifndef G\n#define G\nint z;\n#ifdef X\n#include <b.h>\n#endif\n#include <c.h>\n#endif\n",
        b"#ifndef G\n#define G\nint z;\n#endif\n",
        b"#ifndef G // guard\n#define G\nint z;\n#endif\n",
        b"#ifndef G\n// between\n#define G\nint z;\n#endif\n",
        b"#ifndef G\n#define H\nint z;\n#endif\n",
        b"\n\n  int main() { return 0; }\n",
        b"# pragma once\nint x;\n",
    ]
    files = [p.read_bytes() for p in CORPUS_FILES]
    compared = 0
    for data in snippets + files:
        view = _view(data)
        if view is None:
            assert data not in snippets, data
            continue
        expected = engine._runtime_include_offset(parse(data).root_node, data)
        assert view.runtime_include_offset(lambda n: engine._FEATURE_MACRO.match(n) is not None) == expected, data
        compared += 1
    assert compared >= 150


@pytest.mark.parametrize(
    "code",
    [
        b"int cudaMalloc;\n",  # a declaration of a mapped name
        b"struct cudaDeviceProp { int x; };\n",
        b"#define cudaMalloc(p, n) 0\n",
        b"enum { cudaSuccess, cudaErrorX };\n",
        b"void f() { cudaStream_t: ; }\n",  # a label
        b'extern "C" {\n#include <cuda.h>\n}\n',  # an #include inside braces
        b"template <class T>\n#ifdef X\n__host__\n#endif\nT f(cudaStream_t s);\n",  # a directive in a declaration
        b"// cudaMalloc\nint f(int a,\n#ifdef X\nint b\n#endif\n);\n",  # the same, a CUDA name in a comment
        b"int a = 1; #define X 2\n",  # `#` in the middle of a line
        b"#define A 1\n#define B cudaSuccess\nint v = f(1,\n#define C 3\n2);\n",  # after a run of directives
        b"#if A\nint cudaX;\n",  # no #endif
        b"void f(int a, int cudaStreamX);\n",
        b"struct S { S() : cudaX(1) {} int cudaX; };\n",
    ],
)
def test_constructs_only_the_parse_can_read_are_refused(code: bytes) -> None:
    assert _view(code) is None


@pytest.mark.parametrize(
    ("path", "code", "without_parse"),
    [
        ("a.cpp", b"int f(int a,\n#ifdef X\nint b\n#endif\n);\n", True),
        ("a.h", b'#include <vector>\n#include "mine.h"\nT g(\n#if A\n1\n#endif\n);\n', True),
        ("a.cu", b"int f(int a,\n#ifdef X\nint b\n#endif\n);\n", False),  # gets the runtime header
        ("a.cpp", b"#include <cuda_runtime.h>\nint f(int a,\n#ifdef X\nint b\n#endif\n);\n", False),
        ("a.cpp", b"__device__ int f(int a,\n#ifdef X\nint b\n#endif\n);\n", False),
    ],
)
def test_a_misplaced_directive_is_read_without_a_parse_only_where_nothing_changes(
    path: str, code: bytes, without_parse: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = _view(code)
    assert view is not None and view.misplaced_directive and not view.names
    source, options = SourceFile(path, code), TranslateOptions(rocm_version=(5, 7, 0))
    parses: list[bytes] = []
    with monkeypatch.context() as patch:
        patch.setattr(engine, "parse", lambda data: parses.append(data) or parse(data))
        read = _result(rename(source, options))
        patch.setattr(engine.lexical, "scan", lambda *args: None)
        parsed = _result(rename(source, options))
    assert read == parsed
    assert (len(parses) == 1) is without_parse  # the second rename always parses
    assert not without_parse or read[0] == code


def test_names_in_code_only() -> None:
    code = (
        b"#include <cuda_runtime.h>\n"
        b"// cudaFree in a comment\n"
        b"#if CUDART_VERSION >= 11000\n"
        b"#endif\n"
        b"void f(float* p, size_t n, Prop& prop) {\n"
        b'  const char* s = "cudaMemset";\n'
        b'  const char* r = R"(cudaMemcpy)";\n'
        b"  int big = 1'000'000;\n"
        b"  char c = 'x';\n"
        b"  float max = 0;\n"  # an inert device function's name: not the scan's business
        b"  cudaMalloc(&p, n * big);\n"
        b"  n = prop.cudaX + prop->warpSizeX;\n"
        b"  cudaStreamSynchronize(cudaStreamPerThread);\n"
        b"}\n"
    )
    view = _view(code)
    assert view is not None
    assert [code[s:e] for s, e, _ in view.names] == [
        b"CUDART_VERSION",
        b"cudaMalloc",
        b"cudaStreamSynchronize",
        b"cudaStreamPerThread",
    ]
    assert [i.text for i in view.includes] == [b"<cuda_runtime.h>"]


def test_define_bodies_and_include_scopes() -> None:
    code = b"#ifdef A\n#include <a.h>\n#else\n#include <b.h>\n#endif\n#define CHECK(x) cudaCheck(x) // note\nint y;\n"
    view = _view(code)
    assert view is not None
    starts = [i.scope for i in view.includes]
    assert starts == [code.index(b"#ifdef"), code.index(b"#else")]
    ((start, end),) = view.define_bodies
    assert code[start:end] == b"cudaCheck(x) // note"
    tree = parse(code)
    bodies = [n for n in _all(tree.root_node) if n.type == "preproc_arg"]
    assert [(n.start_byte, n.end_byte) for n in bodies] == [(start, end)]


def _all(node: Any) -> list[Any]:
    found = [node]
    for child in node.children:
        found += _all(child)
    return found


def test_real_size_files_go_through_the_scan(tmp_path: Path) -> None:
    """A generated file of kernels, allocations and launches is read without a parse and renamed
    as the parse renames it."""
    kernel = (
        b"__global__ void k%d(float* out, const float* in, int n) {\n"
        b"  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        b"  if (i < n) out[i] = __shfl_down_sync(0xffffffff, in[i], 1);\n"
        b"}\n"
        b"cudaError_t run%d(float* h, int n) {\n"
        b"  float* d = nullptr;\n"
        b"  cudaMalloc(&d, n * sizeof(float));\n"
        b"  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);\n"
        b"  k%d<<<(n + 255) / 256, 256>>>(d, d, n);\n"
        b"  cudaFree(d);\n"
        b"  return cudaGetLastError();\n"
        b"}\n"
    )
    data = b"#include <cuda_runtime.h>\n" + b"".join(kernel % (i, i, i) for i in range(50))
    assert _view(data) is not None
    options = TranslateOptions(rocm_version=(5, 7, 0))
    result = rename(SourceFile("gen.cu", data), options)
    assert result.tree is None  # nothing needed the parse
    assert b"hipMalloc(&d" in result.output and b"cuda" not in result.output
