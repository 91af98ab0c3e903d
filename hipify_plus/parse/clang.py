"""libclang, for what tree-sitter cannot see (`--precise`, the `clang` extra).

tree-sitter gives the shape of the text; clang gives its meaning: the type a typedef or macro
spells (`lane_mask_t m = __ballot(...)` is an `unsigned int`). The rules ask through
`ClangFacts` and fall back to the text when the mode is off or clang did not declare what they
ask about.

A file is parsed on its own, once, the first time a rule asks: in CUDA mode for CUDA sources and
in HIP mode for HIP ones, without the CUDA/HIP runtime wrapper (the keywords come from a small
prelude), with the project's own headers where the file's folder and the -I folders find them.
Errors do not stop it (clang keeps going): a name from a header that is not found stays unknown,
and a question about it gets no answer. Positions are the byte offsets tree-sitter uses.
"""

from __future__ import annotations

import glob
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from hipify_plus.literals import parse_int
from hipify_plus.parse.clang_launches import (
    PROBE,
    LaunchFacts,
    evaluate,
    kernel_definition,
    launch_of,
    probe_source,
    read_file,
)

CLANG_EXTRA = "the clang extra (pip install 'hipify-plus[clang]', which brings libclang)"

# The CUDA/HIP keywords the runtime headers would define (they are not included).
_PRELUDE = b"""
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
"""
# What a launch needs when the runtime headers are not read: `dim3` and the call clang makes of
# `k<<<grid, block, shared, stream>>>` (CUDA's and HIP's names; where clang finds no CUDA
# installation it assumes an old CUDA and calls cudaConfigureCall); in HIP mode hipLaunchKernelGGL
# is the macro HIP's header defines.
_PRELUDE += b"""
struct __hipify_plus_dim3 {
  unsigned x, y, z;
  constexpr __hipify_plus_dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {}
};
typedef __hipify_plus_dim3 dim3;
extern "C" int __cudaPushCallConfiguration(dim3, dim3, unsigned long = 0, void * = 0);
extern "C" int __hipPushCallConfiguration(dim3, dim3, unsigned long = 0, void * = 0);
extern "C" int cudaConfigureCall(dim3, dim3, unsigned long = 0, void * = 0);
extern "C" int hipConfigureCall(dim3, dim3, unsigned long = 0, void * = 0);
#ifdef __HIP__
#define hipLaunchKernelGGL(kernel, grid, block, shared, stream, ...) \\
  kernel<<<(grid), (block), (shared), (stream)>>>(__VA_ARGS__)
#endif
"""
_PRELUDE_NAME = "/hipify-plus-precise-prelude.h"
_KEEP_GOING = 0x200  # CXTranslationUnit_KeepGoing: a fatal error (a header not found) does not stop it
_HIP_SUFFIXES = (".hip",)


def unavailable() -> str | None:
    """Why precise mode cannot run here, or None if it can."""
    try:
        import clang.cindex
    except ImportError as exc:
        return f"--precise needs {CLANG_EXTRA}: {exc}"
    try:
        _index()
    except (clang.cindex.LibclangError, OSError) as exc:  # libclang.so missing or not loadable
        return f"--precise needs {CLANG_EXTRA}; libclang did not load: {exc}"
    return None


def _index() -> Any:
    """A libclang index for one parse (not kept: an index alive at interpreter exit makes
    cindex's finalizer fail after the module is torn down)."""
    import clang.cindex

    return clang.cindex.Index.create()


@cache
def _resource_dir() -> str | None:
    """An installed clang's resource folder (stddef.h, stdarg.h ...), which the libclang wheel lacks;
    the newest one found."""
    found = [
        os.path.dirname(os.path.dirname(header)) for header in glob.glob("/usr/lib/llvm-*/lib/clang/*/include/stddef.h")
    ]
    return max(found, key=_llvm_version) if found else None


def _llvm_version(path: str) -> tuple[int, ...]:
    parts = path.split("/lib/clang/")[-1].split(".")
    return tuple(int(p) for p in parts if p.isdigit())


_RUNTIME_API = re.compile(r"(cuda|hip|cu)[A-Z]")  # a kernel passed to one of these is not escaping


@dataclass(frozen=True)
class ProjectLaunches:
    threads: tuple[int | None, ...]  # each launch's block size (None: not a constant)
    files: tuple[str, ...]  # the units that launch the kernel


@dataclass(frozen=True)
class DeclaredType:
    spelling: str  # as written: `lane_mask_t`
    canonical: str  # what it is: `unsigned int`
    size: int | None  # bytes; None when clang could not size it
    integer: bool


