"""The installed libraries' versions, asked of hipcc once and remembered
(hipify_plus/check/installed.py installed_versions): the probe is a file, not standard input
(hipcc 5.2 adds no HIP flags for `-`), and a remembered answer stands only while hipcc and the
folders that hold the version headers are unchanged."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hipify_plus.check.installed import installed_versions
from hipify_plus.resources.hipcc import Hipcc

# A stand-in hipcc: logs each start, fails like hipcc 5.2 when the source is standard input,
# prints the version header it finds under $FAKE_INCLUDE and, for -v, clang's search list.
FAKE_HIPCC = """#!/bin/sh
echo "$*" >> "$FAKE_LOG"
for last in "$@"; do :; done
case "$last" in
  *.hip) [ -r "$last" ] || exit 1 ;;
  *) echo "clang: error: cannot find HIP runtime" >&2; exit 1 ;;
esac
cat "$FAKE_INCLUDE/hipblas/hipblas-version.h" 2>/dev/null
echo '#include "..." search starts here:' >&2
echo '#include <...> search starts here:' >&2
echo " $FAKE_INCLUDE" >&2
echo 'End of search list.' >&2
"""
VERSION_H = "#define hipblasVersionMajor 0\n#define hipblasVersionMinor 53\n#define hipblasVersionPatch 0\n"


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Hipcc, Path, Path]:
    include, log = tmp_path / "include", tmp_path / "log"
    (include / "hipblas").mkdir(parents=True)
    (include / "hipblas" / "hipblas-version.h").write_text(VERSION_H)
    hipcc = tmp_path / "bin" / "hipcc"
    hipcc.parent.mkdir()
    hipcc.write_text(FAKE_HIPCC)
    hipcc.chmod(0o755)
    monkeypatch.setenv("FAKE_INCLUDE", str(include))
    monkeypatch.setenv("FAKE_LOG", str(log))
    return Hipcc(str(hipcc), "5.2"), include, log


def _starts(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_the_probe_is_a_file_and_its_answer_is_remembered(fake: tuple[Hipcc, Path, Path], tmp_path: Path) -> None:
    hipcc, _, log = fake
    cache = tmp_path / "cache"
    assert installed_versions(hipcc, cache) == {"cublas": (0, 53, 0)}
    assert _starts(log) == 1 and log.read_text().split()[-1].endswith(".hip")
    assert installed_versions(hipcc, cache) == {"cublas": (0, 53, 0)}
    assert _starts(log) == 1  # answered from the cache folder
    assert installed_versions(hipcc, None) == {"cublas": (0, 53, 0)}
    assert _starts(log) == 2  # no cache folder: asked again


def test_removing_a_library_or_changing_hipcc_asks_again(fake: tuple[Hipcc, Path, Path], tmp_path: Path) -> None:
    hipcc, include, log = fake
    cache = tmp_path / "cache"
    installed_versions(hipcc, cache)
    (include / "hipblas" / "hipblas-version.h").unlink()
    (include / "hipblas").rmdir()
    assert installed_versions(hipcc, cache) == {}
    assert _starts(log) == 2
    assert installed_versions(hipcc, cache) == {}
    assert _starts(log) == 2
    (include / "hipblas").mkdir()  # installing it again changes the include folder's stamp
    (include / "hipblas" / "hipblas-version.h").write_text(VERSION_H)
    assert installed_versions(hipcc, cache) == {"cublas": (0, 53, 0)}
    assert _starts(log) == 3
    stat = os.stat(hipcc.path)
    os.utime(hipcc.path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # hipcc upgraded
    installed_versions(hipcc, cache)
    assert _starts(log) == 4


def test_a_damaged_entry_is_asked_again_and_a_failed_probe_is_not_remembered(
    fake: tuple[Hipcc, Path, Path], tmp_path: Path
) -> None:
    hipcc, _, log = fake
    cache = tmp_path / "cache"
    installed_versions(hipcc, cache)
    [entry] = (cache / "installed").iterdir()
    entry.write_text("{not json")
    assert installed_versions(hipcc, cache) == {"cublas": (0, 53, 0)}
    assert _starts(log) == 2
    broken = Path(hipcc.path).with_name("broken-hipcc")
    broken.write_text('#!/bin/sh\necho "$*" >> "$FAKE_LOG"\nexit 1\n')
    broken.chmod(0o755)
    failing = Hipcc(str(broken), "5.2")
    assert installed_versions(failing, cache) == {}
    assert installed_versions(failing, cache) == {}
    assert _starts(log) == 4  # a failure is never remembered
