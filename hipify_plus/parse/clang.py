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
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

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


@dataclass(frozen=True)
class DeclaredType:
    spelling: str  # as written: `lane_mask_t`
    canonical: str  # what it is: `unsigned int`
    size: int | None  # bytes; None when clang could not size it
    integer: bool


class ClangFacts:
    """What clang says about one file's declarations, keyed by the byte offset of each declared name."""

    def __init__(self, path: str, data: bytes, flags: Sequence[str] = ()) -> None:
        self.path = os.path.abspath(path) if path else "/hipify-plus-input.cu"
        self.data = data
        self.flags = tuple(flags)
        self._types: dict[int, DeclaredType] | None = None

    def declared_type(self, name_offset: int) -> DeclaredType | None:
        """The type of the variable, parameter or field whose name starts at `name_offset`."""
        self._load()
        assert self._types is not None
        return self._types.get(name_offset)

    def _load(self) -> None:
        if self._types is not None:
            return
        self._types = {}
        try:
            text = self.data.decode("utf-8")
        except UnicodeDecodeError:
            return  # offsets would not match tree-sitter's bytes: no answers
        import clang.cindex as cindex

        unit = _index().parse(
            self.path,
            args=self._arguments(),
            unsaved_files=[(self.path, text), (_PRELUDE_NAME, _PRELUDE.decode())],
            options=_KEEP_GOING,
        )
        kinds = {cindex.CursorKind.VAR_DECL, cindex.CursorKind.PARM_DECL, cindex.CursorKind.FIELD_DECL}
        for cursor in unit.cursor.walk_preorder():
            location = cursor.location
            if cursor.kind in kinds and location.file is not None and location.file.name == self.path:
                self._types[location.offset] = _declared(cursor.type)

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
            "-include",
            _PRELUDE_NAME,
            f"-I{os.path.dirname(self.path)}",
            *(["-resource-dir", resource] if resource else []),
            *self.flags,
        ]


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
