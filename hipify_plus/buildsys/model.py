"""What a build-file conversion produces: edits on the text, and notes that become findings."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hipify_plus.diagnostics import Diagnostic, make_diagnostic
from hipify_plus.edits import Edit, apply_edits
from hipify_plus.source import SourceFile

_CU = re.compile(r"(?<=[\w%*)}\]])\.cu(?![\w])")
_CUH = re.compile(r"(?<=[\w%*)}\]])\.cuh(?![\w])")


@dataclass(frozen=True)
class BuildOptions:
    arches: tuple[str, ...] = ("gfx90a",)
    rename: bool = False  # .cu sources become .hip
    header_suffix: str | None = None  # with rename: .cuh headers become this

    def rename_sources(self, text: str) -> str:
        """.cu -> .hip (and .cuh -> header_suffix) in file names written in a build file."""
        if not self.rename:
            return text
        text = _CU.sub(".hip", text)
        if self.header_suffix:
            text = _CUH.sub(self.header_suffix, text)
        return text


@dataclass
class BuildConversion:
    data: bytes  # the file as read: every offset below is a byte offset into it
    replacements: list[Edit] = field(default_factory=list)
    notes: list[tuple[int, str]] = field(default_factory=list)  # HP010: what was changed and why
    review: list[tuple[int, str]] = field(default_factory=list)  # HP011: left for a human
    info: list[tuple[int, str]] = field(default_factory=list)  # HP012 and other notes
    extra_files: dict[str, str] = field(default_factory=dict)  # name beside the file -> content

    def replace(self, start: int, end: int, new: str) -> None:
        self.replacements.append(Edit(start, end, new.encode("utf-8", "surrogateescape")))

    def output(self) -> bytes:
        return apply_edits(self.data, self.replacements)

    def diagnostics(self, source: SourceFile) -> list[Diagnostic]:
        found = []
        for rule, items in (("HP010", self.notes), ("HP011", self.review), ("HP012", self.info)):
            seen: set[tuple[int, str]] = set()
            for offset, message in items:
                if (offset, message) in seen:
                    continue
                seen.add((offset, message))
                line_end = source.data.find(b"\n", offset)
                found.append(
                    make_diagnostic(source, rule, offset, len(source.data) if line_end == -1 else line_end, message)
                )
        return sorted(found, key=lambda d: (d.start, d.rule))
