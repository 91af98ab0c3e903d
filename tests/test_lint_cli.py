"""`hipify-plus lint` through the CLI: formats, config, suppressions, fixes, baselines."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from hipify_plus.parse.clang import unavailable as clang_unavailable

from .conftest import SHARED
from .conftest import run_cli as run

BAD = b"""__global__ void reduce(float* out, const float* in)
{
    float v = in[threadIdx.x], tile[128] = {};
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffff, v, o);
    if ((threadIdx.x & (warpSize - 1)) == 0) out[blockIdx.x] = v + tile[threadIdx.x % 128];
}

void run(float* out, const float* in, int blocks) { reduce<<<blocks, 256>>>(out, in); }
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "reduce.cu").write_bytes(BAD)
    return tmp_path


def test_text_output_has_code_frames_and_exit_1(project: Path, capsys) -> None:
    code, out, err = run(["lint", str(project)], capsys)
    assert code == 1
    assert "reduce.cu:4:18: HP105 [error]" in out and "reduce.cu:5:31: HP103 [error]" in out
    assert "    |                  ^^" in out and "= fix: Start the reduction at `warpSize / 2`" in out
    assert "reduce.cu:1:17: HP201 [warning]" in out
    assert "Found 3 finding(s) (3 fixable with --fix)." in err


def test_json_fields(project: Path, capsys) -> None:
    code, out, _ = run(["lint", str(project), "--output-format", "json"], capsys)
    findings = json.loads(out)
    assert code == 1 and [f["rule"] for f in findings] == ["HP201", "HP105", "HP103"]
    first = findings[1]
    assert {"path", "line", "column", "end_line", "end_column", "rule", "name", "severity", "message", "fix"} <= set(
        first
    )
    assert (first["line"], first["column"], first["end_line"], first["end_column"]) == (4, 18, 4, 20)
    assert first["fix"]["applicability"] == "safe" and first["name"] == "reduction-starts-at-16"


def test_sarif_is_valid_against_the_official_schema(project: Path, capsys) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema_path = SHARED / "sarif" / "sarif-schema-2.1.0.json"
    if not schema_path.is_file():
        pytest.skip("../shared/sarif/sarif-schema-2.1.0.json is not beside this checkout (only CI's copy has it)")
    _, out, _ = run(["lint", str(project), "--output-format", "sarif"], capsys)
    document = json.loads(out)
    jsonschema.Draft4Validator(json.loads(schema_path.read_text())).validate(document)
    driver = document["runs"][0]["tool"]["driver"]
    assert [r["id"] for r in driver["rules"]] == ["HP103", "HP105", "HP201"]
    assert "Why it matters on AMD" in driver["rules"][0]["help"]["markdown"]
    assert document["runs"][0]["results"][1]["locations"][0]["physicalLocation"]["region"]["startLine"] == 4


def test_github_annotations(project: Path, capsys) -> None:
    _, out, _ = run(["lint", str(project), "--output-format", "github"], capsys)
    assert out.splitlines()[0].startswith("::warning title=HP201 ")
    assert out.splitlines()[1].startswith("::error title=HP105 reduction-starts-at-16,file=")
    assert ",line=4,col=18,endLine=4,endColumn=20::HP105 " in out


def test_select_ignore_and_unknown_selector(project: Path, capsys) -> None:
    code, out, _ = run(["lint", str(project), "--select", "HP103", "--output-format", "concise"], capsys)
    assert code == 1 and "HP103" in out and "HP105" not in out
    code, out, _ = run(["lint", str(project), "--ignore", "HP1,HP2", "-q"], capsys)
    assert code == 0 and out == ""
    code, _, err = run(["lint", str(project), "--select", "HP77"], capsys)
    assert code == 2 and "unknown rule selector" in err


def test_config_in_pyproject_and_per_file_ignores(project: Path, capsys) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.hipify-plus]\nignore = ["HP105", "HP201"]\n[tool.hipify-plus.per-file-ignores]\n"vendor/**" = ["ALL"]\n'
    )
    (project / "vendor").mkdir()
    (project / "vendor" / "third.cu").write_bytes(BAD)
    code, out, _ = run(["lint", str(project), "--output-format", "concise"], capsys)
    assert code == 1 and out.count("\n") == 1 and "src/reduce.cu" in out and "HP103" in out


def test_broken_config_is_a_clear_error(project: Path, capsys) -> None:
    (project / "pyproject.toml").write_text("[tool.hipify-plus]\nselect = [\n")
    code, _, err = run(["lint", str(project)], capsys)
    assert code == 2 and "not valid TOML" in err and "Traceback" not in err
    (project / "pyproject.toml").write_text('[tool.hipify-plus]\nsellect = ["HP1"]\n')
    code, _, err = run(["lint", str(project)], capsys)
    assert code == 2 and "unknown [tool.hipify-plus] keys: sellect" in err


def test_fix_then_nothing_left_and_idempotent(project: Path, capsys) -> None:
    source = project / "src" / "reduce.cu"
    code, _, err = run(["lint", str(source), "--fix"], capsys)
    assert code == 1 and "Rewriting" in err
    fixed = source.read_bytes()
    assert b"int o = warpSize / 2" in fixed and b"__shfl_down_sync(~0ull, v, o)" in fixed
    code, out, _ = run(["lint", str(source), "--fix"], capsys)
    assert code == 0 and source.read_bytes() == fixed and out == ""


