"""`convert --check`: every converted unit through hipcc, a status per file, failures tied to
findings, a content cache; and the default target that follows the installed hipcc.

The project is corpus/check (its README says what each file is for)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from hipify_plus.check.includes import Include, IncludeScanner

from .conftest import CORPUS, Hipcc
from .conftest import run_cli as run

PROJECT = CORPUS / "check"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    copy = tmp_path / "proj"
    shutil.copytree(PROJECT, copy)
    return copy


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "hipify-plus" / "check"


def _check(project: Path, out: Path, capsys, *extra: str) -> tuple[int, dict, str]:
    code, stdout, stderr = run(
        ["convert", str(project), "-o", str(out), "--check", "--no-progress", "--output-format", "json", *extra], capsys
    )
    return code, json.loads(stdout), stderr


def _files(result: dict, project: Path) -> dict[str, dict]:
    return {Path(f["path"]).relative_to(project).as_posix(): f for f in result["check"]["files"]}


def _fake_hipcc(folder: Path, body: str) -> Path:
    """A stand-in hipcc that answers --version like HIP 5.7 and does `body` for anything else."""
    path = folder / "hipcc"
    path.write_text(
        '#!/bin/sh\nfor a in "$@"; do [ "$a" = --version ] && { echo "HIP version: 5.7.31921-0"; exit 0; }; done\n'
        + body
        + "\n"
    )
    path.chmod(0o755)
    return path


@pytest.mark.hipcc
def test_each_file_gets_its_status_and_every_failure_a_finding(
    project: Path, tmp_path: Path, cache: Path, hipcc: Hipcc, capsys
) -> None:
    out = tmp_path / "out"
    code, result, stderr = _check(project, out, capsys)
    assert code == 1  # a unit fails
    files = _files(result, project)
    assert {k for k, f in files.items() if f["kind"] == "unit"} == {
        "src/good.cu",
        "src/explained.cu",
        "src/unexplained.cu",
        "src/through_header.cu",
        "src/needs_library.cu",
    }
    assert files["src/host_only.cpp"]["kind"] == "host"

    # the quoted "util/scale.cuh" resolves through the inferred -I<out>/include
    assert files["src/good.cu"]["status"] == "compiles"
    header = files["include/util/scale.cuh"]
    assert header["kind"] == "header" and header["status"] == "compiles"
    assert {Path(u).name for u in header["units"]} == {"good.cu", "explained.cu"}

    explained = files["src/explained.cu"]
    assert explained["status"] == "fails" and explained["cause_class"] == "undeclared-identifier"
    assert re.fullmatch(
        rf"{re.escape(str(out))}/src/explained\.cu:\d+:\d+: use of undeclared identifier "
        r"'cudaArrayGetPlane'",
        explained["reason"],
    )
    assert explained["explained_by"] == f"HP001 at {project}/src/explained.cu:6"

    unexplained = files["src/unexplained.cu"]
    assert unexplained["status"] == "fails" and unexplained["explained_by"] is None
    assert unexplained["finding"] == f"HP013 at {project}/src/unexplained.cu:6"
    assert unexplained["cause_class"] == "libc-header-missing" and "<unistd.h>" in unexplained["cause"]
    [hp013] = [d for d in result["diagnostics"] if d["rule"] == "HP013"]  # explained failures add none
    assert (hp013["path"], hp013["line"], hp013["severity"]) == (f"{project}/src/unexplained.cu", 6, "error")
    assert "use of undeclared identifier 'read'" in hp013["message"] and "<unistd.h>" in hp013["message"]
    line = (project / "src" / "unexplained.cu").read_text().splitlines()[5]
    assert line[hp013["column"] - 1 :].startswith("read(")  # the column of the error, in the user's file

    # the first error lies in a header: the header fails with it, explained by HP001 there
    planes, through = files["include/util/planes.cuh"], files["src/through_header.cu"]
    assert planes["status"] == through["status"] == "fails"
    assert planes["reason"].startswith(f"{out}/include/util/planes.cuh:6:")
    assert planes["explained_by"] == through["explained_by"] == f"HP001 at {project}/include/util/planes.cuh:6"
    assert [Path(u).name for u in planes["units"]] == ["through_header.cu"]

    library = files["src/needs_library.cu"]
    assert library["status"] == "not-checked"
    assert re.fullmatch(r"needs <hipblaslt[/\w]*\.h> \(hipBLASLt\), not installed", library["reason"])

    version = f"{hipcc.version[0]}.{hipcc.version[1]}"
    assert re.search(
        rf"hipify-plus: checked 5 units with hipcc {version} for gfx90a: 1 compile, 3 fail, "
        r"1 not checked \(missing headers: hipblaslt[/\w]*\.h\)",
        stderr,
    )
    assert f"for ROCm {version} (the installed hipcc" in stderr  # `; hipBLAS ... as installed` may follow
    assert result["check"]["compile"] == 1 and result["check"]["fail"] == 3


@pytest.mark.hipcc
def test_the_cache_answers_a_second_run_and_a_changed_header_invalidates_it(
    project: Path, tmp_path: Path, cache: Path, hipcc: Hipcc, capsys
) -> None:
    out = tmp_path / "out"
    _, first, _ = _check(project, out, capsys)
    entries = set(cache.iterdir())
    assert len(entries) == 5  # one per unit and target
    assert not any(f.get("cached") for f in first["check"]["files"])

    _, second, _ = _check(project, out, capsys)
    assert set(cache.iterdir()) == entries
    units = {Path(f["path"]).name: f for f in second["check"]["files"] if f["kind"] == "unit"}
    assert all(f["cached"] for f in units.values())
    assert [(f["status"], f["reason"]) for f in units.values()] == [
        (f["status"], f["reason"]) for f in first["check"]["files"] if f["kind"] == "unit"
    ]

    header = project / "include" / "util" / "scale.cuh"
    header.write_text(header.read_text() + "__device__ inline float halved(float x) { return x / 2; }\n")
    _, third, _ = _check(project, out, capsys)
    cached = {Path(f["path"]).name: f["cached"] for f in third["check"]["files"] if f["kind"] == "unit"}
    assert cached == {
        "good.cu": False,
        "explained.cu": False,
        "unexplained.cu": True,
        "through_header.cu": True,
        "needs_library.cu": True,
    }
    assert len(set(cache.iterdir()) - entries) == 2

    _, fourth, _ = _check(project, out, capsys, "--no-cache")
    assert not any(f.get("cached") for f in fourth["check"]["files"])
    assert len(set(cache.iterdir()) - entries) == 2  # --no-cache neither reads nor writes it


def test_without_hipcc_every_unit_is_not_checked(project: Path, tmp_path: Path, cache: Path, capsys) -> None:
    code, result, stderr = _check(project, tmp_path / "out", capsys, "--hipcc", str(tmp_path / "no-hipcc"))
    assert code == 1  # files changed: the usual exit status, not an internal error
    statuses = {(f["kind"], f["status"]) for f in result["check"]["files"]}
    assert statuses == {("unit", "not-checked"), ("header", "not-checked"), ("host", "not-checked")}
    unit = next(f for f in result["check"]["files"] if f["kind"] == "unit")
    assert unit["reason"] == f"no hipcc (hipcc not found at {tmp_path / 'no-hipcc'})"
    assert "5 units not checked: no hipcc" in stderr and "Traceback" not in stderr
    assert "(the installed hipcc)" not in stderr
    assert not cache.exists()


def test_a_crashing_hipcc_is_named(project: Path, tmp_path: Path, cache: Path, capsys) -> None:
    fake = _fake_hipcc(tmp_path, "kill -SEGV $$")
    code, result, stderr = _check(project, tmp_path / "out", capsys, "--hipcc", str(fake))
    assert code == 1 and "Traceback" not in stderr
    units = [f for f in result["check"]["files"] if f["kind"] == "unit"]
    assert units and all(f["status"] == "not-checked" for f in units)
    assert all(f["reason"].startswith("hipcc crashed (killed by SIGSEGV)") for f in units)
    assert "checked 5 units with hipcc 5.7 for gfx90a: 0 compile, 0 fail, 5 not checked" in stderr
    assert not cache.exists()  # an answer that is not about the code is never cached


def test_the_default_target_is_the_installed_hipcc(
    project: Path, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_hipcc(tmp_path, "exit 1")
    monkeypatch.setenv("PATH", f"{tmp_path}:/usr/bin:/bin")
    monkeypatch.delenv("ROCM_PATH", raising=False)
    _, _, stderr = run(["convert", str(project), "-o", str(tmp_path / "a"), "--no-progress"], capsys)
    assert "converted for ROCm 5.7 (the installed hipcc)" in stderr
    _, _, stderr = run(
        ["convert", str(project), "-o", str(tmp_path / "b"), "--no-progress", "--rocm-version", "6.2"], capsys
    )
    assert "converted for ROCm 6.2 (" in stderr and "installed hipcc" not in stderr


def test_an_unusable_compile_commands_is_a_usage_error(project: Path, tmp_path: Path, capsys) -> None:
    database = tmp_path / "compile_commands.json"
    database.write_text("{not json")
    code, _, stderr = run(
        ["convert", str(project), "-o", str(tmp_path / "out"), "--check", "--compile-commands", str(database)], capsys
    )
    assert code == 2 and "not a compile_commands.json" in stderr and "Traceback" not in stderr
    assert not (tmp_path / "out").exists()


def test_include_inference_picks_the_one_folder_that_holds_the_file(tmp_path: Path) -> None:
    files = [tmp_path / "a" / "inc" / "x" / "y.h", tmp_path / "b" / "x" / "y.h", tmp_path / "c" / "z.h"]
    for path in files:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n")
    scanner = IncludeScanner(files)
    elsewhere = tmp_path / "d" / "main.cu"
    assert scanner.infer(Include("z.h", quoted=True), elsewhere) == tmp_path / "c"
    assert scanner.infer(Include("x/y.h", quoted=True), elsewhere) is None  # two folders hold it: none is chosen
    assert scanner.infer(Include("inc/x/y.h", quoted=True), elsewhere) == tmp_path / "a"
    # <...> only from the includer's own folder or one above it, as a build that puts the source
    # folder on the include path finds it (cuda-samples' interval and the Boost it bundles)
    assert scanner.infer(Include("z.h", quoted=False), elsewhere) is None
    assert scanner.infer(Include("z.h", quoted=False), tmp_path / "c" / "sub" / "main.cu") == tmp_path / "c"
    assert scanner.infer(Include("x/y.h", quoted=False), tmp_path / "b" / "main.cu") == tmp_path / "b"


def test_a_cpp_file_whose_gpu_words_are_in_comments_is_left_to_the_host_compiler(tmp_path: Path) -> None:
    # Rodinia's mummergpu: host .cpp files g++ builds, whose header mentions `//cudaArray*` in a
    # comment; compiled as HIP they clash with HIP's vector types (`#define uint4 uint32_t`).
    from hipify_plus.check.units import Converted, split_units

    (tmp_path / "tree.h").write_text("struct Ref { void* d_ref_array;  //cudaArray*\n};\n")
    (tmp_path / "gold.cpp").write_text('#define uint4 uint32_t\n#include "tree.h"\nint main() { return 0; }\n')
    (tmp_path / "kernel.cpp").write_text('#include "tree.h"\nvoid f() { cudaDeviceSynchronize(); }\n')
    (tmp_path / "url.cpp").write_text('const char* where = "http://example/";  // cudaMalloc\n')
    names = ("gold.cpp", "kernel.cpp", "url.cpp", "tree.h")
    files = [Converted(str(tmp_path / name), tmp_path / name) for name in names]
    split = split_units(files, IncludeScanner(tmp_path / name for name in names), [tmp_path])
    assert [Path(c.output).name for c in split.units] == ["kernel.cpp"]
    assert sorted(Path(c.output).name for c in split.host) == ["gold.cpp", "url.cpp"]


def test_a_system_header_under_another_folder_names_the_include_folder(tmp_path: Path) -> None:
    """`#include <drm_fourcc.h>` where libdrm is installed as <drm/drm_fourcc.h>: the project's
    build passes the folder (cuda-samples' simpleGLES_EGLOutput adds /usr/include/drm)."""
    from hipify_plus.check.explain import Explainer
    from hipify_plus.check.model import CompilerMessage, Location

    explainer = Explainer(
        origin={},
        findings={},
        hipcc=None,
        scanner=IncludeScanner([]),  # type: ignore[arg-type]
        available=lambda spelling: spelling == "drm/drm_fourcc.h",
    )
    error = CompilerMessage(Location(str(tmp_path / "egl.c"), 34, 10), "'drm_fourcc.h' file not found")
    verdict = explainer.judge(error)
    assert (verdict.status, verdict.label) == ("fails", "include-folder-missing")
    assert "-I/usr/include/drm" in verdict.cause


def test_a_library_name_the_target_has_but_the_installed_library_lacks_names_the_older_library(tmp_path: Path) -> None:
    """Debian 13 ships hipcc 5.7 with hipSOLVER 1.7 (ROCm 5.5's): HIPSOLVER_STATUS_ZERO_PIVOT,
    which came with 5.6, is undeclared although the target is 5.7 (cuda-samples' helper_cuda.h)."""
    from hipify_plus.check.explain import Explainer
    from hipify_plus.check.model import CompilerMessage, Location
    from hipify_plus.resources.hipcc import Hipcc

    def explainer(target: tuple[int, int, int]) -> Explainer:
        return Explainer(
            origin={},
            findings={},
            hipcc=Hipcc(path="hipcc", version="5.7.31921"),
            scanner=IncludeScanner([]),
            available=lambda spelling: False,
            target=target,
        )

    message = (
        "use of undeclared identifier 'HIPSOLVER_STATUS_ZERO_PIVOT'; did you mean 'HIPSOLVER_STATUS_ALLOC_FAILED'?"
    )
    error = CompilerMessage(Location(str(tmp_path / "helper_cuda.h"), 228, 10), message)
    verdict = explainer((5, 7, 0)).judge(error)
    assert (verdict.status, verdict.label) == ("fails", "library-older-than-target")
    assert "hipSOLVER from ROCm 5.6" in verdict.cause and "older than the target" in verdict.cause
    # for a target before the name's release the tables' own finding (HP005) explains it
    assert explainer((5, 5, 0)).judge(error).label == "undeclared-identifier"
    # HIP's own names come with hipcc itself
    runtime = CompilerMessage(error.where, "use of undeclared identifier 'hipMemcpyAsync'")
    assert explainer((5, 7, 0)).judge(runtime).label == "undeclared-identifier"


def test_installed_library_versions_map_back_to_their_release() -> None:
    """`hipcc -E -dM` of the version headers -> each library's release, where it is not the
    target's: Debian 13's hipcc 5.7 comes with ROCm 5.5's hipSOLVER 1.7.0 and hipBLAS 0.54."""
    from hipify_plus.check.installed import library_words, release_of, versions_from_macros

    macros = (
        "#define hipsolverVersionMajor 1\n#define hipsolverVersionMinor 7\n#define hipsolverVersionPatch 0\n"
        "#define hipblasVersionMajor 0\n#define hipblasVersionMinor 54\n#define hipblasVersionPatch 0\n"
        "#define hipsparseVersionMajor 2\n#define hipsparseVersionMinor 3\n#define hipsparseVersionPatch 8\n"
        "#define HIPRAND_VERSION 201016\n#define __HIP__ 1\n"
    )
    found = versions_from_macros(macros)
    assert found == {"cusolver": (1, 7, 0), "cublas": (0, 54, 0), "cusparse": (2, 3, 8), "curand": (2, 10, 16)}
    target = (5, 7, 0)
    releases = {library: release_of(library, version, target) for library, version in found.items()}
    # hipSPARSE 2.3.8 and hipRAND 2.10.16 are 5.7's own: no override
    assert releases == {"cusolver": (5, 5, 0), "cublas": (5, 5, 0), "cusparse": None, "curand": None}
    assert release_of("cusolver", (9, 9, 9), target) is None  # a version the table does not list
    words = library_words((("cublas", (5, 5, 0)), ("cusolver", (5, 5, 0))))
    assert words == "; hipBLAS, hipSOLVER as installed: ROCm 5.5"


def test_names_of_an_older_installed_library_are_written_for_its_release() -> None:
    """TranslateOptions.library_releases: with ROCm 5.5's hipSOLVER installed beside hipcc 5.7,
    the case label of a status hipSOLVER got in 5.6 is deleted (HP711), as for a 5.5 target."""
    from hipify_plus.pipeline import translate
    from hipify_plus.source import SourceFile
    from hipify_plus.translate.engine import TranslateOptions

    source = (
        b"#include <cusolverDn.h>\nconst char* name(cusolverStatus_t s)\n{\n    switch (s) {\n"
        b'    case CUSOLVER_STATUS_SUCCESS: return "ok";\n    case CUSOLVER_STATUS_ZERO_PIVOT: return "zero pivot";\n'
        b'    default: return "other";\n    }\n}\n'
    )
    plain = translate(SourceFile("s.cpp", source), TranslateOptions(rocm_version=(5, 7, 0)))
    assert b"case HIPSOLVER_STATUS_ZERO_PIVOT" in plain.output
    older = TranslateOptions(rocm_version=(5, 7, 0), library_releases=(("cusolver", (5, 5, 0)),))
    result = translate(SourceFile("s.cpp", source), older)
    assert b"ZERO_PIVOT" not in result.output and b"case HIPSOLVER_STATUS_SUCCESS" in result.output
    assert result.fixed.get("HP711") == 1
