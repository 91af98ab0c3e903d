"""CMake files: CUDA language -> HIP, CUDA:: targets -> ROCm targets, nvcc flags -> hipcc flags.

The converted project includes a generated HipifyPlus.cmake (templates/cmake/) that picks
CMake's HIP language where ROCm provides it and hipcc as the C++ compiler otherwise, and gives
every target's .hip/.cu sources the HIP language, the offload targets, standard and flags.
Files are read as text, never run.
"""

from __future__ import annotations

import re

from hipify_plus.buildsys.flags import translate_flags
from hipify_plus.buildsys.model import BuildConversion, BuildOptions
from hipify_plus.parse.cmake import Command, line_end, line_start, scan_commands
from hipify_plus.templates import render

MODULE = "HipifyPlus.cmake"
# CUDA:: imported targets -> (ROCm target, package to find); every name starts with `CUDA::`,
# which _rewrite_args looks for first
TARGETS = {
    "CUDA::cudart": ("hip::host", "hip"),
    "CUDA::cudart_static": ("hip::host", "hip"),
    "CUDA::cuda_driver": ("hip::host", "hip"),
    "CUDA::cublas": ("roc::hipblas", "hipblas"),
    "CUDA::cublas_static": ("roc::hipblas", "hipblas"),
    "CUDA::cublasLt": ("roc::hipblaslt", "hipblaslt"),
    "CUDA::curand": ("hip::hiprand", "hiprand"),
    "CUDA::curand_static": ("hip::hiprand", "hiprand"),
    "CUDA::cufft": ("hip::hipfft", "hipfft"),
    "CUDA::cufft_static": ("hip::hipfft", "hipfft"),
    "CUDA::cusparse": ("roc::hipsparse", "hipsparse"),
    "CUDA::cusparse_static": ("roc::hipsparse", "hipsparse"),
    "CUDA::cusolver": ("roc::hipsolver", "hipsolver"),
    "CUDA::cusolver_static": ("roc::hipsolver", "hipsolver"),
    "CUDA::nvrtc": ("hiprtc::hiprtc", "hiprtc"),
    "CUDA::nvToolsExt": ("roctracer::roctx64", "roctracer"),
    "CUDA::nvtx3": ("roctracer::roctx64", "roctracer"),
    "CUDA::cub": ("hip::hipcub", "hipcub"),
}
# FindCUDA result variables -> replacement (empty: drop the argument)
VARIABLES = {
    "CUDA_LIBRARIES": "hip::host",
    "CUDA_CUDART_LIBRARY": "hip::host",
    "CUDA_CUBLAS_LIBRARIES": "roc::hipblas",
    "CUDA_curand_LIBRARY": "hip::hiprand",
    "CUDA_CUFFT_LIBRARIES": "hip::hipfft",
    "CUDA_cusparse_LIBRARY": "roc::hipsparse",
    "CUDA_cusolver_LIBRARY": "roc::hipsolver",
    "CUDA_INCLUDE_DIRS": "",
    "CUDAToolkit_INCLUDE_DIRS": "",
    "CUDA_TOOLKIT_INCLUDE": "",
}
PACKAGE_OF = {replacement: package for replacement, package in TARGETS.values()}
_TARGET_PATTERNS = [
    (re.compile(re.escape(cuda) + r"(?![\w])"), rocm, package) for cuda, (rocm, package) in TARGETS.items()
]
_FLAG_VARIABLE = re.compile(r"^(?:CMAKE_CUDA_FLAGS(?:_[A-Z]+)?|CUDA_NVCC_FLAGS(?:_[A-Z]+)?)$")
_CUDA_GENEX = re.compile(r"\$<(?:\$<)?COMPILE_LANGUAGE:CUDA>")
_GENEX_BODY = re.compile(r"^(?P<prefix>\$<\$<COMPILE_LANGUAGE:[^>]*>:)(?P<body>.*)>$", re.DOTALL)


