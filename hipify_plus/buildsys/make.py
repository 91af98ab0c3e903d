"""Makefiles: nvcc -> hipcc, nvcc flags -> hipcc flags, .cu -> .hip when sources are renamed.

Makefiles are read as text, never run. Only lines that compile or link CUDA are touched: recipe
lines that call nvcc (directly or through a variable holding it) and the variables those lines
use, plus the usual CUDA flag and library variables.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hipify_plus.buildsys.flags import translate_flags
from hipify_plus.buildsys.model import BuildConversion, BuildOptions
from hipify_plus.parse.makefile import comment_start, logical_lines

_ASSIGN = re.compile(
    r"^(?:[^:=#\t][^:=#]*:(?![:=])\s*)?(?P<export>export\s+|override\s+)?(?P<name>[A-Za-z_][\w.-]*)\s*(?P<op>[:!?+]?:?=)(?P<value>.*)$",
    re.DOTALL,
)
_REFERENCE = re.compile(r"\$[({]([A-Za-z_][\w.-]*)[)}]")
_NVCC_WORD = re.compile(r"(?<![\w/.-])(?:\$[({][^)}]*[)}])?(?:[\w./-]*/)?nvcc(?![\w.-])")
_FLAG_VARIABLE = re.compile(
    r"^(?:NVCC_?FLAGS|NVFLAGS|CUDA_?FLAGS|CU_?FLAGS|GPU_?FLAGS|.*NVCC.*FLAGS.*|LDFLAGS|LDLIBS|LIBS|.*CUDA.*LIBS?)$"
)
_CUDA_ROOT = r"(?:/usr/local/cuda[\w.-]*|\$[({]CUDA_(?:PATH|HOME|ROOT|DIR)[)}])"
_CUDA_INCLUDE = re.compile(r"-I\s*" + _CUDA_ROOT + r"/include\b")
_CUDA_LIBDIR = re.compile(r"-L\s*" + _CUDA_ROOT + r"/lib(?:64)?\b")
_CUDA_PATH = re.compile(r"/usr/local/cuda[\w.-]*|\$[({]CUDA_(?:PATH|HOME|ROOT|DIR)[)}]")


@dataclass
class _Line:
    start: int  # byte offsets of the logical line
    end: int
    code: str  # with continuations, as written, up to its comment

    @property
    def is_recipe(self) -> bool:
        return self.code.startswith("\t")


def _lines(data: bytes) -> list[_Line]:
    return [
        _Line(start, end, data[start : comment_start(data, start, end)].decode("utf-8", "surrogateescape"))
        for start, end in logical_lines(data)
    ]


def convert_makefile(data: bytes, options: BuildOptions) -> BuildConversion:
    result = BuildConversion(data)
    lines = _lines(data)
    compilers: set[str] = set()  # variables whose value is nvcc
    for line in lines:
        code = line.code
        match = _ASSIGN.match(code.strip())
        if (
            match
            and not line.is_recipe
            and _NVCC_WORD.search(match.group("value").split()[0] if match.group("value").split() else "")
        ):
            compilers.add(match.group("name"))

    def calls_nvcc(code: str) -> bool:
        if _NVCC_WORD.search(code):
            return True
        return any(name in compilers for name in _REFERENCE.findall(code))

    flag_variables: set[str] = set()
    for line in lines:
        code = line.code
        if line.is_recipe and calls_nvcc(code):
            flag_variables.update(n for n in _REFERENCE.findall(code) if n not in compilers)
    arch_done_for: set[str] = set()
    uses_rocm_path = False
    for line in lines:
        code = line.code
        new = code
        match = _ASSIGN.match(code.strip()) if not line.is_recipe else None
        if match:
            name, value = match.group("name"), match.group("value")
            if name in compilers:
                new = _NVCC_WORD.sub("hipcc", code, count=1)
            elif name in flag_variables or _FLAG_VARIABLE.match(name):
                translated = translate_flags(value, options.arches, arch_done=name in arch_done_for)
                if translated.changed:
                    arch_done_for.add(name)
                    new = (
                        code[: len(code) - len(value)] + translated.text
                        if code.endswith(value)
                        else code.replace(value, translated.text, 1)
                    )
                    result.notes += [(line.start, f"{flag}: {note}") for flag, note in translated.notes]
        elif line.is_recipe and calls_nvcc(code):
            translated = translate_flags(code, options.arches)
            new = _NVCC_WORD.sub("hipcc", translated.text)
            result.notes += [(line.start, f"{flag}: {note}") for flag, note in translated.notes]
        new = options.rename_sources(new)
        if _CUDA_INCLUDE.search(new) or _CUDA_LIBDIR.search(new):
            # host code built with the C++ compiler includes the HIP headers instead of CUDA's
            new = _CUDA_INCLUDE.sub("-D__HIP_PLATFORM_AMD__ -I$(ROCM_PATH)/include", new)
            new = _CUDA_LIBDIR.sub("-L$(ROCM_PATH)/lib", new)
            result.notes.append(
                (
                    line.start,
                    "CUDA toolkit include/library paths became ROCm's "
                    "($(ROCM_PATH), default /opt/rocm) with -D__HIP_PLATFORM_AMD__ for host compilers",
                )
            )
            uses_rocm_path = True
        for path in _CUDA_PATH.findall(new):
            result.review.append(
                (line.start, f"`{path}` points at the CUDA toolkit: use $(ROCM_PATH) (default /opt/rocm) or drop it")
            )
        if new != code:
            result.replace(line.start, line.start + len(code.encode("utf-8", "surrogateescape")), new)
    if uses_rocm_path and not re.search(rb"^\s*ROCM_PATH\s*[:?]?=", data, re.MULTILINE):
        result.replace(0, 0, "ROCM_PATH ?= /opt/rocm\n")
    return result
