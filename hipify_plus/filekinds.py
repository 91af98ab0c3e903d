"""What kind of file a path is, by name: a C/C++/CUDA/HIP source or a build file."""

from __future__ import annotations

from pathlib import PurePath

SOURCE_SUFFIXES = frozenset({".cu", ".cuh", ".hip", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp", ".hh", ".hxx", ".inl"})
# Sources other files #include: what they define may be used by code not in them.
HEADER_SUFFIXES = frozenset({".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl"})


def is_header(path: str) -> bool:
    return PurePath(path).suffix.lower() in HEADER_SUFFIXES


def file_kind(path: str) -> str | None:
    """source | make | cmake | setup | None (neither)."""
    lowered = PurePath(path).name.lower()
    if PurePath(lowered).suffix in SOURCE_SUFFIXES:
        return "source"
    if lowered in ("makefile", "gnumakefile") or lowered.endswith((".mk", ".mak")) or lowered.startswith("makefile."):
        return "make"
    if lowered == "cmakelists.txt" or lowered.endswith(".cmake"):
        return "cmake"
    if lowered == "setup.py":
        return "setup"
    return None
