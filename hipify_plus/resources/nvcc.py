"""The CUDA side: `nvcc --resource-usage` per kernel (registers, spills, shared memory)."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import asdict, dataclass
from pathlib import Path

from hipify_plus.subprocesses import exit_status, first_error

_ENTRY = re.compile(r"Function properties for (\S+)")
_FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_USED = re.compile(r"Used (\d+) registers(?:.*?(\d+) bytes smem)?")


@dataclass
class CudaUsage:
    registers: int = 0
    spill_stores: int = 0
    spill_loads: int = 0
    stack: int = 0
    smem: int = 0

    def to_json(self) -> dict[str, int]:
        return asdict(self)


def find_nvcc(explicit: str | None = None) -> str | None:
    return explicit if explicit and Path(explicit).is_file() else shutil.which("nvcc")


class CudaCompileError(RuntimeError):
    """nvcc could not compile a file for its resource usage; the message says why."""


def cuda_usage(nvcc: str, source: Path, sm: str, flags: list[str]) -> dict[str, CudaUsage]:
    """Mangled kernel name -> usage from `nvcc --resource-usage`; CudaCompileError when nvcc fails."""
    command = [nvcc, f"-arch={sm}", "--resource-usage", *flags, "-c", str(source), "-o", "/dev/null"]
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=900,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired as exc:
        raise CudaCompileError(f"{source}: nvcc did not finish in 900 s") from exc
    except OSError as exc:
        raise CudaCompileError(f"{source}: cannot run nvcc: {exc.strerror or exc}") from exc
    if done.returncode != 0:
        raise CudaCompileError(
            f"{source}: nvcc failed ({exit_status(done.returncode)}): {first_error(done.stdout + done.stderr)}"
        )
    return parse_ptxas(done.stdout + done.stderr)


def cuda_usage_or_none(nvcc: str, source: Path, sm: str, flags: list[str]) -> dict[str, CudaUsage] | None:
    """The CUDA column beside hipcc's numbers is best effort: None where nvcc fails."""
    try:
        return cuda_usage(nvcc, source, sm, flags)
    except CudaCompileError:
        return None


def parse_ptxas(text: str) -> dict[str, CudaUsage]:
    found: dict[str, CudaUsage] = {}
    current: CudaUsage | None = None
    for line in text.splitlines():
        entry = _ENTRY.search(line)
        if entry:
            current = found.setdefault(entry.group(1), CudaUsage())
            continue
        if current is None:
            continue
        frame = _FRAME.search(line)
        if frame:
            current.stack, current.spill_stores, current.spill_loads = (int(g) for g in frame.groups())
            continue
        used = _USED.search(line)
        if used:
            current.registers = int(used.group(1))
            current.smem = int(used.group(2) or 0)
            current = None
    return found
