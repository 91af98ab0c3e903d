"""The `--engine hipify-perl` wrapper: run the real hipify-perl, then our own passes on its output.

Our built-in engine runs over hipify-perl's output: it de-duplicates the includes hipify-perl
repeats, translates what hipify-perl left behind and reports every CUDA name still there.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

HIPIFY_PERL_TIMEOUT = 600


class HipifyPerlError(RuntimeError):
    pass


def find_hipify_perl(explicit: str | None) -> list[str]:
    """The command that runs hipify-perl: an explicit path, else `hipify-perl` on PATH."""
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            raise HipifyPerlError(f"hipify-perl not found at {explicit}")
        if os.access(path, os.X_OK):
            return [str(path)]
        perl = shutil.which("perl")
        if perl is None:
            raise HipifyPerlError(f"{explicit} is not executable and perl is not on PATH")
        return [perl, str(path)]
    found = shutil.which("hipify-perl")
    if found is None:
        raise HipifyPerlError(
            "hipify-perl is not on PATH: install ROCm's HIPIFY or pass --hipify-perl PATH "
            "(the built-in engine, the default, needs nothing)"
        )
    return [found]


def run_hipify_perl(command: list[str], path: Path, roc: bool, hip_launch_syntax: bool) -> bytes:
    """hipify-perl's translation of one file (never in place: it writes to stdout)."""
    args = [*command, "-quiet-warnings"]
    if roc:
        args.append("-roc")
    if hip_launch_syntax:
        args.append("-hip-kernel-execution-syntax")
    args.append(str(path))
    try:
        done = subprocess.run(
            args, capture_output=True, timeout=HIPIFY_PERL_TIMEOUT, check=False, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise HipifyPerlError(f"hipify-perl failed on {path}: {exc}") from exc
    if done.returncode != 0:
        first = done.stderr.decode("utf-8", "replace").strip().splitlines()[:1]
        raise HipifyPerlError(
            f"hipify-perl exited {done.returncode} on {path}" + (f": {first[0]}" if first else "")
        )
    return done.stdout
