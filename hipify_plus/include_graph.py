"""Which project files a file can see through `#include`: for scoping the names a project defines.

A name the project defines (a `cudaCheck` macro, a shim `typedef int CUdevice;`) is the project's
own only where its definition can be seen: in the files of the translation units that include
the defining file. Elsewhere the same spelling is CUDA's and is renamed. Includes are read as
text, whatever `#if` surrounds them (a superset is the safe side here), and resolved against the
project: next to the including file for a quoted include, else the one project file whose path
ends with the spelling, preferring the including file's own folder and its parents (include
paths such as `-I Common` are not known at this point).
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Iterable

_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include(?:_next)?[ \t]*(?:"([^"\n]+)"|<([^>\n]+)>)', re.MULTILINE)


class IncludeGraph:
    """Files by root-relative POSIX path, with the project files each one includes."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = list(files)
        self._known = frozenset(files)
        self._by_name: dict[str, list[str]] = defaultdict(list)
        for path in self.files:
            self._by_name[posixpath.basename(path)].append(path)
        self.includes: dict[str, set[str]] = {path: set(self._resolve_all(path, data)) for path, data in files.items()}
        self._included_by: dict[str, set[str]] = defaultdict(set)
        for path, targets in self.includes.items():
            for target in targets:
                self._included_by[target].add(path)

    def _resolve_all(self, path: str, data: bytes) -> Iterable[str]:
        if b"include" not in data:
            return
        folder = posixpath.dirname(path)
        for match in _INCLUDE.finditer(data):
            quoted, angled = match.group(1), match.group(2)
            spelling = (quoted or angled).decode("utf-8", "replace").strip()
            yield from self._resolve(folder, spelling, quoted is not None)

    def _resolve(self, folder: str, spelling: str, quoted: bool) -> list[str]:
        wanted = posixpath.normpath(spelling)
        if quoted:
            beside = posixpath.normpath(posixpath.join(folder, wanted))
            if beside in self._known:
                return [beside]
        candidates = [
            p for p in self._by_name.get(posixpath.basename(wanted), ()) if p == wanted or p.endswith("/" + wanted)
        ]
        if len(candidates) <= 1:
            return candidates
        # several: the one under the nearest of the including file's folder and its parents
        roots = {p: p[: len(p) - len(wanted)].rstrip("/") for p in candidates}
        enclosing = [r for r in roots.values() if not r or r == folder or folder.startswith(r + "/")]
        if not enclosing:
            return candidates  # ambiguous: all of them (a superset of what is seen)
        nearest = max(enclosing, key=len)
        return [p for p, r in roots.items() if r == nearest]

    def _closure(self, start: str, edges: dict[str, set[str]]) -> set[str]:
        seen = {start}
        stack = [start]
        while stack:
            for nxt in edges.get(stack.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return seen

    def included(self) -> set[str]:
        """The files another project file includes."""
        return {path for path, by in self._included_by.items() if by - {path}}

    def visible(self) -> dict[str, set[str]]:
        """For each file, the files whose definitions it can see: everything in every
        translation unit it belongs to (the files that include it, and what they include)."""
        down: dict[str, set[str]] = {}

        def below(path: str) -> set[str]:
            found = down.get(path)
            if found is None:
                found = down[path] = self._closure(path, self.includes)
            return found

        result: dict[str, set[str]] = {}
        for path in self.files:
            seen: set[str] = set()
            for unit in self._closure(path, self._included_by):
                seen |= below(unit)
            result[path] = seen
        return result


_INCLUDED_SOURCE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*["<][^">\n]*\.cu[">]', re.MULTILINE)


def includes_a_source(files: Iterable[bytes]) -> bool:
    """Some file includes a `.cu` spelling: the one case where `included_sources` finds anything."""
    return any(b".cu" in data and _INCLUDED_SOURCE.search(data) for data in files)


def included_sources(graph: IncludeGraph) -> set[str]:
    """The `.cu` files another project file includes: headers in all but name (Rodinia's
    mummergpu includes `common.cu` from a header that g++-built files include too)."""
    return {path for path in graph.included() if path.endswith(".cu")}
