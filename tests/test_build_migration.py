"""Build-file migration: flag translation, Makefile/CMake/setup.py conversion, and real builds of
the converted corpus projects with Debian's cmake, make and hipcc for gfx90a."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from hipify_plus.buildsys import BuildOptions, convert_build_file
from hipify_plus.buildsys.flags import translate_flags
from hipify_plus.cli import main
from hipify_plus.source import SourceFile

from .conftest import CORPUS, Hipcc

BUILD = CORPUS / "build"


@pytest.mark.parametrize(
    ("nvcc", "hipcc"),
    [
        ("-O3 -arch=sm_80", "-O3 --offload-arch=gfx90a"),
        ("-gencode arch=compute_70,code=sm_70 -gencode arch=compute_80,code=sm_80", "--offload-arch=gfx90a"),
        ("--use_fast_math -use_fast_math", "-ffast-math -ffast-math"),
        ("-lineinfo -G", "-gline-tables-only -g -O0"),
        ("-Xcompiler -fPIC,-Wall -Xcompiler=-fopenmp", "-fPIC -Wall -fopenmp"),
        ("-Xptxas -v --ptxas-options=-v -maxrregcount=64 --maxrregcount 32", ""),
        ("-rdc=true -dc", "-fgpu-rdc -fgpu-rdc -c"),
        ("-rdc=false", ""),
        ("--expt-relaxed-constexpr --extended-lambda -ccbin g++-12", ""),
        ("--resource-usage -x cu -x c++", "-Rpass-analysis=kernel-resource-usage -x hip -x c++"),
        (
            "-lcudart -lcublas -lcurand -lcufft -lcusparse -lcusolver -lnccl -lm",
            "-lhipblas -lhiprand -lhipfft -lhipsparse -lhipsolver -lrccl -lm",
        ),
        ("$(NVCCFLAGS) -I$(INC) -DNDEBUG", "$(NVCCFLAGS) -I$(INC) -DNDEBUG"),
    ],
)
def test_flag_table(nvcc: str, hipcc: str) -> None:
    assert translate_flags(nvcc, ("gfx90a",)).text == hipcc


def test_flags_explain_what_they_dropped() -> None:
    notes = dict(translate_flags("-maxrregcount=64 -Xptxas -v -G", ("gfx90a",)).notes)
    assert "__launch_bounds__" in notes["-maxrregcount=64"]
    assert "-Rpass-analysis=kernel-resource-usage" in notes["-Xptxas -v"]
    assert "-g -O0" in notes["-G"]


def _convert(kind: str, path: Path, rename: bool = True):
    data = path.read_bytes()
    conversion = convert_build_file(kind, data, BuildOptions(("gfx90a", "gfx942"), rename))
    return conversion.output().decode(), conversion.diagnostics(SourceFile(str(path), data)), conversion


def test_makefile_conversion() -> None:
    text, diagnostics, _ = _convert("make", BUILD / "make_app" / "Makefile")
    assert "NVCC      ?= hipcc" in text
    assert "--offload-arch=gfx90a --offload-arch=gfx942 -ffast-math" in text and "-gencode" not in text
    assert "-Xptxas" not in text and "maxrregcount" not in text and "-lcudart" not in text
    assert "%.o: %.hip vecops.h" in text and "-x hip -c $<" in text
    assert "debug: NVCCFLAGS += -g -O0\n" in text
    rules = {(d.line, d.rule) for d in diagnostics}
    assert (2, "HP011") in rules and (18, "HP010") in rules
    again, _, _ = _convert("make", BUILD / "make_app" / "Makefile")
    assert again == text


def test_cmake_conversion_and_idempotence(tmp_path: Path) -> None:
    text, diagnostics, conversion = _convert("cmake", BUILD / "cmake_app" / "CMakeLists.txt")
    assert "project(vecops VERSION 0.3 LANGUAGES CXX)\nhipify_plus_enable_hip()" in text
    assert text.index("include(${CMAKE_CURRENT_LIST_DIR}/HipifyPlus.cmake)") < text.index("project(")
    assert "find_package(hip REQUIRED)" in text and "CUDA::cudart" not in text and "hip::host" in text
    assert '"${CMAKE_CUDA_FLAGS} -Wall"' in text
    assert "HipifyPlus.cmake" in conversion.extra_files
    assert "gfx90a;gfx942" in conversion.extra_files["HipifyPlus.cmake"]
    assert any(d.rule == "HP010" and "CUDAToolkit" in d.message for d in diagnostics)
    sub, _, _ = _convert("cmake", BUILD / "cmake_app" / "kernels" / "CMakeLists.txt")
    assert "saxpy.hip reduce.hip" in sub
    assert '"$<$<COMPILE_LANGUAGE:${HIPIFY_PLUS_GPU_LANG}>:-ffast-math;-gline-tables-only>"' in sub
    converted = tmp_path / "CMakeLists.txt"
    converted.write_text(text)
    again, _, _ = _convert("cmake", converted)
    assert again == text


def test_every_cuda_target_and_variable_is_renamed() -> None:
    from hipify_plus.buildsys.cmake import TARGETS, VARIABLES

    for cuda, (rocm, package) in TARGETS.items():
        data = f"target_link_libraries(app PRIVATE {cuda} other)\n".encode()
        text = convert_build_file("cmake", data, BuildOptions()).output().decode()
        assert f"PRIVATE {rocm} other" in text, cuda
        assert package == "hip" or f"find_package({package} REQUIRED)" in text, cuda
    for variable, replacement in VARIABLES.items():
        data = f"target_link_libraries(app PRIVATE ${{{variable}}} other)\n".encode()
        text = convert_build_file("cmake", data, BuildOptions()).output().decode()
        assert f"PRIVATE {replacement} other" in text if replacement else "PRIVATE other" in text, variable


def test_setup_py_is_kept_with_a_finding() -> None:
    path = BUILD / "torch_ext" / "setup.py"
    text, diagnostics, _ = _convert("setup", path)
    assert text == path.read_text()
    assert [d.rule for d in diagnostics] == ["HP012"]
    assert (
        "-gencode=arch=compute_80,code=sm_80" in diagnostics[0].message and "-maxrregcount=96" in diagnostics[0].message
    )


def _tools(*names: str) -> None:
    for name in names:
        if shutil.which(name) is None:
            pytest.skip(f"{name} is not installed")


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env={**os.environ, "HIP_PLATFORM": "amd"},
    )


@pytest.mark.hipcc
@pytest.mark.parametrize("rename", [True, False], ids=["renamed", "kept-cu"])
def test_converted_cmake_project_builds(rename: bool, hipcc: Hipcc, tmp_path: Path, capsys) -> None:
    _tools("cmake")
    out = tmp_path / "app"
    args = ["convert", str(BUILD / "cmake_app"), "-o", str(out), "--no-progress"] + (["--rename"] if rename else [])
    assert main(args) == 1
    capsys.readouterr()
    configure = _run(["cmake", "-S", str(out), "-B", str(out / "build")], tmp_path)
    assert configure.returncode == 0, configure.stdout[-3000:] + configure.stderr[-3000:]
    assert "hipify-plus: HIP sources build as" in configure.stdout
    build = _run(["cmake", "--build", str(out / "build")], tmp_path)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    assert (out / "build" / "vecops").is_file()


@pytest.mark.hipcc
def test_hipcc_mode_can_be_forced(hipcc: Hipcc, tmp_path: Path, capsys) -> None:
    _tools("cmake")
    out = tmp_path / "app"
    main(["convert", str(BUILD / "cmake_app"), "-o", str(out), "--rename", "--no-progress"])
    capsys.readouterr()
    configure = _run(
        [
            "cmake",
            "-S",
            str(out),
            "-B",
            str(out / "b"),
            "-DHIPIFY_PLUS_HIP_MODE=HIPCC",
            "-DHIPIFY_PLUS_OFFLOAD_ARCH=gfx90a;gfx940",
        ],
        tmp_path,
    )
    assert configure.returncode == 0, configure.stderr[-3000:]
    assert "HIP sources build as CXX for gfx90a;gfx940" in configure.stdout


@pytest.mark.hipcc
def test_converted_makefile_project_builds(hipcc: Hipcc, tmp_path: Path, capsys) -> None:
    _tools("make")
    out = tmp_path / "app"
    assert main(["convert", str(BUILD / "make_app"), "-o", str(out), "--rename", "--no-progress"]) == 1
    capsys.readouterr()
    build = _run(["make", "-C", str(out)], tmp_path)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    assert (out / "vecops").is_file()
