"""Bad input, interrupted runs and hostile files: a clear message, the other files go on, no
traceback, no byte lost, nothing written outside the output folder, nothing executed."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hipify_plus.cli import main

from .conftest import ROOT

KERNEL = b"__global__ void k(float* a) { a[threadIdx.x] = 1.0f; }\nvoid f(float* a) { k<<<1, 64>>>(a); cudaDeviceSynchronize(); }\n"
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
    "nested_macros.cu": b"".join(b"#define M%d(x) M%d((x) + cudaSuccess)\n" % (i, i - 1) for i in range(1, 300)) + KERNEL,
    "garbage.cu": b"}}}{{{ <<< >>> ))) __global__ (( cudaMalloc ;;; #endif #if\n" * 50,
    "deep.cu": b"void f() {" + b"{" * 2000 + b"cudaFree(0);" + b"}" * 2000 + b"}\n",
}


def run(args: list[str], capsys) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


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
    assert "binary.cu: binary file, left as it is" in err
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
    assert (out / "mixed.cu").read_bytes() == BAD_INPUTS["mixed.cu"].replace(b"cuda_runtime.h", b"hip/hip_runtime.h").replace(
        b"cudaFree", b"hipFree").replace(b"cudaDeviceReset", b"hipDeviceReset")
    assert (out / "empty.cu").read_bytes() == b""
    assert b"/* cudaMalloc never closed" in (out / "unterminated_comment.cu").read_bytes()
    assert not (out / "loop").exists() or not (out / "loop" / "loop").exists()


def test_lint_survives_every_bad_input(hostile: Path, capsys) -> None:
    code, out, err = run(["lint", str(hostile), "--output-format", "concise"], capsys)
    assert code in (0, 1)
    assert "Traceback" not in err and "internal error" not in err
    assert "pipe.cu: not a regular file" in err and "binary.cu: binary file" in err


def test_fix_never_touches_bytes_it_does_not_fix(hostile: Path, capsys) -> None:
    before = {p.name: p.read_bytes() for p in hostile.iterdir() if p.is_file() and not p.is_symlink() and p.suffix == ".cu"}
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
        [sys.executable, "-m", "hipify_plus", "convert", str(tmp_path / "src"), "--in-place", "-j", "1",
         "--no-progress", "-q"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
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
    subprocess.run([sys.executable, "-m", "hipify_plus", "convert", str(tmp_path / "src"), "--in-place", "-q"],
                   cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, check=False)
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