class ClangFacts:
    """What clang says about one file: its declarations, keyed by the byte offset of each declared
    name, and its kernel launches, keyed by the offset where each launch is written (the kernel's
    name, or the macro that expands to the launch)."""

    def __init__(
        self, path: str, data: bytes, flags: Sequence[str] = (), project: Sequence[tuple[str, Sequence[str]]] = ()
    ) -> None:
        """project: the other translation units (compile_commands.json's files and flags), read
        for the definition of a kernel this file launches but only declares."""
        self.path = os.path.abspath(path) if path else "/hipify-plus-input.cu"
        self.data = data
        self.flags = tuple(flags)
        self.project = tuple((file, tuple(file_flags)) for file, file_flags in project if file != self.path)
        self._types: dict[int, DeclaredType] | None = None
        self._launches: dict[int, LaunchFacts] = {}
        self._kernels: dict[str, str | None] = {}  # USR of each kernel defined here -> its bound's text
        self._kernel_bounds: dict[str, int | None] = {}
        self._kernel_names: dict[int, tuple[str, str]] = {}  # offset of a defined kernel's name -> (USR, name)
        self._escaped: set[str] = set()  # USRs of functions used here other than by a call or launch

    def declared_type(self, name_offset: int) -> DeclaredType | None:
        """The type of the variable, parameter or field whose name starts at `name_offset`."""
        self._load()
        assert self._types is not None
        return self._types.get(name_offset)

    def launch(self, offset: int) -> LaunchFacts | None:
        """The launch written at `offset`: its folded block size and the launched kernel's bounds."""
        self._load()
        return self._launches.get(offset)

    def launches(self) -> dict[int, LaunchFacts]:
        self._load()
        return dict(self._launches)

    def defined_kernels(self) -> dict[str, int | None]:
        """USR -> the constant first `__launch_bounds__` argument (None if none) of each kernel
        this file defines."""
        self._load()
        return dict(self._kernel_bounds)

    def launches_elsewhere(self, name_offset: int) -> ProjectLaunches | None:
        """The launches in the project's other units of the kernel whose definition names it at
        `name_offset` in this file (a header's kernel, launched from the .cu files that include
        it): None when no unit launches it, or one uses it other than to launch it (stores it, passes
        it to a helper), so not every launch can be seen. Only units whose text names it are parsed."""
        self._load()
        if name_offset not in self._kernel_names:
            return None
        usr, name = self._kernel_names[name_offset]
        threads: list[int | None] = []
        files: list[str] = []
        for path, unit in self._units_naming(name.encode()):
            if usr in unit.escaped_functions():
                return None
            found = [facts.threads for facts in unit.launches().values() if facts.kernel_usr == usr]
            if found:
                threads += found
                files.append(path)
        return ProjectLaunches(tuple(threads), tuple(files)) if threads else None

    def escaped_functions(self) -> frozenset[str]:
        """USRs of the functions this file names other than to call or launch them, or as an
        argument of a CUDA/HIP API call (`cudaFuncSetAttribute(k, ...)`)."""
        self._load()
        return frozenset(self._escaped)

    def _load(self) -> None:
        if self._types is not None:
            return
        self._types = {}
        try:
            text = self.data.decode("utf-8")
        except UnicodeDecodeError:
            return  # offsets would not match tree-sitter's bytes: no answers
        import clang.cindex as cindex

        kinds = {cindex.CursorKind.VAR_DECL, cindex.CursorKind.PARM_DECL, cindex.CursorKind.FIELD_DECL}
        call, function = cindex.CursorKind.CALL_EXPR, cindex.CursorKind.FUNCTION_DECL
        reference, unexposed = cindex.CursorKind.DECL_REF_EXPR, cindex.CursorKind.UNEXPOSED_EXPR
        stack = [(self._parse(text).cursor, "")]  # (cursor, the call it is inside), in preorder
        while stack:
            cursor, inside = stack.pop()
            kind = cursor.kind
            children = list(cursor.get_children())
            if kind == call:
                inside = cursor.spelling
            elif kind == unexposed and (callee := _unresolved_callee(children)):
                inside = callee  # a call of a function no header declared (the runtime's are not read)
            stack.extend((child, inside) for child in reversed(children))
            location = cursor.location
            if location.file is None or location.file.name != self.path:
                continue
            if kind in kinds:
                self._types[location.offset] = _declared(cursor.type)
            elif kind == call and (found := launch_of(cursor, self._read)) is not None:
                self._launches.setdefault(cursor.extent.start.offset, found)
            elif kind == function and (kernel := kernel_definition(cursor, self._read)) is not None:
                self._kernels[kernel[0]] = kernel[1]
                self._kernel_names[location.offset] = (kernel[0], cursor.spelling)
            elif kind == reference and cursor.spelling != inside and not _RUNTIME_API.match(inside):
                referenced = cursor.referenced
                if referenced is not None and referenced.kind == function:
                    self._escaped.add(referenced.get_usr())
        self._fold_bounds(text)
        self._bounds_defined_elsewhere()

    def _fold_bounds(self, text: str) -> None:
        """Values of the kernels' bounds: literals directly, other expressions (macros, constants)
        evaluated by clang at the end of the file, in one more parse."""
        texts = {f.bounds_text for f in self._launches.values()} | set(self._kernels.values())
        pending = sorted(t for t in texts if t and parse_int(t) is None)
        values = dict.fromkeys(pending, None) | self._probe(text, pending) if pending else {}

        def value(bounds_text: str | None) -> int | None:
            literal = parse_int(bounds_text) if bounds_text else None
            return literal if literal is not None else values.get(bounds_text or "")

        for offset, found in self._launches.items():
            if found.bounds_text:
                self._launches[offset] = replace(found, bounds=value(found.bounds_text))
        self._kernel_bounds = {usr: value(bounds_text) for usr, bounds_text in self._kernels.items()}

    def _bounds_defined_elsewhere(self) -> None:
        """Bounds of the kernels this file launches but only declares, from the translation unit
        of the project that defines them (only units whose text names the kernel are parsed)."""
        for offset, found in self._launches.items():
            if found.defined_elsewhere is None or found.bounds is not None:
                continue
            for path, unit in self._units_naming(found.kernel.encode(), b"__global__"):
                kernels = unit.defined_kernels()
                if found.defined_elsewhere in kernels:
                    self._launches[offset] = replace(found, kernel_file=path, bounds=kernels[found.defined_elsewhere])
                    break

    def _units_naming(self, *words: bytes) -> Iterator[tuple[str, ClangFacts]]:
        """The project's other units whose text has every one of `words`, each parsed once per run
        when first reached: the rest are never parsed."""
        for path, flags in self.project:
            data = read_file(path)
            if data is not None and all(word in data for word in words):
                yield path, _unit(path, flags)

    def _probe(self, text: str, expressions: list[str]) -> dict[str, int | None]:
        unit = self._parse(text + probe_source(expressions))
        found: dict[str, int | None] = {}
        for cursor in unit.cursor.get_children():
            if cursor.spelling.startswith(PROBE) and cursor.location.file and cursor.location.file.name == self.path:
                index = int(cursor.spelling.removeprefix(PROBE))
                found[expressions[index]] = evaluate(cursor)
        return found

    def _parse(self, text: str) -> Any:
        return _index().parse(
            self.path,
            args=self._arguments(),
            unsaved_files=[(self.path, text), (_PRELUDE_NAME, _PRELUDE.decode())],
            options=_KEEP_GOING,
        )

    def _read(self, path: str) -> bytes | None:
        return self.data if path == self.path else read_file(path)

    def _arguments(self) -> list[str]:
        hip = self.path.endswith(_HIP_SUFFIXES)
        language = ["-x", "hip", "-nogpuinc", "-nogpulib", "-D__HIP_PLATFORM_AMD__=1"] if hip else ["-x", "cuda"]
        if not hip:
            language += ["-nocudainc", "-nocudalib"]
        resource = _resource_dir()
        return [
            *language,
            "--cuda-host-only",
            "-std=c++17",
            "-fsyntax-only",
            "-Wno-everything",
            "-ferror-limit=0",  # keep going through a header that does not fit (HIP's, read as CUDA)
            "-include",
            _PRELUDE_NAME,
            f"-I{os.path.dirname(self.path)}",
            *(["-resource-dir", resource] if resource else []),
            *self.flags,
        ]


