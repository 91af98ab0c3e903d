"""The macros a file's own headers define: what the AMD build of a file sees from the project's
quoted `#include "..."`s (followed from the file's folder, transitively, read from disk, never
run). A project that defines `__shfl_xor_sync` for its HIP build (`#define __shfl_xor_sync(mask,
var, lane, width) __shfl_xor(var, lane, width)`) has already chosen what a CUDA intrinsic means
on AMD, and the rules about that intrinsic leave its calls alone.

Nested headers are read as text whatever `#if` surrounds their includes (a superset, the safe
side for "the project defines it"); unreadable, missing or oversized headers are skipped."""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.MULTILINE)
_DEFINE = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)", re.MULTILINE)
MAX_HEADERS = 200
MAX_HEADER_BYTES = 4 * 1024 * 1024


def defined_macros(data: bytes) -> frozenset[str]:
    """Names a text #defines."""
    return frozenset(m.group(1).decode("ascii") for m in _DEFINE.finditer(data)) if b"define" in data else frozenset()


def quoted_includes(data: bytes) -> list[str]:
    return [m.group(1).decode("utf-8", "replace").strip() for m in _INCLUDE.finditer(data)] \
        if b"include" in data else []


def project_headers(path: str, includes: list[str]) -> list[str]:
    """The readable headers `includes` (spelled as in a file at `path`) name, and the project
    headers they include in turn, resolved next to each including file; nearest first."""
    folder = os.path.dirname(os.path.abspath(path)) if path else ""
    if not folder or not includes:
        return []
    found: list[str] = []
    seen: set[str] = set()
    pending = [os.path.normpath(os.path.join(folder, spelling)) for spelling in reversed(includes)]
    while pending and len(seen) < MAX_HEADERS:
        header = pending.pop()
        if header in seen:
            continue
        seen.add(header)
        read = _read_header(header, _stamp(header))
        if read is None:
            continue
        found.append(header)
        here = os.path.dirname(header)
        pending.extend(os.path.normpath(os.path.join(here, spelling)) for spelling in reversed(read[1]))
    return found


def header_macros(path: str, includes: list[str]) -> frozenset[str]:
    """Macros #defined by the headers `includes` (spelled as in a file at `path`) and by the
    project headers they include in turn."""
    names: set[str] = set()
    for header in project_headers(path, includes):
        read = _read_header(header, _stamp(header))
        if read is not None:
            names |= read[0]
    return frozenset(names)


def read_header(path: str) -> bytes | None:
    """A project header's bytes (None if it cannot be read or is too large)."""
    stamp = _stamp(path)
    if stamp is None or stamp[1] > MAX_HEADER_BYTES:
        return None
    try:
        return Path(path).read_bytes()
    except (OSError, ValueError):
        return None


def _stamp(path: str) -> tuple[int, int] | None:
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    return (status.st_mtime_ns, status.st_size)


@lru_cache(maxsize=512)
def _read_header(path: str, stamp: tuple[int, int] | None) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """(macros it defines, headers it includes) of one header; None if it cannot be read. Cached
    by path and modification stamp: a project's common headers are read once per process."""
    if stamp is None or stamp[1] > MAX_HEADER_BYTES:
        return None
    try:
        file = Path(path)
        if not file.is_file():
            return None
        data = file.read_bytes()
    except (OSError, ValueError):
        return None
    return defined_macros(data), tuple(quoted_includes(data))


def header_macro_values(path: str, includes: list[str], rocm: tuple[int, int, int]) -> dict[str, frozenset[str]]:
    """Object-like macros of the project headers a file includes, with the values of their
    definitions that an AMD build at `rocm` compiles: name -> value texts (several when the
    header picks one by something the build does not fix)."""
    values: dict[str, set[str]] = {}
    for header in project_headers(path, includes):
        for name, texts in _active_definitions(header, _stamp(header), tuple(rocm)).items():
            values.setdefault(name, set()).update(texts)
    return {name: frozenset(texts) for name, texts in values.items()}


@lru_cache(maxsize=256)
def _active_definitions(path: str, stamp: tuple[int, int] | None,
                        rocm: tuple[int, ...]) -> dict[str, frozenset[str]]:
    read = _read_header(path, stamp)
    if read is None or not read[0]:
        return {}
    data = read_header(path)
    if data is None:
        return {}
    from hipify_plus.cuda.preprocessor import AmdBuild, file_macros, inactive_on_amd
    from hipify_plus.cuda.syntax import node_text
    from hipify_plus.parse import nodes_of_types, parse

    tree = parse(data)
    build = AmdBuild(rocm, file_macros=file_macros(tree.root_node))  # type: ignore[arg-type]
    found: dict[str, set[str]] = {}
    for node in nodes_of_types(tree, frozenset({"preproc_def"})):
        name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        if name is None or value is None or inactive_on_amd(node, build):
            continue
        found.setdefault(node_text(name), set()).add(node_text(value))
    return {name: frozenset(texts) for name, texts in found.items()}
