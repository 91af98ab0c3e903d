"""What a file's own headers define: what the AMD build of a file sees from the project's quoted
`#include "..."`s (followed from the file's folder or its parents, transitively, read from disk,
never run). A project that defines `__shfl_xor_sync` for its HIP build (`#define
__shfl_xor_sync(mask, var, lane, width) __shfl_xor(var, lane, width)`) has already chosen what a
CUDA intrinsic means on AMD, and the rules about that intrinsic leave its calls alone.

`header_macros` reads nested headers as text whatever `#if` surrounds their includes (a superset,
the safe side for "the project defines it"). `amd_header_facts` follows them as an AMD build does
(an include in a branch AMD never compiles is not followed) and says which macros, typedefs and
functions that build gets, with the macros' values, and which macros the headers define only
where AMD never compiles. Unreadable, missing or oversized headers are skipped."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from hipify_plus.fsutil import note_read
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node, Tree

_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.MULTILINE)
_DEFINE = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)", re.MULTILINE)
MAX_HEADERS = 200
MAX_HEADER_BYTES = 4 * 1024 * 1024


def defined_macros(data: bytes) -> frozenset[str]:
    """Names a text #defines."""
    return frozenset(m.group(1).decode("ascii") for m in _DEFINE.finditer(data)) if b"define" in data else frozenset()


def quoted_includes(data: bytes) -> list[str]:
    return (
        [m.group(1).decode("utf-8", "replace").strip() for m in _INCLUDE.finditer(data)] if b"include" in data else []
    )


SEARCHED_PARENTS = 3


def _resolve(folder: str, spelling: str) -> str:
    """Where `#include "spelling"` in a file of `folder` finds its header: beside the file, else
    in one of its parent folders, as a build that passes the project's root with -I finds
    `#include "ggml-cuda/common.cuh"` (the nearest that exists; the first guess if none does)."""
    first = os.path.normpath(os.path.join(folder, spelling))
    note_read(first)
    if os.path.isfile(first) or os.path.isabs(spelling):
        return first
    parent = folder
    for _ in range(SEARCHED_PARENTS):
        parent = os.path.dirname(parent)
        candidate = os.path.normpath(os.path.join(parent, spelling))
        note_read(candidate)
        if os.path.isfile(candidate):
            return candidate
    return first


def project_headers(path: str, includes: list[str]) -> list[str]:
    """The readable headers `includes` (spelled as in a file at `path`) name, and the project
    headers they include in turn, resolved next to each including file; nearest first."""

    def included(header: str) -> tuple[str, ...] | None:
        read = _read_header(header, _stamp(header))
        return read[1] if read is not None else None

    return _follow(path, includes, included)


def _follow(path: str, includes: list[str], included: Callable[[str], tuple[str, ...] | None]) -> list[str]:
    """The headers reached from `includes` of the file at `path`, each once, nearest first;
    `included(header)` gives a header's own includes to follow (None: unreadable, skipped)."""
    folder = os.path.dirname(os.path.abspath(path)) if path else ""
    if not folder or not includes:
        return []
    found: list[str] = []
    seen: set[str] = set()
    pending = [_resolve(folder, spelling) for spelling in reversed(includes)]
    while pending and len(seen) < MAX_HEADERS:
        header = pending.pop()
        if header in seen:
            continue
        seen.add(header)
        nested = included(header)
        if nested is None:
            continue
        found.append(header)
        here = os.path.dirname(header)
        pending.extend(_resolve(here, spelling) for spelling in reversed(nested))
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
    note_read(path)
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
        summary = _summary(header, _stamp(header), tuple(rocm))
        for name, texts in summary.values.items() if summary is not None else ():
            values.setdefault(name, set()).update(t for t in texts if t is not None)
    return {name: frozenset(texts) for name, texts in values.items() if texts}


@dataclass(frozen=True)
class HeaderFacts:
    """What an AMD build of a file gets from the project headers it includes, followed the way
    that build follows them (an `#include` in a branch AMD never compiles is not followed)."""

    values: dict[str, int | None]  # macros defined where AMD compiles: name -> value (None: not a number)
    undefined: frozenset[str]  # macros the headers define only in code AMD never compiles
    names: frozenset[str]  # macros, typedefs and functions defined where AMD compiles


