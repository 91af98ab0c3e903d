"""Running hipcc for one source and one target, and reading its kernel-resource remarks."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import asdict, dataclass
from pathlib import Path

from hipify_plus.fsutil import ScratchUnavailable, scratch_folder
from hipify_plus.subprocesses import exit_status, first_error, last_line

COMPILE_TIMEOUT = 900

_REMARK = re.compile(
    r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): remark: +(?P<key>.+?): (?P<value>\S+)"
    r" \[-Rpass-analysis=kernel-resource-usage\]\s*$"
)
_FIELDS = {
    "SGPRs": "sgpr",
    "VGPRs": "vgpr",
    "AGPRs": "agpr",
    "ScratchSize [bytes/lane]": "scratch",
    "Occupancy [waves/SIMD]": "occupancy",
    "SGPRs Spill": "sgpr_spill",
    "VGPRs Spill": "vgpr_spill",
    "LDS Size [bytes/block]": "lds",
}
# `file:line:col: error: message` (clang's form; `fatal error` for a missing #include)
COMPILER_ERROR = re.compile(
    r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<column>\d+): (?:fatal )?error: (?P<message>.*)$", re.MULTILINE
)


class CompilerError(RuntimeError):
    """A compile that failed: carries the file and the compiler's first error."""


@dataclass
class KernelUsage:
    name: str  # mangled symbol
    file: str
    line: int
    arch: str
    sgpr: int = 0
    vgpr: int = 0
    agpr: int = 0
    scratch: int = 0
    occupancy: int = 0
    sgpr_spill: int = 0
    vgpr_spill: int = 0
    lds: int = 0

    @property
    def spills(self) -> bool:
        return self.scratch > 0 or self.vgpr_spill > 0 or self.sgpr_spill > 0

    def to_json(self) -> dict[str, object]:
        return asdict(self)


class HipccFailed(Exception):
    """hipcc could not be started, or did not finish in time; the message says which."""


@dataclass(frozen=True)
class Hipcc:
    path: str
    version: str  # "5.2"

    def env(self) -> dict[str, str]:
        return {**os.environ, "HIP_PLATFORM": "amd"}

    def run(self, arguments: list[str], *, stdin_text: str | None = None) -> subprocess.CompletedProcess[str]:
        """hipcc with these arguments (for AMD, output as text, no terminal input). Raises
        HipccFailed when it cannot start or runs past COMPILE_TIMEOUT; any exit status returns."""
        try:
            return subprocess.run(
                [self.path, *arguments],
                input=stdin_text,
                stdin=subprocess.DEVNULL if stdin_text is None else None,
                capture_output=True,
                text=True,
                errors="replace",
                timeout=COMPILE_TIMEOUT,
                env=self.env(),
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise HipccFailed(f"hipcc did not finish in {COMPILE_TIMEOUT} s") from exc
        except OSError as exc:
            raise HipccFailed(f"cannot run {self.path}: {exc.strerror or exc}") from exc

    def preprocess(self, source: str, arguments: list[str], arch: str = "gfx90a") -> subprocess.CompletedProcess[str]:
        """`hipcc -E -x hip --offload-arch=ARCH --cuda-host-only -w ARGUMENTS FILE` of `source`,
        written to a temporary file: hipcc 5.2 adds none of its HIP flags for a source read from
        stdin (clang then fails with "cannot find HIP runtime"), and a named target spares it
        the GPU probe (rocm_agent_enumerator)."""
        try:
            with scratch_folder("hipify-plus-") as folder:
                path = folder / "probe.hip"
                try:
                    path.write_text(source, encoding="utf-8")
                except OSError as exc:
                    raise HipccFailed(f"cannot write {path}: {exc.strerror or exc}") from exc
                return self.run(
                    ["-E", "-x", "hip", f"--offload-arch={arch}", "--cuda-host-only", "-w", *arguments, str(path)]
                )
        except ScratchUnavailable as exc:  # no scratch file: as if hipcc could not run
            raise HipccFailed(str(exc)) from exc


class HipccNotFound(LookupError):
    """No usable hipcc; the message says where we looked and what each candidate did wrong."""


def find_hipcc(explicit: str | None = None) -> Hipcc:
    """--hipcc (and nothing else when given), else $ROCM_PATH/bin/hipcc, else hipcc on PATH.

    Raises HipccNotFound naming every candidate that was tried and why it was not usable."""
    candidates = [str(Path(explicit).absolute())] if explicit else []
    rocm = os.environ.get("ROCM_PATH")
    if rocm and not explicit:
        candidates.append(str(Path(rocm) / "bin" / "hipcc"))
    found = shutil.which("hipcc")
    if found and not explicit:
        candidates.append(found)
    problems = []
    for candidate in dict.fromkeys(candidates):
        try:
            return Hipcc(candidate, hipcc_version(candidate))
        except HipccNotFound as exc:
            problems.append(str(exc))
    raise HipccNotFound("; ".join(problems) or "hipcc not found on PATH or under $ROCM_PATH/bin")


_VERSIONS: dict[tuple[str, int, int], str] = {}  # (path, mtime, size) -> version, within one process


def hipcc_version(path: str) -> str:
    """ "5.2" from `hipcc --version`; HipccNotFound saying why when that does not work."""
    if not Path(path).is_file():
        raise HipccNotFound(f"hipcc not found at {path}")
    if not os.access(path, os.X_OK):
        raise HipccNotFound(f"{path} is not executable")
    stat = os.stat(path)
    identity = (path, stat.st_mtime_ns, stat.st_size)
    if identity not in _VERSIONS:
        _VERSIONS[identity] = header_version(path) or _ask_version(path)
    return _VERSIONS[identity]


_HEADER_VERSION = re.compile(r"^#define\s+HIP_VERSION_(MAJOR|MINOR)\s+(\d+)\s*$", re.MULTILINE)
_HIP_PATH_VARIABLES = ("HIP_PATH", "ROCM_PATH", "HIP_CLANG_PATH", "HIP_ROCCLR_HOME")


def header_version(path: str) -> str | None:
    """ "5.2" from the hip_version.h of the installation a hipcc belongs to (`PREFIX/bin/hipcc`
    with `PREFIX/include/hip/hip_version.h`, as Debian's /usr and ROCm's /opt/rocm-X lay them
    out): what `hipcc --version` prints, without starting it (about 0.2-0.3 s). None when hipcc
    is not laid out so, or the environment points it at another installation."""
    real = Path(path).resolve()
    if real.name != "hipcc" or real.parent.name != "bin" or os.environ.get("HIP_PLATFORM", "amd") != "amd":
        return None
    prefix = real.parent.parent
    for name in _HIP_PATH_VARIABLES:  # hipcc follows these: only this installation's own is known
        value = os.environ.get(name)
        if value and Path(value).resolve() != prefix:
            return None
    header = prefix / "include" / "hip" / "hip_version.h"
    try:
        text = header.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    found = dict(_HEADER_VERSION.findall(text))
    if "MAJOR" not in found or "MINOR" not in found:
        return None
    return f"{int(found['MAJOR'])}.{int(found['MINOR'])}"


def _ask_version(path: str) -> str:
    try:
        # a target named up front spares hipcc a probe for GPUs (rocm_agent_enumerator)
        done = subprocess.run(
            [path, "--offload-arch=gfx90a", "--version"],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "HIP_PLATFORM": "amd"},
            check=False,
            stdin=subprocess.DEVNULL,
            errors="replace",
        )
    except subprocess.TimeoutExpired as exc:
        raise HipccNotFound(f"`{path} --version` did not finish in 120 s") from exc
    except OSError as exc:
        raise HipccNotFound(f"cannot run {path}: {exc.strerror or exc}") from exc
    match = re.search(r"HIP version: (\d+)\.(\d+)", done.stdout)
    if match:
        return f"{match.group(1)}.{match.group(2)}"
    if done.returncode != 0:
        raise HipccNotFound(f"`{path} --version` failed ({exit_status(done.returncode)}): {last_line(done.stderr)}")
    raise HipccNotFound(f'`{path} --version` printed no "HIP version:" line: is it hipcc?')


