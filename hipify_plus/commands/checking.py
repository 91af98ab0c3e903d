"""What `convert --check` adds to the command: the hipcc that sets the default target, the check's
settings from the options, and its lines of output."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from hipify_plus.check import FAILS, NOT_CHECKED, CheckResult, CheckSettings
from hipify_plus.compile_flags import compile_command_flags
from hipify_plus.fsutil import default_cache_dir
from hipify_plus.resources.hipcc import Hipcc, HipccNotFound, find_hipcc


@dataclass(frozen=True)
class FoundHipcc:
    hipcc: Hipcc | None
    problem: str = ""  # why there is none


def look_for_hipcc(explicit: str | None) -> FoundHipcc:
    try:
        return FoundHipcc(find_hipcc(explicit))
    except HipccNotFound as exc:
        return FoundHipcc(None, str(exc))


def check_settings(
    found: FoundHipcc,
    arches: list[str],
    includes: list[str],
    defines: list[str],
    compile_commands: Path | None,
    jobs: int,
    use_cache: bool,
    target_rocm: tuple[int, int, int] | None = None,
) -> CheckSettings:
    """Raises CompileCommandsError for a compile_commands.json that cannot be used; entries that
    cannot be read are warned about and skipped."""
    file_flags: dict[str, list[str]] = {}
    if compile_commands is not None:
        file_flags, problems = compile_command_flags(compile_commands)
        for problem in problems:
            print(f"hipify-plus: warning: {problem}", file=sys.stderr)
    return CheckSettings(
        hipcc=found.hipcc,
        no_hipcc=found.problem,
        arches=tuple(arches),
        flags=tuple([f"-I{i}" for i in includes] + [f"-D{d}" for d in defines]),
        file_flags=file_flags,
        jobs=jobs,
        cache_dir=default_cache_dir() if use_cache else None,
        target_rocm=target_rocm,
    )


def write_statuses(result: CheckResult, out: TextIO) -> None:
    """One line per unit that does not compile, and per header with an error of its own (a header
    that only takes its units' status is not repeated)."""
    for check in sorted(result.files, key=lambda f: f.input):
        if result.hipcc is None or check.status not in (FAILS, NOT_CHECKED):
            continue
        if check.kind == "host" or (
            check.kind == "header" and (check.error is None or check.error.where.path != check.output)
        ):
            continue
        if check.explained:
            why = f" (explained by {check.finding}; cause: {check.cause})"
        elif check.finding:
            why = f" ({check.finding})"  # the finding quotes the error and names the cause
        else:
            why = ""
        out.write(f"hipify-plus: check: {check.input}: {check.status}: {check.reason}{why}\n")
