"""Build-file migration: Makefiles, CMake and setup.py, through the shared edit model."""

from __future__ import annotations

from hipify_plus.buildsys.model import BuildConversion, BuildOptions


def convert_build_file(kind: str, data: bytes, options: BuildOptions) -> BuildConversion:
    """kind: make | cmake | setup (hipify_plus.lint.engine.file_kind)."""
    if kind == "make":
        from hipify_plus.buildsys.make import convert_makefile

        return convert_makefile(data, options)
    if kind == "cmake":
        from hipify_plus.buildsys.cmake import convert_cmake

        return convert_cmake(data, options)
    from hipify_plus.buildsys.setup_py import convert_setup_py

    return convert_setup_py(data, options)
