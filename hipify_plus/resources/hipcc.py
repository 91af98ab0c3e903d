"""Running hipcc for one source and one target, and reading its kernel-resource remarks."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import asdict, dataclass
from pathlib import Path

COMPILE_TIMEOUT = 900

_REMARK = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): remark: +(?P<key>.+?): (?P<value>\S+) \[-Rpass-analysis=kernel-resource-usage\]\s*$")
_FIELDS = {
    "SGPRs": "sgpr", "VGPRs": "vgpr", "AGPRs": "agpr", "ScratchSize [bytes/lane]": "scratch",
    "Occupancy [waves/SIMD]": "occupancy", "SGPRs Spill": "sgpr_spill", "VGPRs Spill": "vgpr_spill",
    "LDS Size [bytes/block]": "lds",
}
_ERROR = re.compile(r"^(?P<where>[^:\n]+:\d+:\d+): (?:fatal )?error: (?P<message>.*)$", re.MULTILINE)


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


@dataclass(frozen=True)
class Hipcc:
    path: str
    version: str  # "5.2"

    def env(self) -> dict[str, str]:
        return {**os.environ, "HIP_PLATFORM": "amd"}


def find_hipcc(explicit: str | None = None) -> Hipcc | None:
    """--hipcc (and nothing else when given), else $ROCM_PATH/bin/hipcc, else hipcc on PATH;
    None if there is none."""
    candidates = [explicit] if explicit else []
    rocm = os.environ.get("ROCM_PATH")
    if rocm and not explicit:
        candidates.append(str(Path(rocm) / "bin" / "hipcc"))
    found = shutil.which("hipcc")
    if found and not explicit:
        candidates.append(found)
    for candidate in candidates:
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            version = hipcc_version(candidate)
            if version:
                return Hipcc(candidate, version)
    return None


def hipcc_version(path: str) -> str | None:
    try:
        done = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "HIP_PLATFORM": "amd"}, check=False, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None
    match = re.search(r"HIP version: (\d+)\.(\d+)", done.stdout)
    return f"{match.group(1)}.{match.group(2)}" if match else None


def compile_for_usage(hipcc: Hipcc, source: Path, arch: str, flags: list[str]) -> list[KernelUsage]:
    """Compile the device side of one file for one target and return its kernels' usage."""
    command = [hipcc.path, f"--offload-arch={arch}", "--cuda-device-only", "-O3", "-x", "hip",
               "-Rpass-analysis=kernel-resource-usage", *flags, "-c", str(source), "-o", os.devnull]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=COMPILE_TIMEOUT,
                              env=hipcc.env(), check=False, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        raise CompilerError(f"{source}: hipcc timed out after {COMPILE_TIMEOUT} s") from exc
    except OSError as exc:
        raise CompilerError(f"{source}: cannot run hipcc: {exc.strerror or exc}") from exc
    if done.returncode != 0:
        match = _ERROR.search(done.stderr)
        first = f"{match.group('where')}: {match.group('message')}" if match else (done.stderr.strip().splitlines() or ["failed"])[-1]
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
        done = subprocess.run([tool], input="\n".join(names) + "\n", capture_output=True, text=True,
                              timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return {n: n for n in names}
    lines = done.stdout.splitlines()
    return {n: (lines[i] if i < len(lines) else n) for i, n in enumerate(names)}
