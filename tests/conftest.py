from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from hipify_plus.resources.hipcc import HipccNotFound, hipcc_version

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SHARED = ROOT.parent / "shared"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-corpus", action="store_true",
        help="write expected corpus outputs instead of comparing (review them in git diff)",
    )


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the CLI in-process: (exit code, stdout, stderr)."""
    from hipify_plus.cli import main

    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def update_corpus(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-corpus"))


@dataclass(frozen=True)
class Hipcc:
    path: str
    version: tuple[int, int, int]

    def env(self) -> dict[str, str]:
        # nvcc may be installed too: without HIP_PLATFORM=amd hipcc would pick it.
        return {**os.environ, "HIP_PLATFORM": "amd"}

    def syntax_check(self, source: Path, *flags: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [self.path, "--offload-arch=gfx90a", "-fsyntax-only", "-x", "hip", *flags, str(source)],
            capture_output=True, text=True, env=self.env(), timeout=300, check=False,
        )

    def has_header(self, header: str) -> bool:
        roots = [Path(os.environ.get("ROCM_PATH", "/opt/rocm")) / "include", Path("/usr/include")]
        return any((root / header).is_file() for root in roots)


def _find_hipcc() -> Hipcc | None:
    path = shutil.which("hipcc")
    if path is None:
        return None
    try:
        major, minor = hipcc_version(path).split(".")
    except HipccNotFound:
        return None
    return Hipcc(path, (int(major), int(minor), 0))


_HIPCC = _find_hipcc()


@pytest.fixture(scope="session")
def hipcc() -> Hipcc:
    if _HIPCC is None:
        pytest.skip("hipcc (Debian's HIP) is not installed: `apt-get install -y hipcc`")
    return _HIPCC