def test_diff_changes_nothing(project: Path, capsys) -> None:
    source = project / "src" / "reduce.cu"
    code, out, err = run(["lint", str(source), "--diff"], capsys)
    assert code == 1 and "-    for (int o = 16;" in out and "+    for (int o = warpSize / 2;" in out
    assert source.read_bytes() == BAD and "Would fix 1 file(s)." in err


def test_baseline_accepts_old_findings_only(project: Path, capsys) -> None:
    baseline = project / "baseline.json"
    code, _, _ = run(["lint", str(project), "--write-baseline", str(baseline)], capsys)
    assert code == 0 and baseline.is_file()
    code, out, _ = run(["lint", str(project), "--baseline", str(baseline), "-q"], capsys)
    assert code == 0 and out == ""
    source = project / "src" / "reduce.cu"
    source.write_bytes(
        b"// a new header line shifts everything\n" + BAD + b"__device__ int x() { return __all_sync(~0u, 1); }\n"
    )
    code, out, _ = run(["lint", str(project), "--baseline", str(baseline), "--output-format", "concise"], capsys)
    assert code == 1 and out.count("\n") == 1 and "HP103" in out and ":11:" in out
    baseline.write_text("{}")
    code, _, err = run(["lint", str(project), "--baseline", str(baseline)], capsys)
    assert code == 2 and "not a hipify-plus baseline" in err


def test_missing_path_and_binary_file(project: Path, capsys) -> None:
    (project / "src" / "blob.cu").write_bytes(b"\0\0\0")
    code, _, err = run(["lint", str(project / "nope.cu"), str(project / "src")], capsys)
    assert code == 1 and "nope.cu: no such file or directory" in err and "blob.cu: binary file" in err


def test_precise_without_libclang_is_a_usage_error(tmp_path: Path, capsys, monkeypatch) -> None:
    """`--precise` where the clang extra is not installed: exit 2, naming the extra; nothing is linted."""
    source = tmp_path / "k.cu"
    source.write_text("__global__ void k(int* p) { p[threadIdx.x] = 0; }\n")
    monkeypatch.setitem(sys.modules, "clang", None)  # `import clang.cindex` now raises ImportError
    monkeypatch.setitem(sys.modules, "clang.cindex", None)
    code, out, err = run(["lint", str(source), "--precise"], capsys)
    assert code == 2 and out == ""
    assert "--precise needs the clang extra" in err and "Traceback" not in err


CLANG_MISSING = clang_unavailable()


@pytest.mark.skipif(CLANG_MISSING is not None, reason=str(CLANG_MISSING))
def test_precise_reads_the_compile_commands_include_path(tmp_path: Path, capsys) -> None:
    """A kernel defined with its bounds in a header only compile_commands.json's -I finds, launched
    with a block size from a macro in that header: --precise with the database reports HP202; with
    no database clang finds no header and nothing is reported; the flags alone are a usage error."""
    (tmp_path / "include").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "include" / "tile.cuh").write_text(
        "#pragma once\n#define TILE_THREADS 512\n"
        "__global__ void __launch_bounds__(TILE_THREADS / 4) tile(float* x) { x[threadIdx.x] = 0; }\n"
    )
    source = tmp_path / "src" / "run.cu"
    source.write_text('#include "tile.cuh"\nvoid run(float* x) { tile<<<1, TILE_THREADS>>>(x); }\n')
    database = tmp_path / "compile_commands.json"
    database.write_text(
        json.dumps(
            [{"directory": str(tmp_path), "file": "src/run.cu", "arguments": ["nvcc", "-Iinclude", "-c", "src/run.cu"]}]
        )
    )
    argv = ["lint", str(source), "--select", "HP202", "--output-format", "concise", "--precise"]
    code, out, _ = run([*argv, "--compile-commands", str(database)], capsys)
    assert code == 1 and "512 threads per block exceeds its launch bounds (128, defined in `tile.cuh`)" in out
    code, out, _ = run([*argv, "-I", str(tmp_path / "include")], capsys)
    assert code == 1 and "(128, defined in `tile.cuh`)" in out
    code, out, _ = run(argv, capsys)
    assert code == 0 and "HP202" not in out
    code, out, err = run(argv[:-1] + ["--compile-commands", str(database)], capsys)
    assert code == 2 and "add --precise" in err


