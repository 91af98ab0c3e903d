"""One syntax check: `hipcc -fsyntax-only -x hip --offload-arch=A` on one unit, its errors read
from clang's output, the answer cached by content in the cache folder."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from hipify_plus.check.model import CompilerMessage, Location
from hipify_plus.fsutil import write_atomic
from hipify_plus.resources.hipcc import COMPILER_ERROR, Hipcc, HipccFailed
from hipify_plus.subprocesses import exit_status, first_error

CACHE_FORMAT = "check-1"
_STDERR_KEPT = 256 * 1024
_INCLUDED_FROM = re.compile(r"^In file included from (?P<file>.+?):(?P<line>\d+):$")
_NOTE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<column>\d+): note: ")


@dataclass(frozen=True)
class Compiled:
    """hipcc's answer for one unit and one target."""

    arch: str
    errors: tuple[CompilerMessage, ...] = ()
    problem: str = ""  # hipcc gave no answer about the code (crashed, timed out, cannot run): why
    cached: bool = False

    @property
    def compiles(self) -> bool:
        return not self.errors and not self.problem


def arguments(unit: Path, arch: str, flags: list[str]) -> list[str]:
    return ["-fsyntax-only", "-x", "hip", f"--offload-arch={arch}", "-w", *flags, str(unit)]


def cache_key(hipcc: Hipcc, arch: str, flags: list[str], files: list[Path], kind: str = CACHE_FORMAT) -> str:
    """What a cached compile depends on: the kind of result (`kind`, with its format's version),
    hipcc (path, version), target, flags, and the path and bytes of every file the unit can include
    (the unit first)."""
    digest = hashlib.blake2b(digest_size=20)
    digest.update(json.dumps([kind, hipcc.path, hipcc.version, arch, flags]).encode())
    for path in files:
        digest.update(b"\0" + str(path).encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError as exc:
            digest.update(f"unreadable: {exc}".encode())
    return digest.hexdigest()


def syntax_check(hipcc: Hipcc, unit: Path, arch: str, flags: list[str], cache_file: Path | None) -> Compiled:
    if cache_file is not None:
        try:
            raw = json.loads(cache_file.read_text(encoding="utf-8"))
            return interpret(arch, int(raw["returncode"]), str(raw["stderr"]), cached=True)
        except (OSError, ValueError, KeyError, TypeError):
            pass
    try:
        done = hipcc.run(arguments(unit, arch, flags))
    except HipccFailed as exc:
        return Compiled(arch, problem=str(exc))
    result = interpret(arch, done.returncode, done.stderr)
    if cache_file is not None and not result.problem:
        payload = {"returncode": done.returncode, "stderr": done.stderr[:_STDERR_KEPT], "unit": str(unit)}
        with contextlib.suppress(OSError):  # a cache that cannot be written costs time, not correctness
            write_atomic(cache_file, json.dumps(payload).encode())
    return result


def header_available(hipcc: Hipcc, spelling: str, arch: str) -> bool:
    """Whether `#include <spelling>` preprocesses with this hipcc (from a temporary file; the
    output is discarded)."""
    try:
        done = hipcc.preprocess(f"#include <{spelling}>\n", ["-o", os.devnull], arch)
    except HipccFailed:
        return False
    return done.returncode == 0


def interpret(arch: str, returncode: int, stderr: str, cached: bool = False) -> Compiled:
    errors = parse_errors(stderr)
    if returncode == 0 and not errors:
        return Compiled(arch, cached=cached)
    if errors:
        return Compiled(arch, errors, cached=cached)
    if returncode < 0 or "frontend command failed" in stderr:
        return Compiled(arch, problem=f"hipcc crashed ({exit_status(returncode)}): {first_error(stderr)}")
    return Compiled(arch, problem=f"hipcc failed ({exit_status(returncode)}): {first_error(stderr)}")


def parse_errors(stderr: str) -> tuple[CompilerMessage, ...]:
    """Every `file:line:col: error:` clang printed, in order, each with the places its notes name
    and then the files that included its file (innermost first)."""
    errors: list[CompilerMessage] = []
    stack: list[Location] = []
    notes: list[Location] = []
    in_block = False
    current: tuple[Location, str, tuple[Location, ...]] | None = None

    def flush() -> None:
        if current is not None:
            where, message, includers = current
            found = CompilerMessage(where, message, tuple(notes) + includers)
            if all((e.where, e.message) != (where, message) for e in errors):  # host and device passes
                errors.append(found)

    for line in stderr.splitlines():
        included = _INCLUDED_FROM.match(line)
        if included:
            if not in_block:
                stack = []
                in_block = True
            stack.append(Location(_normal(included["file"]), int(included["line"]), 1))
            continue
        in_block = False
        error = COMPILER_ERROR.match(line)
        if error:
            flush()
            notes = []
            where = Location(_normal(error["file"]), int(error["line"]), int(error["column"]))
            current = (where, error["message"].strip(), tuple(reversed(stack)))
            continue
        note = _NOTE.match(line)
        if note and current is not None:
            notes.append(Location(_normal(note["file"]), int(note["line"]), int(note["column"])))
    flush()
    return tuple(errors)


def _normal(path: str) -> str:
    return os.path.abspath(path)
