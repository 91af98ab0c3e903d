"""From hipcc's errors to statuses and findings: what a first error means (a library that is not
installed, a CUDA-only library, a cause from the table), and which finding explains it — one
convert already made near the error's line in the user's file, else a new HP013 there."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hipify_plus.check.causes import classify, library_of, missing_header, other_spellings
from hipify_plus.check.includes import IncludeScanner
from hipify_plus.check.model import FAILS, NOT_CHECKED, CompilerMessage
from hipify_plus.check.units import Converted
from hipify_plus.diagnostics import Diagnostic, make_diagnostic
from hipify_plus.mappings import HIP_LIBRARY_NAMES, load_mappings
from hipify_plus.positions import converted_and_original, line_back, place_back
from hipify_plus.resources.hipcc import Hipcc
from hipify_plus.source import SourceFile
from hipify_plus.versions import Version, format_version

NEAR = 2  # lines: a finding this close to the error's line explains it
_HIP_ITSELF = frozenset({"runtime", "driver", "device", "rtc", "cucomplex"})
_NAME_LABELS = frozenset({"undeclared-identifier", "unknown-type", "no-member"})
_NAMED = re.compile(r"(?:undeclared identifier|unknown type name|no member named) '((?:hip|HIP|roc|ROC|miopen)\w+)'")


@dataclass(frozen=True)
class Verdict:
    status: str  # fails | not-checked
    label: str  # the cause's class: undeclared-identifier, library-not-installed ...
    cause: str
    missing: str = ""  # not-checked: the library header that is not installed
    reason: str = ""  # not-checked: why


@dataclass
class Explainer:
    """Judges errors and ties them to findings; makes each HP013 once however many units meet
    its error."""

    origin: dict[Path, Converted]  # converted file -> the user's file
    findings: dict[str, list[Diagnostic]]  # the user's file -> convert's error findings
    hipcc: Hipcc
    scanner: IncludeScanner
    available: Callable[[str], bool]  # does hipcc find `#include <spelling>`?
    target: Version | None = None  # the ROCm release convert wrote for
    new: dict[tuple[str, int, str], Diagnostic] = field(default_factory=dict)
    _texts: dict[Path, tuple[SourceFile, SourceFile] | None] = field(default_factory=dict)

    def judge(self, error: CompilerMessage) -> Verdict:
        """What an error means for its unit: a missing library header that is not the project's makes
        the unit not-checked (or fails, for a CUDA-only library, or when the library is installed
        under another spelling: `available(spelling)` asks hipcc); anything else fails, with a cause."""
        label, cause = classify(error.message)
        header = missing_header(error.message)
        if header is None:
            older = self._older_library(error.message) if label in _NAME_LABELS else None
            return Verdict(FAILS, "library-older-than-target", older) if older else Verdict(FAILS, label, cause)
        holders = sorted(self.scanner.folders_holding(header))
        if holders:
            here = Path(error.where.path).parent  # <x.h> beside the includer: the build had -I.
            folder = here if here in holders else holders[0]
            more = " (or another of its copies)" if len(holders) > 1 else ""
            return Verdict(
                FAILS, "include-folder-missing", f"{cause}; the converted tree has it in {folder}: add -I{folder}{more}"
            )
        library = library_of(header)
        if library is None:
            return Verdict(FAILS, label, cause)
        if library.kind in ("rocm", "system"):
            elsewhere = next((other for other in other_spellings(header, library) if self.available(other)), None)
            if elsewhere is not None and library.kind == "system" and "/" in elsewhere:
                system_folder = "/usr/include/" + elsewhere.rsplit("/", 1)[0]
                return Verdict(
                    FAILS,
                    "include-folder-missing",
                    f"{library.name} is installed, with <{header}> as <{elsewhere}>: the project's build passes "
                    f"that folder (-I{system_folder}, as pkg-config gives it); pass it to the check too",
                )
            if elsewhere is not None:
                return Verdict(
                    FAILS,
                    "header-spelling",
                    f"{library.name} is installed, but as <{elsewhere}>: "
                    "the header's spelling differs in this ROCm release",
                )
            return Verdict(
                NOT_CHECKED, "library-not-installed", "", header, f"needs <{header}> ({library.name}), not installed"
            )
        if library.kind == "cuda-only":
            return Verdict(
                FAILS,
                "cuda-only-library",
                f"needs <{header}> ({library.name}): a CUDA-only library with no AMD counterpart",
            )
        return Verdict(
            FAILS, "cuda-header-left", f"<{header}> is a CUDA header ({library.name}) that convert left as it is"
        )

    def _older_library(self, message: str) -> str | None:
        """A HIP/ROCm library name that the tables give the target release, undeclared by the
        installed headers: that library is older than the target (Debian 13 ships hipcc 5.7 with
        hipSOLVER 1.7, which is ROCm 5.5's)."""
        match = _NAMED.search(message)
        mapping = load_mappings().by_hip_name(match.group(1)) if match is not None and self.target else None
        if (
            mapping is None
            or mapping.library in _HIP_ITSELF
            or mapping.hip_added is None
            or self.target is None
            or mapping.hip_added > self.target
        ):
            return None  # HIP's own names come with hipcc, whose release is the target's
        library = HIP_LIBRARY_NAMES.get(mapping.library, "HIP")
        return (
            f"{mapping.hip} is in {library} from ROCm {format_version(mapping.hip_added)} and the target is ROCm "
            f"{format_version(self.target)}, but the installed headers do not declare it: the {library} installed "
            f"is older than the target (hipcc {self.hipcc.version}); convert with --rocm-version of the installed "
            f"{library}, or install the target's"
        )

    def explain(self, error: CompilerMessage, cause: str, arch: str, unit: Converted) -> tuple[str, bool]:
        """(`HP001 at src/k.cu:12`, True): convert's error finding near the error, else (the HP013
        made for it, False)."""
        converted, line, column = self._place(error, unit)
        original, original_line = self._back(converted, line)
        near = [d for d in self.findings.get(original, ()) if d.line - NEAR <= original_line <= d.end_line + NEAR]
        if near:
            best = min(near, key=lambda d: (abs(d.line - original_line), d.line, d.column))
            return f"{best.rule} at {best.path}:{best.line}", True
        key = (original, original_line, error.message)
        finding = self.new.get(key)
        if finding is None:
            finding = self.new[key] = self._hp013(converted, line, column, error, cause, arch)
        return f"{finding.rule} at {finding.path}:{finding.line}", False

    def _place(self, error: CompilerMessage, unit: Converted) -> tuple[Path, int, int]:
        """The error's place in a converted file: where it is, else the nearest includer or note
        in the project (an error inside a system header), else the unit's first line."""
        for location in (error.where, *error.context):
            path = Path(location.path)
            if path in self.origin:
                return path, location.line, location.column
        return unit.output, 1, 1

    def _sources(self, converted: Path) -> tuple[SourceFile, SourceFile] | None:
        """The converted file and the user's, as read now (None if either cannot be read)."""
        if converted not in self._texts:
            self._texts[converted] = converted_and_original(str(converted), self.origin[converted].input)
        return self._texts[converted]

    def _back(self, converted: Path, line: int) -> tuple[str, int]:
        original = self.origin[converted].input
        texts = self._sources(converted)
        if texts is None:
            return original, line
        return original, line_back(line, self.origin[converted].positions, *texts)

    def _hp013(
        self, converted: Path, line: int, column: int, error: CompilerMessage, cause: str, arch: str
    ) -> Diagnostic:
        message = (
            f"does not compile with hipcc {self.hipcc.version} for {arch}: {error.message} "
            f"(at {converted}:{line}:{column}); cause: {cause}"
        )
        texts = self._sources(converted)
        if texts is None:  # the converted file vanished: the finding stays on the user's file, line 1
            return make_diagnostic(SourceFile(self.origin[converted].input, b""), "HP013", 0, 0, message)
        source, original = texts
        offset = source.offset(line, column)  # clang counts columns in bytes
        end = source.line_span(line)[1]
        found = make_diagnostic(source, "HP013", offset, end, message)
        return place_back(found, self.origin[converted].positions, original)
