"""Fixture annotations for corpus files (importable by tests and by plugin authors).

A corpus file carries its expectations as ordinary comments, so they survive translation:

    // hipify-plus-test: rocm-version=5.2 hip-launch-syntax roc compile=no requires=hipblas/hipblas.h
    // hipify-plus-test: converted   (lint corpus: lint as convert does its output)
    cudaFoo();  // expect: HP006
    #define X cudaBar() /* expect: HP001, HP006 */ \\

`expect:` lists the rules whose diagnostics must start on that line; any diagnostic without
an annotation fails the test (strict, as clang-tidy's check driver is). `precise:` lists those
that only `--precise` (libclang) finds there.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

HEADER = re.compile(rb"hipify-plus-test:([^\n*]*)")
EXPECT = re.compile(rb"(?://|/\*|#)\s*expect:\s*([A-Z0-9, ]+)")
OK = re.compile(rb"(?://|/\*|#)\s*ok:\s*([A-Z0-9, ]+)")
PRECISE = re.compile(rb"(?://|/\*|#)\s*precise:\s*([A-Z0-9, ]+)")
EXPECTED_MARK = ".hip"


@dataclass
class Fixture:
    path: Path
    settings: dict[str, str] = field(default_factory=dict)
    expected: Counter[tuple[int, str]] = field(default_factory=Counter)
    ok: set[tuple[int, str]] = field(default_factory=set)
    # `precise: HP104`: found only with --precise (libclang sees what the text does not show)
    precise: Counter[tuple[int, str]] = field(default_factory=Counter)

    @property
    def expected_output(self) -> Path:
        """Beside the input: kernel.cu -> kernel.hip, guard.cuh -> guard.hip.cuh."""
        if self.path.suffix == ".cu":
            return self.path.with_suffix(".hip")
        return self.path.with_name(f"{self.path.stem}{EXPECTED_MARK}{self.path.suffix}")

    @property
    def fixed_output(self) -> Path:
        """Beside a lint input: x.cu -> x.fixed.cu, Makefile -> Makefile.fixed."""
        if self.path.suffix:
            return self.path.with_name(f"{self.path.stem}.fixed{self.path.suffix}")
        return self.path.with_name(self.path.name + ".fixed")

    @property
    def precise_fixed_output(self) -> Path:
        """x.cu -> x.precise.fixed.cu: the fixed text with --precise, where it differs."""
        return self.path.with_name(f"{self.path.stem}.precise.fixed{self.path.suffix}")

    def flag(self, name: str) -> bool:
        return self.settings.get(name, "no") in ("", "yes", "true", "1")


def is_expected_output(path: Path) -> bool:
    return path.suffix == ".hip" or EXPECTED_MARK + "." in path.name or ".fixed" in path.name


def load_fixture(path: Path) -> Fixture:
    data = path.read_bytes()
    fixture = Fixture(path)
    header = HEADER.search(data)
    if header:
        for item in header.group(1).decode().split():
            key, _, value = item.partition("=")
            fixture.settings[key] = value
    for number, line in enumerate(data.splitlines(), start=1):
        match = EXPECT.search(line)
        if match:
            for rule in match.group(1).decode().replace(",", " ").split():
                fixture.expected[(number, rule)] += 1
        for match in OK.finditer(line):
            for rule in match.group(1).decode().replace(",", " ").split():
                fixture.ok.add((number, rule))
        for match in PRECISE.finditer(line):
            for rule in match.group(1).decode().replace(",", " ").split():
                fixture.precise[(number, rule)] += 1
    return fixture
