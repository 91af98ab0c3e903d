from __future__ import annotations

import os
import re
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
        "--update-corpus",
        action="store_true",
        help="write expected corpus outputs instead of comparing (review them in git diff)",
    )


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the CLI in-process: (exit code, stdout, stderr)."""
    from hipify_plus.cli import main

    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True, scope="session")
def _own_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    """What commands remember across runs (the installed libraries' probe, compile results)
    goes to a folder of this session, never to the user's cache."""
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))


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
            capture_output=True,
            text=True,
            env=self.env(),
            timeout=300,
            check=False,
        )

    def skip_unsupported(self, settings: dict[str, str]) -> None:
        """Skip a fixture whose `min-hip=X.Y` asks for a newer HIP than this hipcc's (`max-hip`:
        an older one, for a blocker later releases fixed), or whose `needs-header=H` names a
        library header this machine does not have."""
        needs = settings.get("min-hip")
        if needs and tuple(int(x) for x in needs.split(".")) > self.version[:2]:
            pytest.skip(f"needs HIP {needs}; hipcc here is {self.version[0]}.{self.version[1]}")
        at_most = settings.get("max-hip")
        if at_most and tuple(int(x) for x in at_most.split(".")) < self.version[:2]:
            here = f"{self.version[0]}.{self.version[1]}"
            pytest.skip(f"shows a blocker of HIP {at_most} and older; hipcc here is {here}")
        header = settings.get("needs-header")
        if header and not self.has_header(header):
            pytest.skip(f"needs <{header}>, which is not installed")

    def has_header(self, header: str) -> bool:
        return self._header(header) is not None

    def _header(self, header: str) -> Path | None:
        roots = [Path(os.environ.get("ROCM_PATH", "/opt/rocm")) / "include", Path("/usr/include")]
        return next((root / header for root in roots if (root / header).is_file()), None)

    def rocblas_release(self) -> tuple[int, int, int] | None:
        """The ROCm release the installed rocBLAS headers come from, where it is older than hipcc's:
        Debian 13 pairs HIP 5.7 with rocBLAS 2.47, ROCm 5.6's (it lacks 5.7's XF32 math mode)."""
        found = self._header("rocblas/internal/rocblas-version.h")
        if found is None:
            return None
        text = found.read_text(encoding="utf-8", errors="replace")
        parts = [re.search(rf"#define\s+ROCBLAS_VERSION_{part}\s+(\d+)", text) for part in ("MAJOR", "MINOR")]
        if not all(parts):
            return None
        version = tuple(int(m.group(1)) for m in parts if m)
        return ROCBLAS_RELEASES.get(version)


# rocBLAS major.minor -> the ROCm release that shipped it (older pairs than hipcc's are all we need)
ROCBLAS_RELEASES = {(2, 45): (5, 3, 0), (2, 46): (5, 4, 0), (2, 47): (5, 6, 0)}


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
