"""The target release read from the installation's hip_version.h instead of starting hipcc
(hipify_plus/resources/hipcc.py header_version), and when it must not be."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hipify_plus.resources.hipcc import header_version, hipcc_version

VERSION_H = "#pragma once\n#define HIP_VERSION_MAJOR 6\n#define HIP_VERSION_MINOR 2\n#define HIP_VERSION_PATCH 41133\n"


def _installation(root: Path, script: str = "#!/bin/sh\necho 'HIP version: 6.2.41133-1'\n") -> Path:
    (root / "bin").mkdir(parents=True)
    (root / "include" / "hip").mkdir(parents=True)
    (root / "include" / "hip" / "hip_version.h").write_text(VERSION_H)
    hipcc = root / "bin" / "hipcc"
    hipcc.write_text(script)
    hipcc.chmod(0o755)
    return hipcc


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HIP_PATH", "ROCM_PATH", "HIP_CLANG_PATH", "HIP_ROCCLR_HOME", "HIP_PLATFORM"):
        monkeypatch.delenv(name, raising=False)


def test_the_installations_header_gives_what_hipcc_version_prints(tmp_path: Path) -> None:
    hipcc = _installation(tmp_path / "rocm-6.2.0")
    assert header_version(str(hipcc)) == "6.2"
    printed = subprocess.run([str(hipcc), "--version"], capture_output=True, text=True, check=True).stdout
    assert printed.startswith("HIP version: 6.2.")


def test_a_link_to_hipcc_reads_the_installation_it_points_into(tmp_path: Path) -> None:
    hipcc = _installation(tmp_path / "rocm-6.2.0")
    (tmp_path / "usr-bin").mkdir()
    link = tmp_path / "usr-bin" / "hipcc"
    link.symlink_to(hipcc)
    assert header_version(str(link)) == "6.2"


def test_an_environment_that_points_hipcc_elsewhere_asks_hipcc(tmp_path: Path, monkeypatch) -> None:
    hipcc = _installation(tmp_path / "rocm-6.2.0", "#!/bin/sh\necho 'HIP version: 5.7.31921-0'\n")
    monkeypatch.setenv("HIP_PATH", str(tmp_path / "other"))
    assert header_version(str(hipcc)) is None
    assert hipcc_version(str(hipcc)) == "5.7"  # what hipcc itself says under that environment
    monkeypatch.setenv("HIP_PATH", str(tmp_path / "rocm-6.2.0"))
    assert header_version(str(hipcc)) == "6.2"
    monkeypatch.setenv("HIP_PLATFORM", "nvidia")
    assert header_version(str(hipcc)) is None


def test_a_wrapper_without_an_installation_around_it_is_asked(tmp_path: Path) -> None:
    wrapper = tmp_path / "hipcc57"
    wrapper.write_text("#!/bin/sh\necho 'HIP version: 5.7.31921-0'\n")
    wrapper.chmod(0o755)
    assert header_version(str(wrapper)) is None
    assert hipcc_version(str(wrapper)) == "5.7"
