"""`#include` lines of the converted tree: which file each one reaches, which files a unit can
include, and the include folders the tree itself implies.

A quoted `#include "x/y.h"` that does not resolve next to the including file, nor in a folder
given with -I, resolves in the one folder of the converted tree that holds `x/y.h` (that folder
is then passed to hipcc as -I); when several folders hold it, none is chosen. An `#include <x/y.h>`
resolves so only in the including file's own folder or the nearest folder above it that holds
`x/y.h`, as a build that puts the source folder on the include path does (CMake's
`target_include_directories(t PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})`: cuda-samples' interval and its
bundled Boost). The scan reads
`#include` lines as text, whatever `#if` surrounds them: for caching, a superset is what counts.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from hipify_plus.filekinds import SOURCE_SUFFIXES

_INCLUDE = re.compile(
    rb'^[ \t]*#[ \t]*include(?:_next)?[ \t]*(?:"([^"\n]+)"|<([^>\n]+)>|([^\s"<][^\n]*))', re.MULTILINE
)
_FOLDER_FLAGS = ("-isystem", "-iquote", "-I")
_SCANNED = SOURCE_SUFFIXES | {".inc"}


@dataclass(frozen=True)
class Include:
    spelling: str
    quoted: bool


@dataclass(frozen=True)
class Scanned:
    includes: tuple[Include, ...]
    computed: bool  # an `#include MACRO`: what it reaches is unknown


@dataclass
class Closure:
    """Everything one unit can include (the unit first) and the folders inferred for it."""

    files: list[Path] = field(default_factory=list)
    inferred: list[Path] = field(default_factory=list)
    computed: bool = False


def include_folders(flags: Iterable[str]) -> list[Path]:
    """The folders of -I/-isystem/-iquote flags, in order (`-Ifolder` or `-I folder`)."""
    folders: list[Path] = []
    items = iter(flags)
    for flag in items:
        for prefix in _FOLDER_FLAGS:
            if flag == prefix:
                value = next(items, "")
                if value:
                    folders.append(Path(value))
                break
            if flag.startswith(prefix):
                folders.append(Path(flag[len(prefix) :]))
                break
    return folders


class IncludeScanner:
    """Reads and resolves `#include` lines; each file is read once."""

    def __init__(self, project: Iterable[Path]) -> None:
        self.project = frozenset(project)
        self._by_name: dict[str, list[Path]] = defaultdict(list)
        for path in self.project:
            self._by_name[path.name].append(path)
        self._scanned: dict[Path, Scanned] = {}

    def scan(self, path: Path) -> Scanned:
        found = self._scanned.get(path)
        if found is None:
            try:
                data = path.read_bytes()
            except OSError:
                data = b""
            includes, computed = [], False
            for match in _INCLUDE.finditer(data):
                quoted, angled, other = match.groups()
                if other is not None:
                    computed = True
                else:
                    text = (quoted or angled).decode("utf-8", "replace").strip()
                    includes.append(Include(text, quoted is not None))
            found = self._scanned[path] = Scanned(tuple(includes), computed)
        return found

    def folders_holding(self, spelling: str) -> set[Path]:
        """Folders F of the project such that F/spelling is a project file."""
        parts = Path(spelling).parts
        if not parts or ".." in parts:
            return set()
        return {
            Path(*candidate.parts[: len(candidate.parts) - len(parts)])
            for candidate in self._by_name.get(parts[-1], ())
            if candidate.parts[-len(parts) :] == parts and len(candidate.parts) > len(parts)
        }

    def resolve(self, include: Include, includer: Path, folders: list[Path]) -> Path | None:
        """The file an include reaches: next to the includer (quoted only), then in `folders`."""
        places = ([includer.parent] if include.quoted else []) + folders
        for folder in places:
            candidate = Path(os.path.normpath(folder / include.spelling))
            if candidate in self.project or candidate.is_file():
                return candidate
        return None

    def infer(self, include: Include, includer: Path) -> Path | None:
        """The one project folder that holds a quoted include's file; for `<...>`, the nearest of
        the includer's folder and those above it that holds it; else None."""
        folders = self.folders_holding(include.spelling)
        if include.quoted:
            return next(iter(folders)) if len(folders) == 1 else None
        return next((f for f in includer.parents if f in folders), None)

    def closure(self, unit: Path, folders: list[Path]) -> Closure:
        """Every file `unit` can include through `folders` and the folders inferred on the way."""
        result = Closure(files=[unit])
        search = list(folders)
        seen = {unit}
        queue = [unit]
        while queue:
            current = queue.pop()
            scanned = self.scan(current)
            result.computed = result.computed or scanned.computed
            for include in scanned.includes:
                target = self.resolve(include, current, search)
                if target is None:
                    folder = self.infer(include, current)
                    if folder is not None:
                        search.append(folder)
                        result.inferred.append(folder)
                        target = self.resolve(include, current, search)
                if target is not None and target not in seen:
                    seen.add(target)
                    result.files.append(target)
                    queue.append(target)
        return result

    def included_by_others(self, folders: list[Path]) -> set[Path]:
        """Project files that another project source file #includes."""
        included: set[Path] = set()
        for path in self.project:
            if path.suffix.lower() not in _SCANNED:
                continue
            for include in self.scan(path).includes:
                target = self.resolve(include, path, folders)
                if target is None and (folder := self.infer(include, path)) is not None:
                    target = self.resolve(include, path, [*folders, folder])
                if target is not None and target != path and target in self.project:
                    included.add(target)
        return included