def _unresolved_callee(children: list[Any]) -> str:
    """The name called, when these are the children of a call clang could not resolve (the
    callee is a reference to an undeclared, overloaded name), else ''."""
    if not children or children[0].kind.name != "DECL_REF_EXPR":
        return ""
    inner = next(children[0].get_children(), None)
    return str(inner.spelling) if inner is not None and inner.kind.name == "OVERLOADED_DECL_REF" else ""


def _declared(kind: Any) -> DeclaredType:
    import clang.cindex as cindex

    canonical = kind.get_canonical()
    size = kind.get_size()
    integers = {
        cindex.TypeKind.BOOL,
        cindex.TypeKind.CHAR_U,
        cindex.TypeKind.UCHAR,
        cindex.TypeKind.USHORT,
        cindex.TypeKind.UINT,
        cindex.TypeKind.ULONG,
        cindex.TypeKind.ULONGLONG,
        cindex.TypeKind.CHAR_S,
        cindex.TypeKind.SCHAR,
        cindex.TypeKind.SHORT,
        cindex.TypeKind.INT,
        cindex.TypeKind.LONG,
        cindex.TypeKind.LONGLONG,
    }
    return DeclaredType(kind.spelling, canonical.spelling, size if size > 0 else None, canonical.kind in integers)


@cache
def _unit(path: str, flags: tuple[str, ...]) -> ClangFacts:
    """Another translation unit of the project, parsed once per run (when first asked)."""
    return ClangFacts(path, read_file(path) or b"", flags)
