"""What the compile check found: a status per converted file, and the summary line."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hipify_plus.diagnostics import Diagnostic
from hipify_plus.resources.hipcc import Hipcc

COMPILES, FAILS, NOT_CHECKED = "compiles", "fails", "not-checked"
_WORSE = {COMPILES: 0, NOT_CHECKED: 1, FAILS: 2}


@dataclass(frozen=True)
class CheckSettings:
    hipcc: Hipcc | None
    no_hipcc: str = ""  # why there is no hipcc, when there is none
    arches: tuple[str, ...] = ("gfx90a",)
    flags: tuple[str, ...] = ()  # -I/-isystem/-D/-U/-std for every unit; input folders are mapped
    file_flags: dict[str, list[str]] = field(default_factory=dict)  # per input file (compile_commands.json)
    jobs: int = 0
    cache_dir: Path | None = None  # None: no cache
    target_rocm: tuple[int, int, int] | None = None  # the release convert wrote for


@dataclass(frozen=True)
class Location:
    path: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True)
class CompilerMessage:
    """One `error:` of hipcc, with the places clang named around it: its notes' places, then the
    files that included the file with the error, innermost first."""

    where: Location
    message: str
    context: tuple[Location, ...] = ()

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass
class FileCheck:
    input: str  # the user's file, as convert names it
    output: str  # the converted file that was compiled (or included)
    kind: str  # unit | header
    status: str  # compiles | fails | not-checked
    reason: str = ""  # fails: the first error; not-checked: why
    error: CompilerMessage | None = None
    cause: str = ""  # why, from the first error (rules/check/causes.tsv)
    cause_class: str = ""  # the cause's class, for counting: undeclared-identifier ...
    finding: str = ""  # fails: "HP001 at src/k.cu:12", the error finding that carries the failure
    explained: bool = False  # that finding is convert's own (else it is the check's HP013)
    missing: str = ""  # not-checked for a library header that is not installed: the header
    units: tuple[str, ...] = ()  # headers: the units that include it
    arch: str = ""
    cached: bool = False
    matrix: dict[str, dict[str, int]] = field(default_factory=dict)  # WMMA units: arch -> kernel -> v_mfma/v_wmma

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.input,
            "output": self.output,
            "kind": self.kind,
            "status": self.status,
            "reason": self.reason,
            "cause": self.cause,
            "cause_class": self.cause_class or None,
            "finding": self.finding or None,
            "explained_by": self.finding if self.explained else None,
            "missing_header": self.missing or None,
            "arch": self.arch or None,
            "error": None
            if self.error is None
            else {
                "path": self.error.where.path,
                "line": self.error.where.line,
                "column": self.error.where.column,
                "message": self.error.message,
            },
            **({"units": list(self.units)} if self.kind == "header" else {"cached": self.cached}),
            **({"matrix_instructions": self.matrix} if self.matrix else {}),
        }


@dataclass
class CheckResult:
    hipcc: Hipcc | None
    arches: tuple[str, ...]
    files: list[FileCheck] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)  # HP013 findings the check made
    no_hipcc: str = ""

    @property
    def units(self) -> list[FileCheck]:
        return [f for f in self.files if f.kind == "unit"]

    def count(self, status: str) -> int:
        return sum(1 for f in self.units if f.status == status)

    @property
    def failed(self) -> bool:
        return self.count(FAILS) > 0

    def missing_headers(self) -> list[str]:
        return sorted({f.missing for f in self.units if f.missing})

    def summary(self) -> str:
        """`checked 46 units with hipcc 5.7 for gfx90a: 40 compile, 4 fail, 2 not checked (...)`."""
        units = self.units
        noun = "unit" if len(units) == 1 else "units"
        if self.hipcc is None:
            return f"{len(units)} {noun} not checked: no hipcc ({self.no_hipcc})"
        counts = Counter(f.status for f in units)
        text = (
            f"checked {len(units)} {noun} with hipcc {self.hipcc.version} for {','.join(self.arches)}: "
            f"{counts[COMPILES]} compile, {counts[FAILS]} fail, {counts[NOT_CHECKED]} not checked"
        )
        missing = self.missing_headers()
        return text + (f" (missing headers: {', '.join(missing)})" if missing else "")

    def to_json(self) -> dict[str, Any]:
        return {
            "hipcc": None if self.hipcc is None else {"path": self.hipcc.path, "version": self.hipcc.version},
            "no_hipcc": self.no_hipcc or None,
            "arches": list(self.arches),
            "units": len(self.units),
            "compile": self.count(COMPILES),
            "fail": self.count(FAILS),
            "not_checked": self.count(NOT_CHECKED),
            "missing_headers": self.missing_headers(),
            "files": [f.to_json() for f in sorted(self.files, key=lambda f: f.input)],
        }


def worst(statuses: list[str]) -> str:
    return max(statuses, key=_WORSE.__getitem__) if statuses else NOT_CHECKED