def amd_header_facts(path: str, includes: list[str], rocm: tuple[int, int, int]) -> HeaderFacts:
    summaries: list[_Summary] = []

    def included(header: str) -> tuple[str, ...] | None:
        summary = _summary(header, _stamp(header), tuple(rocm))
        if summary is None:
            return None
        summaries.append(summary)
        return summary.includes

    _follow(path, includes, included)
    texts: dict[str, set[str | None]] = {}
    everywhere: set[str] = set()
    names: set[str] = set()
    for summary in summaries:
        for name, found in summary.values.items():
            texts.setdefault(name, set()).update(found)
        everywhere |= summary.all_macros
        names |= summary.names
    values = {name: _number(found) for name, found in texts.items()}
    return HeaderFacts(values, frozenset(everywhere - set(values)), frozenset(names))


def _number(texts: set[str | None]) -> int | None:
    """The one integer all the definitions give, or None."""
    numbers = {parse_int(t.strip()) if t is not None else None for t in texts}
    return numbers.pop() if len(numbers) == 1 else None


@dataclass(frozen=True)
class _Summary:
    includes: tuple[str, ...]  # quoted includes an AMD build compiles
    values: dict[str, frozenset[str | None]]  # macros defined where AMD compiles -> value texts
    all_macros: frozenset[str]  # every macro the header #defines, compiled or not
    names: frozenset[str]  # macros, typedefs and functions defined where AMD compiles
    variables: dict[str, str]  # file-scope variables declared where AMD compiles -> their type's text
    system_includes: tuple[str, ...]  # <...> includes an AMD build compiles


@dataclass(frozen=True)
class HeaderSymbol:
    """A name a project header gives a file: a file-scope variable (`text` is its declared type) or
    an object-like macro (`texts`: the values of its definitions there, comments left out, several
    when the header picks one by a macro the build does not fix); `system_includes` are that
    header's `<...>` includes, which tell which library it was written for."""

    kind: str  # "variable" | "macro"
    texts: tuple[str, ...]
    header: str
    system_includes: tuple[str, ...]


def header_symbol(path: str, includes: list[str], rocm: tuple[int, int, int], name: str) -> HeaderSymbol | None:
    """What the nearest project header that a file at `path` includes (transitively, as an AMD
    build at `rocm` follows them) declares `name` as; None if none does (or a function-like or
    empty macro)."""
    summaries: list[tuple[str, _Summary]] = []

    def included(header: str) -> tuple[str, ...] | None:
        summary = _summary(header, _stamp(header), tuple(rocm))
        if summary is None:
            return None
        summaries.append((header, summary))
        return summary.includes

    _follow(path, includes, included)
    for header, summary in summaries:
        if name in summary.variables:
            return HeaderSymbol("variable", (summary.variables[name],), header, summary.system_includes)
        found = summary.values.get(name)
        if found:
            texts = tuple(sorted({_COMMENT.sub("", t).strip() for t in found if t is not None}))
            if None in found or not all(texts):
                return None
            return HeaderSymbol("macro", texts, header, summary.system_includes)
    return None


_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


_NAME_DEFINITIONS = frozenset(
    {
        "declaration",
        "preproc_def",
        "preproc_function_def",
        "preproc_include",
        "function_definition",
        "type_definition",
        "alias_declaration",
    }
)


# What the header readers look for, found in one walk of each header: the summary's definitions,
# and the calls the launch-loop rule counts (lint/detectors/libraries/_launchers.py).
HEADER_NODE_TYPES = _NAME_DEFINITIONS | {"call_expression"}
_PARSED: dict[tuple[int, int, int, int], ParsedHeader | None] = {}  # by device, inode, time and size


@dataclass(frozen=True)
class ParsedHeader:
    """A project header read and parsed once per process, shared by everything that reads it
    (the summaries here, the launch-loop and warp-width rules' header functions)."""

    data: bytes
    tree: Tree
    nodes: list[Node]  # the HEADER_NODE_TYPES nodes, in document order

    def of(self, types: frozenset[str]) -> list[Node]:
        """The nodes of `types` (a subset of HEADER_NODE_TYPES), in document order."""
        return [node for node in self.nodes if node.type in types]


