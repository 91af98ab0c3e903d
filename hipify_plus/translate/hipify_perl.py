"""The `--engine hipify-perl` wrapper: run the real hipify-perl, then our own passes on its output.

Our built-in engine runs over hipify-perl's output: it de-duplicates the includes hipify-perl
repeats, translates what hipify-perl left behind and reports every CUDA name still there.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from hipify_plus.subprocesses import exit_status, last_line

HIPIFY_PERL_TIMEOUT = 600


class HipifyPerlError(RuntimeError):
    pass


def find_hipify_perl(explicit: str | None) -> list[str]:
    """The command that runs hipify-perl (an explicit path, else `hipify-perl` on PATH), checked
    once with `-version` so that a broken one stops the run before any file is touched."""
    command = _hipify_perl_command(explicit)
    try:
        done = subprocess.run(
            [*command, "-version"], capture_output=True, timeout=60, check=False, stdin=subprocess.DEVNULL
        )
    except subprocess.TimeoutExpired as exc:
        raise HipifyPerlError(f"`{command[-1]} -version` did not finish in 60 s") from exc
    except OSError as exc:
        raise HipifyPerlError(f"cannot run {command[-1]}: {exc.strerror or exc}") from exc
    said = (done.stdout + done.stderr).decode("utf-8", "replace")
    if done.returncode != 0 or "HIP version" not in said:
        raise HipifyPerlError(
            f"{command[-1]} does not work as hipify-perl (`-version`: "
            f"{exit_status(done.returncode)}, {last_line(said)})"
        )
    return command


def _hipify_perl_command(explicit: str | None) -> list[str]:
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            raise HipifyPerlError(f"hipify-perl not found at {explicit}")
        if os.access(path, os.X_OK):
            return [str(path.absolute())]
        perl = shutil.which("perl")
        if perl is None:
            raise HipifyPerlError(f"{explicit} is not executable and perl is not on PATH")
        return [perl, str(path.absolute())]
    found = shutil.which("hipify-perl")
    if found is None:
        raise HipifyPerlError(
            "hipify-perl is not on PATH: install ROCm's HIPIFY or pass --hipify-perl PATH "
            "(the built-in engine, the default, needs nothing)"
        )
    return [found]


def run_hipify_perl(command: list[str], path: Path, data: bytes, roc: bool, hip_launch_syntax: bool) -> bytes:
    """hipify-perl's translation of one file whose bytes are `data` (never in place: it writes to
    stdout). Empty output for a non-empty file is an error, never a file emptied."""
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
    except subprocess.TimeoutExpired as exc:
        raise HipifyPerlError(f"hipify-perl did not finish in {HIPIFY_PERL_TIMEOUT} s") from exc
    except OSError as exc:
        raise HipifyPerlError(f"cannot run hipify-perl: {exc.strerror or exc}") from exc
    if done.returncode != 0:
        raise HipifyPerlError(
            f"hipify-perl failed ({exit_status(done.returncode)}): {last_line(done.stderr.decode('utf-8', 'replace'))}"
        )
    if not done.stdout.strip() and data.strip():
        raise HipifyPerlError("hipify-perl printed nothing: the file is left as it is")
    return done.stdout
