"""Why a unit does not compile, from its first error: the cause table (rules/check/causes.tsv:
a regular expression over clang's message, the cause it names) and the library table
(rules/check/libraries.tsv: which library a missing header belongs to)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path

from hipify_plus.data import data_dir

UNCLASSIFIED = ("unclassified", "not classified yet: see the error")
_FIELD = re.compile(r"\{(\w+)\}")
_MISSING = re.compile(r"^'(?P<header>[^']+)' file not found")
LIBRARY_KINDS = ("rocm", "system", "cuda-only", "cuda")


@dataclass(frozen=True)
class Cause:
    pattern: re.Pattern[str]
    label: str  # the class, for counting: undeclared-identifier
    text: str  # may name the pattern's groups: {name}


@dataclass(frozen=True)
class Library:
    pattern: str  # a glob over the header as #included: hipblaslt/*, npp*.h
    name: str
    kind: str  # rocm | system: not installed here; cuda-only: no AMD counterpart; cuda: a CUDA header left


class TableError(ValueError):
    """A malformed row in one of the check's tables (a bug in the data, named with its line)."""


def _rows(path: Path, columns: int) -> list[tuple[int, list[str]]]:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != columns:
            raise TableError(f"{path}:{number}: expected {columns} tab-separated columns")
        rows.append((number, cells))
    return rows


@cache
def causes() -> tuple[Cause, ...]:
    path = data_dir("rules") / "check" / "causes.tsv"
    found = []
    for number, (pattern, label, text) in _rows(path, 3):
        try:
            found.append(Cause(re.compile(pattern), label, text))
        except re.error as exc:
            raise TableError(f"{path}:{number}: {exc}") from exc
    return tuple(found)


@cache
def libraries() -> tuple[Library, ...]:
    path = data_dir("rules") / "check" / "libraries.tsv"
    found = []
    for number, (pattern, name, kind) in _rows(path, 3):
        if kind not in LIBRARY_KINDS:
            raise TableError(f"{path}:{number}: kind {kind!r} is not one of {', '.join(LIBRARY_KINDS)}")
        found.append(Library(pattern, name, kind))
    return tuple(found)


def classify(message: str) -> tuple[str, str]:
    """(class, cause) of the first matching row, the cause with its groups filled in."""
    for cause in causes():
        match = cause.pattern.search(message)
        if match:
            return cause.label, _fill(cause.text, match)
    return UNCLASSIFIED


def _fill(text: str, match: re.Match[str]) -> str:
    """`{name}` in a cause replaced by the group of that name (other braces stay as they are)."""
    groups = {k: v or "" for k, v in match.groupdict().items()}
    return _FIELD.sub(lambda field: groups.get(field[1], field[0]), text)


def missing_header(message: str) -> str | None:
    """`hipblaslt/hipblaslt.h` from `'hipblaslt/hipblaslt.h' file not found`."""
    match = _MISSING.match(message)
    return match["header"] if match else None


def library_of(header: str) -> Library | None:
    return next((lib for lib in libraries() if fnmatchcase(header, lib.pattern)), None)


def other_spellings(header: str, library: Library) -> list[str]:
    """Where else a library's header may sit: `hipblas.h` <-> `hipblas/hipblas.h` (the folders
    are the library's `folder/*` rows)."""
    name = header.rsplit("/", 1)[-1]
    folders = [lib.pattern[:-2] for lib in libraries() if lib.name == library.name and lib.pattern.endswith("/*")]
    return [s for s in dict.fromkeys([*(f"{folder}/{name}" for folder in folders), name]) if s != header]