def convert_cmake(data: bytes, options: BuildOptions) -> BuildConversion:
    result = BuildConversion(data)
    commands = scan_commands(data)
    has_project = False
    packages_added: set[str] = set()
    for command in commands:
        name = command.name
        if name == "project":
            has_project = True
            if b"hipify_plus_enable_hip" not in data:  # converted before: nothing to add
                _project(data, command, result)
            continue
        if name == "enable_language" and any(a.value == "CUDA" for a in command.args):
            others = [a.written(data) for a in command.args if a.value != "CUDA"]
            replacement = (f"enable_language({' '.join(others)})\n" if others else "") + "hipify_plus_enable_hip()"
            result.replace(command.start, command.end, replacement)
            continue
        if name == "find_package" and command.args and command.args[0].value in ("CUDA", "CUDAToolkit"):
            result.replace(command.start, command.end, "find_package(hip REQUIRED)")
            result.notes.append((command.start, f"find_package({command.args[0].value}) became find_package(hip)"))
            continue
        if name in ("cuda_add_executable", "cuda_add_library"):
            result.replace(command.start, command.start + len(name), name.removeprefix("cuda_"))
            if any(a.value == "OPTIONS" for a in command.args):
                result.review.append(
                    (command.start, f"{name}(... OPTIONS ...): pass those flags with target_compile_options")
                )
        flag_args: set[int] = set()
        if name in ("set", "list") and _sets_flag_variable(command):
            first = 1 if name == "set" else 2
            for index in range(first, len(command.args)):
                if command.args[index].value in ("CACHE", "PARENT_SCOPE", "FORCE"):
                    break
                flag_args.add(index)
        if name in ("target_compile_options", "add_compile_options", "target_link_options", "add_link_options"):
            flag_args |= {i for i, a in enumerate(command.args) if _CUDA_GENEX.search(a.value)}
        needed = _rewrite_args(data, command, options, result, flag_args)
        for package in sorted(needed - packages_added):
            packages_added.add(package)
            at = line_start(data, command.start)
            result.replace(at, at, f"find_package({package} REQUIRED)\n")
        if name == "set_source_files_properties":
            for index, arg in enumerate(command.args[:-1]):
                if arg.value == "LANGUAGE" and command.args[index + 1].value == "CUDA":
                    nxt = command.args[index + 1]
                    result.replace(nxt.start, nxt.end, "${HIPIFY_PLUS_GPU_LANG}")
        if name in ("set", "set_target_properties", "set_property") and any(
            a.value in ("CUDA_SEPARABLE_COMPILATION", "CMAKE_CUDA_SEPARABLE_COMPILATION", "CUDA_RESOLVE_DEVICE_SYMBOLS")
            for a in command.args
        ):
            result.review.append(
                (
                    command.start,
                    "separable compilation: add -fgpu-rdc to the compile and "
                    "--hip-link -fgpu-rdc to the link options of this target",
                )
            )
        if any(a.value in ("CMAKE_CUDA_ARCHITECTURES", "CUDA_ARCHITECTURES") for a in command.args):
            result.notes.append(
                (
                    command.start,
                    "CUDA architectures are not used for AMD: targets come from "
                    f"HIPIFY_PLUS_OFFLOAD_ARCH ({';'.join(options.arches)})",
                )
            )
        if any(
            a.value in ("CUDA_TOOLKIT_ROOT_DIR", "CUDAToolkit_ROOT") or "/usr/local/cuda" in a.value
            for a in command.args
        ):
            result.review.append((command.start, "this points at the CUDA toolkit: use ROCM_PATH / hip_DIR or drop it"))
    if has_project:
        result.extra_files[MODULE] = render("cmake/HipifyPlus.cmake.j2", arches=list(options.arches)).decode() + "\n"
    return result


def _project(data: bytes, command: Command, result: BuildConversion) -> None:
    values = command.values()
    if "CUDA" in values:
        cuda = command.args[values.index("CUDA")]
        start = cuda.start
        while start > 0 and data[start - 1] in b" \t":
            start -= 1
        # HIP sources build as HIP or as CXX: the project needs CXX either way
        result.replace(start, cuda.end, "" if "CXX" in values else " CXX")
    at = line_start(data, command.start)
    result.replace(at, at, f"include(${{CMAKE_CURRENT_LIST_DIR}}/{MODULE})\nhipify_plus_select_compiler()\n")
    end = line_end(data, command.end)
    suffix = "" if data[end - 1 : end] == b"\n" else "\n"
    result.replace(end, end, f"{suffix}hipify_plus_enable_hip()\n")


def _sets_flag_variable(command: Command) -> bool:
    if not command.args:
        return False
    if command.name == "set":
        return bool(_FLAG_VARIABLE.match(command.args[0].value))
    return (
        len(command.args) > 1
        and command.args[0].value.upper() in ("APPEND", "PREPEND", "INSERT")
        and bool(_FLAG_VARIABLE.match(command.args[1].value))
    )


def _rewrite_args(
    data: bytes, command: Command, options: BuildOptions, result: BuildConversion, flag_args: set[int]
) -> set[str]:
    """One replacement per argument: nvcc flags (in flag arguments), CUDA:: targets, FindCUDA
    variables, CUDA generator expressions, .cu sources."""
    needed: set[str] = set()
    arch_done = False
    for index, arg in enumerate(command.args):
        written = arg.written(data)
        new = written
        if index in flag_args:
            genex = _GENEX_BODY.match(arg.value)
            body = genex.group("body") if genex else arg.value
            translated = translate_flags(body, options.arches, arch_done=arch_done, cmake_list=genex is not None)
            if translated.changed:
                arch_done = arch_done or "--offload-arch" in translated.text
                value = genex.group("prefix") + translated.text + ">" if genex else translated.text
                new = f'"{value}"' if arg.quoted else value
                result.notes += [(command.start, f"{flag}: {note}") for flag, note in translated.notes]
        if "CUDA::" in new:  # every target's name starts so (most arguments name none)
            for pattern, rocm, package in _TARGET_PATTERNS:
                if pattern.search(new):
                    new = pattern.sub(rocm, new)
                    needed.add(package)
        if "${" in new:
            for variable, replacement in VARIABLES.items():
                reference = "${" + variable + "}"
                if reference in new:
                    new = new.replace(reference, replacement)
                    if replacement in PACKAGE_OF:
                        needed.add(PACKAGE_OF[replacement])
        if _CUDA_GENEX.search(new):
            new = _CUDA_GENEX.sub(lambda m: m.group().replace("CUDA", "${HIPIFY_PLUS_GPU_LANG}"), new)
        if "COMPILE_LANG_AND_ID:CUDA" in new:
            result.review.append(
                (
                    command.start,
                    "$<COMPILE_LANG_AND_ID:CUDA,...> has no HIP spelling here: "
                    "use $<COMPILE_LANGUAGE:${HIPIFY_PLUS_GPU_LANG}>",
                )
            )
        if not arg.bracket:
            new = options.rename_sources(new)
        if new != written:
            if not new.strip('"'):
                start = arg.start
                while start > command.open and data[start - 1] in b" \t":
                    start -= 1
                result.replace(start, arg.end, "")
            else:
                result.replace(arg.start, arg.end, new)
    needed.discard("hip")
    return needed
