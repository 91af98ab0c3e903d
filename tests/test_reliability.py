"""Bad input, interrupted runs and hostile files: a clear message, the other files go on, no
traceback, no byte lost, nothing written outside the output folder, nothing executed."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from hipify_plus.cli import main

from .conftest import ROOT
from .conftest import run_cli as run

KERNEL = (
    b"__global__ void k(float* a) { a[threadIdx.x] = 1.0f; }\n"
    b"void f(float* a) { k<<<1, 64>>>(a); cudaDeviceSynchronize(); }\n"
)
BAD_INPUTS: dict[str, bytes] = {
    "binary.cu": b"\x7fELF\x02\x01\x00\x00" + bytes(range(256)) * 4,
    "latin1.cu": b"// caf\xe9 na\xefve comment\n" + KERNEL + b'const char* s = "\xff\xfe cudaMalloc";\n',
    "bom.cu": b"\xef\xbb\xbf" + KERNEL,
    "crlf.cu": KERNEL.replace(b"\n", b"\r\n"),
    "mixed.cu": b"#include <cuda_runtime.h>\r\nvoid g() { cudaFree(0); }\n\rvoid h() { cudaDeviceReset(); }\r\n",
    "empty.cu": b"",
    "unterminated_comment.cu": KERNEL + b"/* cudaMalloc never closed\n",
    "unterminated_string.cu": KERNEL + b'const char* s = "cudaMalloc\n',
    "unterminated_if.cu": b"#if defined(__CUDACC__)\n" + KERNEL,
    "nested_macros.cu": b"".join(b"#define M%d(x) M%d((x) + cudaSuccess)\n" % (i, i - 1) for i in range(1, 300))
    + KERNEL,
    "garbage.cu": b"}}}{{{ <<< >>> ))) __global__ (( cudaMalloc ;;; #endif #if\n" * 50,
    "deep.cu": b"void f() {" + b"{" * 2000 + b"cudaFree(0);" + b"}" * 2000 + b"}\n",
}


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    src = tmp_path / "src dir ünïcode"
    src.mkdir()
    for name, data in BAD_INPUTS.items():
        (src / name).write_bytes(data)
    (src / "good file ñ.cu").write_bytes(KERNEL)
    (src / "loop").symlink_to(src, target_is_directory=True)
    os.mkfifo(src / "pipe.cu")
    (src / "dangling.cu").symlink_to(tmp_path / "nowhere.cu")
    return src


def test_convert_survives_every_bad_input(hostile: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    code, _, err = run(["convert", str(hostile), "-o", str(out), "--no-progress"], capsys)
    assert code == 1, err
    assert "Traceback" not in err
    assert "binary.cu: binary file: copied as it is" in err
    assert "pipe.cu: not a regular file" in err
    assert "dangling.cu: cannot read" in err
    good = (out / "good file ñ.cu").read_bytes()
    assert b"hipDeviceSynchronize" in good
    assert (out / "binary.cu").read_bytes() == BAD_INPUTS["binary.cu"]
    latin1 = (out / "latin1.cu").read_bytes()
    assert latin1.startswith(b"// caf\xe9 na\xefve comment\n") and b'"\xff\xfe cudaMalloc"' in latin1
    bom = (out / "bom.cu").read_bytes()
    assert bom.startswith(b"\xef\xbb\xbf#include <hip/hip_runtime.h>\n") and bom.count(b"\xef\xbb\xbf") == 1
    crlf = (out / "crlf.cu").read_bytes()
    assert b"\r\n" in crlf and b"\n" not in crlf.replace(b"\r\n", b"")
    assert (out / "mixed.cu").read_bytes() == BAD_INPUTS["mixed.cu"].replace(
        b"cuda_runtime.h", b"hip/hip_runtime.h"
    ).replace(b"cudaFree", b"hipFree").replace(b"cudaDeviceReset", b"hipDeviceReset")
    assert (out / "empty.cu").read_bytes() == b""
    assert b"/* cudaMalloc never closed" in (out / "unterminated_comment.cu").read_bytes()
    assert not (out / "loop").exists() or not (out / "loop" / "loop").exists()


def test_lint_survives_every_bad_input(hostile: Path, capsys) -> None:
    code, out, err = run(["lint", str(hostile), "--output-format", "concise"], capsys)
    assert code in (0, 1)
    assert "Traceback" not in err and "internal error" not in err
    assert "pipe.cu: not a regular file" in err and "binary.cu: binary file" in err


def test_fix_never_touches_bytes_it_does_not_fix(hostile: Path, capsys) -> None:
    before = {
        p.name: p.read_bytes() for p in hostile.iterdir() if p.is_file() and not p.is_symlink() and p.suffix == ".cu"
    }
    run(["lint", str(hostile), "--fix"], capsys)
    for name, data in before.items():
        after = (hostile / name).read_bytes()
        if name in ("latin1.cu", "binary.cu"):
            assert after.count(b"\xe9") == data.count(b"\xe9") and after.count(b"\xff") == data.count(b"\xff")
        if b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b""):
            assert b"\n" not in after.replace(b"\r\n", b"")


def test_file_over_the_size_limit_is_copied_as_is(tmp_path: Path, capsys) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "huge.cu").write_bytes(KERNEL * 2000)
    code, _, err = run(["convert", str(src), "-o", str(tmp_path / "out"), "--max-file-size", "0.01"], capsys)
    assert code == 1 and "over the 0 MB limit" in err or "limit (--max-file-size)" in err
    assert (tmp_path / "out" / "huge.cu").read_bytes() == KERNEL * 2000


def test_nothing_is_written_outside_the_output_folder(tmp_path: Path, capsys) -> None:
    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    (src / "sub" / "k.cu").write_bytes(KERNEL)
    (src / "sub" / "CMakeLists.txt").write_text("project(x CUDA)\nadd_executable(x k.cu)\n")
    before = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*")}
    run(["convert", str(src), "-o", str(tmp_path / "out"), "--rename"], capsys)
    after = {p for p in tmp_path.rglob("*")}
    new = {p for p in after if p not in before}
    assert all(tmp_path / "out" in p.parents or p == tmp_path / "out" for p in new), sorted(map(str, new))
    assert all(p.stat().st_mtime_ns == t for p, t in before.items() if p.exists())


def test_build_files_are_never_executed(tmp_path: Path, capsys) -> None:
    marker = tmp_path / "executed"
    src = tmp_path / "src"
    src.mkdir()
    (src / "Makefile").write_text(f"X := $(shell touch {marker})\nall:\n\tnvcc -arch=sm_80 -o a a.cu\n")
    (src / "CMakeLists.txt").write_text(f'project(x CUDA)\nexecute_process(COMMAND touch "{marker}")\n')
    (src / "setup.py").write_text(f"import pathlib\npathlib.Path({str(marker)!r}).touch()\n")
    run(["convert", str(src), "-o", str(tmp_path / "out")], capsys)
    run(["lint", str(src)], capsys)
    assert not marker.exists()


def test_no_subprocess_goes_through_a_shell() -> None:
    sources = "\n".join(p.read_text() for p in (ROOT / "hipify_plus").rglob("*.py"))
    assert "shell=True" not in sources and "os.system(" not in sources and "os.popen(" not in sources


def _make_tree(folder: Path, count: int) -> dict[Path, bytes]:
    folder.mkdir(parents=True)
    files = {}
    for index in range(count):
        data = KERNEL.replace(b"k(", b"k%d(" % index) * 40
        path = folder / f"unit{index:04d}.cu"
        path.write_bytes(data)
        files[path] = data
    return files


def _check_each_input_whole(files: dict[Path, bytes]) -> tuple[int, int]:
    converted = untouched = 0
    for path, original in files.items():
        now = path.read_bytes()
        if now == original:
            untouched += 1
            continue
        assert b"hipDeviceSynchronize" in now and b"cudaDeviceSynchronize" not in now, f"{path.name} is half converted"
        assert path.with_name(path.name + ".orig").read_bytes() == original, f"{path.name} has no whole backup"
        converted += 1
    return converted, untouched


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGINT], ids=["SIGKILL", "SIGINT"])
def test_interrupted_in_place_run_leaves_every_file_whole(how: signal.Signals, tmp_path: Path) -> None:
    files = _make_tree(tmp_path / "src", 400)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hipify_plus",
            "convert",
            str(tmp_path / "src"),
            "--in-place",
            "-j",
            "1",
            "--no-progress",
            "-q",
        ],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(p.with_name(p.name + ".orig").exists() for p in files):
        time.sleep(0.005)
    process.send_signal(how)
    _, stderr = process.communicate(timeout=120)
    converted, untouched = _check_each_input_whole(files)
    assert converted + untouched == len(files)
    assert b"Traceback" not in stderr
    if how == signal.SIGINT:
        assert process.returncode in (0, 1, 130)
    # the next run finishes the job and never overwrites a backup
    subprocess.run(
        [sys.executable, "-m", "hipify_plus", "convert", str(tmp_path / "src"), "--in-place", "-q"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        check=False,
    )
    converted, untouched = _check_each_input_whole(files)
    assert untouched == 0
    assert not [p for p in (tmp_path / "src").iterdir() if re.search(r"\.orig\.\d+$", p.name)]


@pytest.mark.hipcc
def test_resources_survives_bad_inputs(tmp_path: Path, hipcc, capsys) -> None:
    src = tmp_path / "src dir"
    src.mkdir()
    for name in ("binary.cu", "garbage.cu", "empty.cu", "latin1.cu"):
        (src / name).write_bytes(BAD_INPUTS[name])
    (src / "good.cu").write_bytes(KERNEL)
    os.mkfifo(src / "pipe.cu")
    code, out, err = run(["resources", str(src), "--no-cache", "--no-cuda", "--output-format", "json"], capsys)
    assert "Traceback" not in err and code == 1
    kernels = __import__("json").loads(out)["kernels"]
    assert {k["kernel"] for k in kernels} >= {"k(float*)"}
    assert "garbage.cu" in err


# -- every command against missing paths, nesting, permissions, broken tools and configs ----


@pytest.mark.parametrize(
    "command",
    [["convert", "-o", "OUT"], ["lint"], ["resources", "--no-cuda", "--hipcc", "/nonexistent/hipcc"]],
    ids=["convert", "lint", "resources"],
)
def test_every_command_names_a_missing_path(command: list[str], tmp_path: Path, capsys) -> None:
    args = [part.replace("OUT", str(tmp_path / "out")) for part in command]
    code, _, err = run([args[0], str(tmp_path / "missing.cu"), *args[1:]], capsys)
    assert code in (1, 2) and "missing.cu: no such file or directory" in err or "no hipcc and no nvcc" in err
    assert "Traceback" not in err and "internal error" not in err


def test_output_folder_inside_the_input_folder_is_never_converted_again(tmp_path: Path, capsys) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "k.cu").write_bytes(KERNEL)
    for _ in range(2):
        code, _, err = run(["convert", str(src), "-o", str(src / "hip"), "--no-progress"], capsys)
        assert code in (0, 1) and "Traceback" not in err
    assert sorted(p.relative_to(src).as_posix() for p in src.rglob("*.cu")) == ["hip/k.cu", "k.cu"]
    assert (src / "k.cu").read_bytes() == KERNEL


class _NoImportsAfterTheFork:
    """The dropped user may not be able to read the checkout, its .venv or the interpreter's
    library (CI clones into root's private home): the child must find every module it runs
    already imported, on every machine alike, or say which one it missed."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        raise ImportError(f"{name} is first imported after dropping root; warm that path up before the fork")


def _run_as_nobody(args: list[str], stderr_file: Path) -> int:
    """Run the CLI in a forked child that has dropped root: permission errors are then real.
    Modules are imported by a first run in this process, before the fork."""
    pid = os.fork()
    if pid == 0:  # child
        code = 70
        try:
            with stderr_file.open("w") as err:
                sys.meta_path.insert(0, _NoImportsAfterTheFork())
                if os.geteuid() == 0:
                    os.setgroups([])
                    os.setgid(65534)
                    os.setuid(65534)
                sys.stderr = err
                sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - open until the child's os._exit
                code = main(args)
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.fixture
def shared_folder():
    """A folder the dropped user can enter (pytest's own tmp folders are private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="hipify-plus-perm-"))
    folder.chmod(0o777)
    yield folder
    for path in [folder, *folder.rglob("*")]:
        if not path.is_symlink():
            path.chmod(0o755)
    shutil.rmtree(folder)


def test_unreadable_files_and_folders_are_reported_and_the_rest_goes_on(
    shared_folder: Path, tmp_path: Path, capsys
) -> None:
    base = shared_folder
    (base / "src" / "locked").mkdir(parents=True)
    for name in ("good.cu", "secret.cu", "locked/inner.cu", "readonly.cu"):
        (base / "src" / name).write_bytes(KERNEL)
        (base / "src" / name).chmod(0o644)  # readable by the dropped user whatever the umask
    (base / "src" / "locked").chmod(0o755)
    # imports: each path the child takes, once here (the child may not be able to read them)
    run(["convert", str(base / "src"), "-o", str(tmp_path / "warm"), "--no-cache", "--no-progress", "-j", "1"], capsys)
    run(["lint", str(base / "src")], capsys)
    shutil.copytree(base / "src", tmp_path / "warm-src")
    run(["convert", str(tmp_path / "warm-src"), "--in-place", "--no-progress", "-j", "1"], capsys)
    (base / "src" / "secret.cu").chmod(0)
    (base / "src" / "locked").chmod(0)
    (base / "src").chmod(0o755 if os.geteuid() == 0 else 0o555)  # no backups can be written there
    err_file = tmp_path / "stderr.txt"

    code = _run_as_nobody(["convert", str(base / "src"), "-o", str(base / "out"), "--no-progress", "-j", "1"], err_file)
    err = err_file.read_text()
    assert code == 1, err
    assert "secret.cu: cannot read: Permission denied" in err and "Traceback" not in err
    assert "locked" in err and "Permission denied" in err
    assert b"hipDeviceSynchronize" in (base / "out" / "good.cu").read_bytes()
    assert not (base / "out" / "secret.cu").exists()

    code = _run_as_nobody(["lint", str(base / "src")], err_file)
    err = err_file.read_text()
    assert code == 1 and "secret.cu: cannot read: Permission denied" in err and "Traceback" not in err, err

    code = _run_as_nobody(["convert", str(base / "src"), "--in-place", "--no-progress", "-j", "1"], err_file)
    err = err_file.read_text()
    assert code == 1 and "Traceback" not in err and "good.cu" in err and "Permission denied" in err, err
    assert (base / "src" / "good.cu").read_bytes() == KERNEL  # no backup possible: left as it is
    assert (base / "src" / "readonly.cu").read_bytes() == KERNEL
    assert not list((base / "src").glob("*.hipify-tmp"))


def _fake_tool(folder: Path, name: str, body: str) -> Path:
    path = folder / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return path


BROKEN_TOOLS = {
    "fails": ("echo 'boom: missing libamdhip64.so' >&2; exit 3", "exit status 3", "boom: missing libamdhip64.so"),
    "crashes": ("kill -SEGV $$", "killed by SIGSEGV", ""),
    "is_not_the_tool": ("echo hello", "", ""),
}


@pytest.mark.parametrize("kind", BROKEN_TOOLS, ids=list(BROKEN_TOOLS))
def test_a_broken_hipcc_is_named_with_what_went_wrong(kind: str, tmp_path: Path, capsys) -> None:
    body, status, said = BROKEN_TOOLS[kind]
    fake = _fake_tool(tmp_path, "hipcc", body)
    (tmp_path / "k.cu").write_bytes(KERNEL)
    code, _, err = run(["resources", str(tmp_path / "k.cu"), "--hipcc", str(fake), "--no-cuda"], capsys)
    assert code == 2 and "Traceback" not in err
    first = err.splitlines()[0]
    assert str(fake) in first and "Showing estimates" in first
    assert status in first and said in first
    if kind == "is_not_the_tool":
        assert 'printed no "HIP version:" line' in first


@pytest.mark.parametrize("kind", BROKEN_TOOLS, ids=list(BROKEN_TOOLS))
def test_a_broken_hipify_perl_stops_the_run_before_any_file_is_written(kind: str, tmp_path: Path, capsys) -> None:
    body, status, said = BROKEN_TOOLS[kind]
    fake = _fake_tool(tmp_path, "hipify-perl", body)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "k.cu").write_bytes(KERNEL)
    code, _, err = run(
        [
            "convert",
            str(tmp_path / "src"),
            "-o",
            str(tmp_path / "out"),
            "--engine",
            "hipify-perl",
            "--hipify-perl",
            str(fake),
        ],
        capsys,
    )
    assert code == 2 and "Traceback" not in err
    assert f"{fake} does not work as hipify-perl" in err and status in err and said in err
    assert not (tmp_path / "out").exists()


def test_a_hipify_perl_that_prints_nothing_never_empties_a_file(tmp_path: Path, capsys) -> None:
    fake = _fake_tool(
        tmp_path, "hipify-perl", '[ "$1" = -version ] && { echo "HIP version 6.3.0" >&2; exit 0; }\nexit 0'
    )
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "k.cu").write_bytes(KERNEL)
    code, _, err = run(
        ["convert", str(tmp_path / "src"), "--in-place", "--engine", "hipify-perl", "--hipify-perl", str(fake)], capsys
    )
    assert code == 1 and "k.cu: hipify-perl printed nothing: the file is left as it is" in err
    assert (tmp_path / "src" / "k.cu").read_bytes() == KERNEL


def test_a_50_mb_file_is_left_whole_by_every_command(tmp_path: Path, capsys) -> None:
    src = tmp_path / "src"
    src.mkdir()
    huge = KERNEL + b"// generated table cudaMalloc\n" * (50 * 2**20 // 30)
    (src / "generated.cu").write_bytes(huge)
    (src / "small.cu").write_bytes(KERNEL)
    code, _, err = run(["convert", str(src), "-o", str(tmp_path / "out"), "--no-progress"], capsys)
    assert code == 1 and "generated.cu: 50" in err and "over the 20 MB limit (--max-file-size): copied as it is" in err
    assert (tmp_path / "out" / "generated.cu").read_bytes() == huge
    assert b"hipDeviceSynchronize" in (tmp_path / "out" / "small.cu").read_bytes()
    assert "1 skipped" in err
    code, _, err = run(["lint", str(src)], capsys)
    assert "generated.cu: 50" in err and "MB limit (--max-file-size): not linted" in err and "Traceback" not in err
    code, _, err = run(["resources", str(src / "generated.cu"), "--no-cuda", "--hipcc", "/nonexistent/hipcc"], capsys)
    assert code == 2 and "Traceback" not in err
    assert (src / "generated.cu").read_bytes() == huge


@pytest.mark.hipcc
def test_resources_meets_a_50_mb_file_without_compiling_it(tmp_path: Path, hipcc, capsys) -> None:
    (tmp_path / "generated.cu").write_bytes(KERNEL + b"// filler\n" * (50 * 2**20 // 10))
    code, _, err = run(["resources", str(tmp_path / "generated.cu"), "--no-cuda", "--no-cache"], capsys)
    assert code == 2 and "generated.cu: not measured: 50" in err and "Traceback" not in err


COMPILE_DATABASES = {
    "not_json": ("{", "not a compile_commands.json: Expecting property name"),
    "not_a_list": ('{"file": "k.cu"}', "not a compile_commands.json: expected a JSON list of entries"),
    "entries_of_the_wrong_kind": (
        '[1, {"file": 3}, {"file": "k.cu"}, {"file": "k.cu", "command": "nvcc \\"open"}, '
        '{"file": "k.cu", "arguments": "-DX"}]',
        "entry 1 skipped: not a JSON object",
    ),
}


@pytest.mark.hipcc
@pytest.mark.parametrize("kind", COMPILE_DATABASES, ids=list(COMPILE_DATABASES))
def test_resources_names_what_is_wrong_with_compile_commands(kind: str, tmp_path: Path, hipcc, capsys) -> None:
    text, message = COMPILE_DATABASES[kind]
    (tmp_path / "compile_commands.json").write_text(text)
    (tmp_path / "k.cu").write_bytes(KERNEL)
    code, out, err = run(
        [
            "resources",
            str(tmp_path / "k.cu"),
            "--no-cuda",
            "--no-cache",
            "--compile-commands",
            str(tmp_path / "compile_commands.json"),
        ],
        capsys,
    )
    assert "Traceback" not in err and "internal error" not in err
    assert message in err
    if kind == "entries_of_the_wrong_kind":  # the good parts still count; every bad entry is named
        assert code == 1 and "k(float*)" in out
        for expected in (
            'entry 2 skipped: "directory" and "file" must be strings',
            'entry 3 skipped: no "arguments" and no "command"',
            "entry 4 skipped: No closing quotation",
            'entry 5 skipped: "arguments" must be a list of strings',
        ):
            assert expected in err
    else:
        assert code == 2
    assert not list(Path(tempfile.gettempdir()).glob("hipify-plus-resources-*")), "work folder left behind"


def test_report_survives_every_bad_input(hostile: Path, tmp_path: Path, capsys) -> None:
    before = {
        p.name: p.read_bytes() for p in hostile.iterdir() if p.is_file() and not p.is_symlink() and p.suffix == ".cu"
    }
    code, _, err = run(["report", str(hostile), "-o", str(tmp_path / "gap.json")], capsys)
    assert code == 0 and "Traceback" not in err and "internal error" not in err
    problems = __import__("json").loads((tmp_path / "gap.json").read_text())["problems"]
    assert any("binary.cu: binary file" in p for p in problems)
    assert any("pipe.cu: not a regular file" in p for p in problems)
    assert any("dangling.cu: cannot read" in p for p in problems)
    assert {p.name: p.read_bytes() for p in hostile.iterdir() if p.name in before} == before


def test_no_scratch_folder_is_a_clear_error_or_a_fallback(tmp_path: Path, monkeypatch, capsys) -> None:
    """Where no scratch folder can be made (TMPDIR a file, a full or read-only disk), the report
    stops with a message saying where and what to set, and convert, which needs one only to ask
    hipcc which library releases are installed, goes on without that answer."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "k.cu").write_bytes(KERNEL)
    not_a_folder = tmp_path / "tmp-is-a-file"
    not_a_folder.write_text("")
    monkeypatch.setattr(tempfile, "tempdir", str(not_a_folder))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # nothing remembered from other tests

    code, _, err = run(["report", str(tmp_path / "src"), "-o", str(tmp_path / "gap.html"), "--no-cache"], capsys)
    assert code == 2, err
    assert f"cannot make a scratch folder in {not_a_folder}" in err and "set TMPDIR" in err
    assert "internal error" not in err and "Traceback" not in err
    assert not (tmp_path / "gap.html").exists()

    code, _, err = run(["convert", str(tmp_path / "src"), "-o", str(tmp_path / "out"), "--no-progress"], capsys)
    assert code in (0, 1), err
    assert "internal error" not in err and "Traceback" not in err
    assert b"hipDeviceSynchronize" in (tmp_path / "out" / "k.cu").read_bytes()
