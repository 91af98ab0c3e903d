"""Which converted files are translation units (compiled on their own) and which are headers.

A unit is a converted .cu/.hip/.cpp/.cc/.cxx file that no other project file #includes; a
.cpp/.cc/.cxx counts only when it, or a project file it includes, uses HIP or CUDA in its code (a
`cudaArray*` in a comment does not count). A source that
a project file includes is a header, checked through the units that include it; .c files and
.cpp files without GPU code are left to the host compiler. Kinds are read from the user's file
names (a single-file conversion may write any output name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePath

from hipify_plus.check.includes import IncludeScanner
from hipify_plus.edits import PositionMap
from hipify_plus.lexer import without_comments

UNIT_SUFFIXES = frozenset({".cu", ".hip", ".cpp", ".cc", ".cxx"})
GPU_SUFFIXES = frozenset({".cu", ".hip"})
_GPU_CODE = re.compile(
    rb"\b(?:hip|cuda)[A-Z_]\w*|\b__(?:global|device|host|shared|constant)__\b|<<<"
    rb"|#[ \t]*include[ \t]*[<\"](?:hip|cuda)"
)


@dataclass(frozen=True)
class Converted:
    input: str  # the user's file, as convert names it
    output: Path  # absolute, normalised
    positions: PositionMap = field(default_factory=PositionMap, compare=False)  # output offsets -> input's


def uses_gpu(path: Path, scanner: IncludeScanner, folders: list[Path]) -> bool:
    for file in scanner.closure(path, folders).files:
        if file in scanner.project:
            try:
                if _GPU_CODE.search(without_comments(file.read_bytes())):
                    return True
            except OSError:
                continue
    return False


@dataclass
class Split:
    units: list[Converted] = field(default_factory=list)
    headers: list[Converted] = field(default_factory=list)  # checked through the units
    host: list[Converted] = field(default_factory=list)  # plain C/C++ sources: for the host compiler


def split_units(files: list[Converted], scanner: IncludeScanner, folders: list[Path]) -> Split:
    included = scanner.included_by_others(folders)
    split = Split()
    for converted in files:
        suffix = PurePath(converted.input).suffix.lower()
        if converted.output in included or (suffix not in UNIT_SUFFIXES and suffix != ".c"):
            split.headers.append(converted)
        elif suffix in GPU_SUFFIXES or (suffix != ".c" and uses_gpu(converted.output, scanner, folders)):
            split.units.append(converted)
        else:
            split.host.append(converted)
    return split