def compile_for_usage(hipcc: Hipcc, source: Path, arch: str, flags: list[str]) -> list[KernelUsage]:
    """Compile the device side of one file for one target and return its kernels' usage."""
    command = [
        f"--offload-arch={arch}",
        "--cuda-device-only",
        "-O3",
        "-x",
        "hip",
        "-Rpass-analysis=kernel-resource-usage",
        *flags,
        "-c",
        str(source),
        "-o",
        os.devnull,
    ]
    try:
        done = hipcc.run(command)
    except HipccFailed as exc:
        raise CompilerError(f"{source}: {exc}") from exc
    if done.returncode != 0:
        match = COMPILER_ERROR.search(done.stderr)
        first = (
            f"{match['file']}:{match['line']}:{match['column']}: {match['message']}"
            if match
            else f"hipcc failed ({exit_status(done.returncode)}): {first_error(done.stderr)}"
        )
        raise CompilerError(f"{source}: {first}")
    return parse_remarks(done.stderr, arch)


def parse_remarks(text: str, arch: str) -> list[KernelUsage]:
    kernels: list[KernelUsage] = []
    for line in text.splitlines():
        match = _REMARK.match(line)
        if not match:
            continue
        key, value = match.group("key").strip(), match.group("value")
        if key == "Function Name":
            kernels.append(KernelUsage(value, match.group("file"), int(match.group("line")), arch))
        elif kernels and key in _FIELDS and value.lstrip("-").isdigit():
            setattr(kernels[-1], _FIELDS[key], int(value))
    return kernels


def demangle(names: list[str]) -> dict[str, str]:
    """Readable kernel names through c++filt / llvm-cxxfilt; mangled names where neither exists."""
    tool = shutil.which("c++filt") or shutil.which("llvm-cxxfilt")
    if not names or tool is None:
        return {n: n for n in names}
    try:
        done = subprocess.run(
            [tool],
            input="\n".join(names) + "\n",
            capture_output=True,
            text=True,
            errors="replace",
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return {n: n for n in names}
    lines = done.stdout.splitlines()
    return {n: (lines[i] if i < len(lines) else n) for i, n in enumerate(names)}