def parsed_header(path: str) -> ParsedHeader | None:
    """The header at `path` parsed (None if it cannot be read or is too large), kept per
    process by the file's identity and modification stamp: one parse and one walk per header,
    however its includers spell its path."""
    note_read(path)
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    key = (status.st_dev, status.st_ino, status.st_mtime_ns, status.st_size)
    if key not in _PARSED:
        if len(_PARSED) >= 512:
            _PARSED.clear()
        data = read_header(path)
        if data is None:
            return None
        from hipify_plus.parse import nodes_of_types, parse

        tree = parse(data)
        _PARSED[key] = ParsedHeader(data, tree, nodes_of_types(tree, HEADER_NODE_TYPES))
    return _PARSED[key]


@lru_cache(maxsize=512)
def _summary(path: str, stamp: tuple[int, int] | None, rocm: tuple[int, ...]) -> _Summary | None:
    """One header as an AMD build at `rocm` reads it (evaluated on its own: a macro it defines
    itself has an unknown value in its own tests). None if it cannot be read."""
    parsed = parsed_header(path) if stamp is not None else None
    if parsed is None:
        return None
    from hipify_plus.cuda.preprocessor import AmdBuild, file_macros, inactive_on_amd
    from hipify_plus.cuda.syntax import declarator_name, node_text

    data, tree = parsed.data, parsed.tree
    build = AmdBuild(rocm, file_macros=file_macros(tree.root_node))  # type: ignore[arg-type]
    includes: list[str] = []
    system: list[str] = []
    values: dict[str, set[str | None]] = {}
    names: set[str] = set()
    variables: dict[str, str] = {}
    for node in parsed.of(_NAME_DEFINITIONS):
        if inactive_on_amd(node, build):
            continue
        if node.type == "declaration":
            _file_scope_variables(node, variables)
        elif node.type == "preproc_include":
            spelled = node.child_by_field_name("path")
            if spelled is not None and spelled.type == "string_literal":
                includes.append(node_text(spelled).strip().strip('"'))
            elif spelled is not None and spelled.type == "system_lib_string":
                system.append(node_text(spelled).strip().strip("<>").strip())
        elif node.type in ("preproc_def", "preproc_function_def"):
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            if name is not None:
                function_like = node.type == "preproc_function_def"
                values.setdefault(node_text(name), set()).add(
                    None if function_like or value is None else node_text(value)
                )
                names.add(node_text(name))
        elif node.type == "function_definition":
            name = declarator_name(node)
            if name is not None and name.type == "identifier":
                names.add(node_text(name))
        else:  # typedef / using
            for declarator in node.children_by_field_name("declarator") or node.children_by_field_name("name"):
                inner: Node | None = declarator
                while inner is not None and inner.type not in ("type_identifier", "identifier"):
                    inner = inner.child_by_field_name("declarator")
                if inner is not None:
                    names.add(node_text(inner))
    return _Summary(
        tuple(includes),
        {n: frozenset(v) for n, v in values.items()},
        defined_macros(data),
        frozenset(names),
        variables,
        tuple(system),
    )


_SCOPES = frozenset({"compound_statement", "field_declaration_list", "parameter_list", "template_declaration"})


def _file_scope_variables(declaration: Node, variables: dict[str, str]) -> None:
    """`static T name;`, `T a = x, *b;` at file scope (inside namespaces and `extern "C"` too):
    each plain declared name -> T's text. Functions, locals and members are left out."""
    from hipify_plus.cuda.syntax import node_text

    parent = declaration.parent
    while parent is not None:
        if parent.type in _SCOPES:
            return
        parent = parent.parent
    type_node = declaration.child_by_field_name("type")
    if type_node is None:
        return
    for declarator in declaration.children_by_field_name("declarator"):
        inner: Node | None = declarator
        if inner is not None and inner.type == "init_declarator":
            inner = inner.child_by_field_name("declarator")
        if inner is not None and inner.type == "identifier":
            variables.setdefault(node_text(inner), node_text(type_node))