@pytest.mark.skipif(CLANG_MISSING is not None, reason=str(CLANG_MISSING))
def test_precise_finds_the_bounds_of_a_kernel_another_unit_defines(tmp_path: Path, capsys) -> None:
    """Relocatable device code: run.cu only declares the kernel that step.cu defines with its
    bounds; with both units in compile_commands.json, --precise reads step.cu for them."""
    (tmp_path / "step.cu").write_text(
        "#define STEP_BOUND 64\n__global__ void __launch_bounds__(STEP_BOUND) step(float* x) { x[threadIdx.x] = 0; }\n"
    )
    source = tmp_path / "run.cu"
    source.write_text("__global__ void step(float* x);\nvoid run(float* x) { step<<<1, 128>>>(x); }\n")
    entries = [
        {"directory": str(tmp_path), "file": name, "arguments": ["nvcc", "-rdc=true", "-c", name]}
        for name in ("step.cu", "run.cu")
    ]
    (tmp_path / "compile_commands.json").write_text(json.dumps(entries))
    argv = ["lint", str(source), "--select", "HP202", "--output-format", "concise", "--precise"]
    code, out, _ = run([*argv, "--compile-commands", str(tmp_path / "compile_commands.json")], capsys)
    assert code == 1 and "128 threads per block exceeds its launch bounds (64, defined in `step.cu`)" in out
    code, out, _ = run(argv, capsys)  # without the database the definition is not found
    assert code == 0 and "HP202" not in out


_TILED_KERNEL = """#pragma once
__global__ void tiled(float* x, const float* w, int n)
{
    float acc[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
    for (int k = 0; k < 128; ++k) acc[k] = w[k] * x[i];
    if (i < n) x[i] = acc[i % 128];
}
"""


@pytest.mark.skipif(CLANG_MISSING is not None, reason=str(CLANG_MISSING))
def test_precise_gathers_the_launches_of_a_header_kernel_from_every_unit(tmp_path: Path, capsys) -> None:
    """HP201 on a header's register-heavy kernel that only the project's .cu files launch: with
    both units in compile_commands.json, --precise reads their launches (128 and 256 threads; passing the
    kernel to a runtime call is no other use) and proposes the larger bound as a fix to review; a
    unit that stores the kernel in a pointer (a
    launch the rule cannot see) keeps it quiet, and so does the mode without the database."""
    (tmp_path / "tiled.cuh").write_text(_TILED_KERNEL)
    (tmp_path / "a.cu").write_text(
        '#include "tiled.cuh"\nvoid a(float* x) {\n'
        "  cudaFuncSetAttribute(tiled, cudaFuncAttributePreferredSharedMemoryCarveout, 0);\n"
        "  tiled<<<64, 128>>>(x, x, 1);\n}\n"
    )
    (tmp_path / "b.cu").write_text(
        '#include "tiled.cuh"\nvoid b(float* x) { tiled<<<dim3(8), dim3(64, 4)>>>(x, x, 1); }\n'
    )
    entries = [
        {"directory": str(tmp_path), "file": name, "arguments": ["nvcc", "-c", name]} for name in ("a.cu", "b.cu")
    ]
    database = tmp_path / "compile_commands.json"
    database.write_text(json.dumps(entries))
    argv = ["lint", str(tmp_path / "tiled.cuh"), "--select", "HP201", "--output-format", "concise", "--precise"]
    code, out, _ = run([*argv, "--compile-commands", str(database)], capsys)
    assert code == 1 and "every launch in the project (`a.cu`, `b.cu`) uses at most 256 threads per block" in out
    code, out, _ = run([*argv, "--compile-commands", str(database), "--diff", "--unsafe-fixes"], capsys)
    assert "+__global__ void __launch_bounds__(256) tiled(" in out
    code, out, _ = run(argv, capsys)
    assert code == 0 and "HP201" not in out
    (tmp_path / "c.cu").write_text('#include "tiled.cuh"\nauto* kernel = tiled;\n')
    entries.append({"directory": str(tmp_path), "file": "c.cu", "arguments": ["nvcc", "-c", "c.cu"]})
    database.write_text(json.dumps(entries))
    code, out, _ = run([*argv, "--compile-commands", str(database)], capsys)
    assert code == 0 and "HP201" not in out


def test_a_switch_another_file_of_the_run_defines_is_not_a_build_flag(tmp_path: Path, capsys) -> None:
    """HP728 on ggml's pattern: common.cuh #defines GGML_COMMON_DECL_HIP before including
    ggml-common.h, which tests it; only GGML_USE_HIP, which no file defines, is the build's switch."""
    (tmp_path / "ggml-cuda").mkdir()
    (tmp_path / "ggml-common.h").write_text(
        "#pragma once\n#include <hip/hip_runtime.h>\n"
        "#if defined(GGML_COMMON_DECL_HIP)\ntypedef int ggml_half;\n#endif\n"
    )
    (tmp_path / "ggml-cuda" / "common.cuh").write_text(
        '#pragma once\n#include <hip/hip_runtime.h>\n#define GGML_COMMON_DECL_HIP\n#include "../ggml-common.h"\n'
        "#ifdef GGML_USE_HIP\n#define WARP 64\n#endif\n"
    )
    code, out, _ = run(["lint", str(tmp_path), "--select", "HP728", "--output-format", "concise"], capsys)
    assert code == 1
    assert "GGML_USE_HIP" in out and "GGML_COMMON_DECL_HIP" not in out
    code, out, _ = run(
        ["lint", str(tmp_path / "ggml-common.h"), "--select", "HP728", "--output-format", "concise"], capsys
    )
    assert "GGML_COMMON_DECL_HIP" in out  # alone, the file shows no definition: the finding stays
