"""HP413 and the CMake forms of HP403: CMake CUDA constructs (the CUDA language, FindCUDA, CUDA::
targets, CUDA_ARCHITECTURES) rather than flags."""

from __future__ import annotations

import re

from hipify_plus.edits import Edit
from hipify_plus.lint.detectors.build._cmake import _cmake_assignment
from hipify_plus.lint.detectors.build._cmake_scan import _CMakeFile
from hipify_plus.lint.detectors.build._model import _Construct, _region_at
from hipify_plus.parse.cmake import Arg, Command

# HP413 and the CMake forms of HP403 are constructs, not flags.
_FINDCUDA_COMMANDS = frozenset(
    {
        "cuda_add_executable",
        "cuda_add_library",
        "cuda_compile",
        "cuda_compile_ptx",
        "cuda_wrap_srcs",
        "cuda_include_directories",
        "cuda_add_cublas_to_target",
        "cuda_add_cufft_to_target",
        "cuda_select_nvcc_arch_flags",
        "cuda_build_clean_target",
        "cuda_link_separable_compilation_objects",
    }
)
_PURE_RENAMES = {
    "CMAKE_CUDA_FLAGS": "CMAKE_HIP_FLAGS",
    "CMAKE_CUDA_STANDARD": "CMAKE_HIP_STANDARD",
    "CMAKE_CUDA_STANDARD_REQUIRED": "CMAKE_HIP_STANDARD_REQUIRED",
    "CMAKE_CUDA_EXTENSIONS": "CMAKE_HIP_EXTENSIONS",
    "CUDA_STANDARD": "HIP_STANDARD",
    "CUDA_STANDARD_REQUIRED": "HIP_STANDARD_REQUIRED",
    "CUDA_EXTENSIONS": "HIP_EXTENSIONS",
} | {
    f"CMAKE_CUDA_FLAGS_{config}": f"CMAKE_HIP_FLAGS_{config}"
    for config in ("DEBUG", "RELEASE", "RELWITHDEBINFO", "MINSIZEREL")
}
_CUDA_PROPERTIES = frozenset(
    {
        "CUDA_STANDARD",
        "CUDA_STANDARD_REQUIRED",
        "CUDA_EXTENSIONS",
        "CUDA_SEPARABLE_COMPILATION",
        "CUDA_RESOLVE_DEVICE_SYMBOLS",
        "CUDA_RUNTIME_LIBRARY",
        "CUDA_PTX_COMPILATION",
    }
)
_CUDA_VARIABLE = re.compile(r"(?<![A-Za-z0-9_])(CMAKE_CUDA_[A-Z0-9_]+|CUDA_NVCC_FLAGS(?:_[A-Z]+)?)(?![A-Za-z0-9_])")
_LANGUAGE_GENEX = re.compile(r"\$<(COMPILE_LANGUAGE|LINK_LANGUAGE|COMPILE_LANG_AND_ID):([A-Za-z+,]*)")


def _cmake_constructs(data: bytes, cmake: _CMakeFile, arches: tuple[str, ...]) -> list[_Construct]:
    found: list[_Construct] = []
    safe = cmake.hip_language and not cmake.cuda_language  # CUDA leftovers in a HIP project
    for command in cmake.commands:
        if _region_at(cmake.regions, command.start) != "nvidia":
            found.extend(_cuda_language_constructs(data, command, safe))
            found.extend(_cuda_architectures(command, arches, safe))
    return found


def _cuda_language_constructs(data: bytes, command: Command, safe: bool) -> list[_Construct]:
    found: list[_Construct] = []
    name, args = command.name, command.args
    bare = [a.value.upper() if not a.quoted else "" for a in args]
    if name in ("project", "enable_language"):
        for arg, text in list(zip(args, bare, strict=True))[1 if name == "project" else 0 :]:
            if text == "CUDA":
                found.append(
                    _Construct(
                        "HP413",
                        (arg.value_start, arg.value_end),
                        (
                            f"`{name}(... CUDA)` enables the CUDA language, which needs nvcc; the HIP "
                            "language (CMake 3.21+) also needs `LANGUAGE HIP` on the .cu sources and HIP "
                            "architectures"
                        ),
                    )
                )
    elif name == "find_package" and bare[:1] in (["CUDA"], ["CUDATOOLKIT"]):
        found.append(
            _Construct(
                "HP413",
                (args[0].value_start, args[0].value_end),
                (
                    f"`find_package({args[0].value})` looks for the CUDA toolkit; on ROCm use "
                    "`find_package(hip)` and the ROCm library packages"
                ),
            )
        )
    elif name in _FINDCUDA_COMMANDS:
        spelled = data[command.start : command.name_end].decode()
        found.append(
            _Construct(
                "HP413",
                (command.start, command.name_end),
                (
                    f"`{spelled}` is a FindCUDA command that runs nvcc; on ROCm use the HIP language or "
                    "FindHIP's `hip_add_*`"
                ),
            )
        )
    variables: list[tuple[int, int, str]] = []
    for index, arg in enumerate(args):
        for match in _CUDA_VARIABLE.finditer(arg.value):
            if match.group(1) != "CMAKE_CUDA_ARCHITECTURES":  # HP403
                start, end = arg.value_start + match.start(1), arg.value_start + match.end(1)
                variables.append((start, end, match.group(1)))
        if arg.quoted:
            found.extend(_language_genexes(arg, safe))
            continue
        if arg.value in _CUDA_PROPERTIES:
            variables.append((arg.value_start, arg.value_end, arg.value))
        found.extend(_language_genexes(arg, safe))
        if arg.value.startswith("CUDA::"):
            found.append(
                _Construct(
                    "HP413",
                    (arg.value_start, arg.value_end),
                    f"`{arg.value}` is a CUDA toolkit target; {_rocm_target(arg.value)}",
                )
            )
        language = index > 0 and args[index - 1].value == "LANGUAGE"
        if arg.value == "CUDA" and name == "set_source_files_properties" and language:
            found.append(
                _Construct(
                    "HP413",
                    (arg.value_start, arg.value_end),
                    "`LANGUAGE CUDA` compiles these sources with nvcc; the HIP language is `LANGUAGE HIP`",
                    "Rename to `LANGUAGE HIP`",
                    [Edit(arg.value_start, arg.value_end, b"HIP")],
                    safe,
                )
            )
    if variables:
        found.append(_cuda_variables(variables, safe))
    return found


# CUDA toolkit imported targets and what a ROCm build links instead (the targets the ROCm
# packages' CMake configs export); NPP has none.
_ROCM_TARGETS = (
    (re.compile(r"cudart(_static)?|cuda_driver"), "`hip::host` (find_package(hip))"),
    (re.compile(r"cublasLt(_static)?"), "hipBLASLt's target (find_package(hipblaslt))"),
    (re.compile(r"cublas(_static)?"), "`roc::hipblas` (find_package(hipblas))"),
    (re.compile(r"cufft\w*"), "`hip::hipfft` (find_package(hipfft))"),
    (re.compile(r"curand(_static)?"), "`hip::hiprand` (find_package(hiprand))"),
    (re.compile(r"cusparse(_static)?"), "`roc::hipsparse` (find_package(hipsparse))"),
    (re.compile(r"cusolver(_static)?"), "`roc::hipsolver` (find_package(hipsolver))"),
    (re.compile(r"nvrtc\w*"), "the `hiprtc` library that ships with the HIP runtime"),
    (re.compile(r"nvToolsExt|nvtx3"), "roctx (`roctx64` of roctracer) instead"),
)


def _rocm_target(target: str) -> str:
    name = target.removeprefix("CUDA::")
    if re.fullmatch(r"npp\w*", name):
        return (
            "NPP has no ROCm counterpart (rocAL / MIVisionX cover some image operations): port the calls, then drop it"
        )
    for pattern, hint in _ROCM_TARGETS:
        if pattern.fullmatch(name):
            return f"on ROCm link {hint}"
    return "on ROCm link the ROCm package's target, if the library has one"


def _language_genexes(arg: Arg, safe: bool) -> list[_Construct]:
    found = []
    for match in _LANGUAGE_GENEX.finditer(arg.value):
        languages = match.group(2).split(",")
        if "CUDA" not in languages:
            continue
        before = languages[: languages.index("CUDA")]
        offset = arg.value_start + match.start(2) + sum(len(x) + 1 for x in before)
        span = (arg.value_start + match.start(), arg.value_start + match.end())
        message = f"`$<{match.group(1)}:CUDA>` selects CUDA sources; under the HIP language it names `HIP`"
        if match.group(1) == "COMPILE_LANG_AND_ID":
            message += " (and the compiler id is Clang, not NVIDIA)"
            found.append(_Construct("HP413", span, message))
        else:
            title = "Rename `CUDA` to `HIP` in the generator expression"
            found.append(_Construct("HP413", span, message, title, [Edit(offset, offset + 4, b"HIP")], safe))
    return found


def _cuda_variables(variables: list[tuple[int, int, str]], safe: bool) -> _Construct:
    """One finding per command for its CUDA-language variables and properties."""
    names = sorted({v[2] for v in variables})
    renames = [_PURE_RENAMES.get(v[2]) for v in variables]
    listed = ", ".join(f"`{n}`" for n in names)
    message = (
        f"{listed} {'is a' if len(names) == 1 else 'are'} CUDA-language "
        f"setting{'' if len(names) == 1 else 's'} that the HIP language does not read"
    )
    span = (variables[0][0], variables[0][1])
    if not all(renames):
        message += " (no HIP name with the same meaning: port by hand)"
        return _Construct("HP413", span, message)
    edits = [Edit(start, end, _PURE_RENAMES[name].encode()) for start, end, name in variables]
    title = "Rename to the HIP-language " + ("name" if len(names) == 1 else "names")
    return _Construct("HP413", span, message, title, edits, safe)


def _cuda_architectures(command: Command, arches: tuple[str, ...], safe: bool) -> list[_Construct]:
    args = command.args
    values: list[Arg] = []
    name_arg: Arg | None = None
    if command.name == "set" and args and args[0].value == "CMAKE_CUDA_ARCHITECTURES":
        name_arg, values = args[0], (_cmake_assignment(command) or ("", []))[1]
    elif command.name in ("set_target_properties", "set_property"):
        for index, arg in enumerate(args):
            if not arg.quoted and arg.value == "CUDA_ARCHITECTURES":
                name_arg = arg
                last = index + 2 if command.name == "set_target_properties" else len(args)
                values = args[index + 1 : last]
                break
    if name_arg is None:
        return []
    new_name = name_arg.value.replace("CUDA", "HIP")  # CMAKE_HIP_ARCHITECTURES, HIP_ARCHITECTURES
    shown = " ".join(a.value for a in values) or "(empty)"
    edits = [Edit(name_arg.value_start, name_arg.value_end, new_name.encode())]
    if values:
        joined = ";".join(arches)
        text = joined if values[0].quoted or len(arches) == 1 else f'"{joined}"'
        edits.append(Edit(values[0].value_start, values[-1].value_end, text.encode()))
    message = f"`{name_arg.value} {shown}` selects NVIDIA GPUs; the HIP language takes AMD targets in `{new_name}`"
    title = f"Use `{new_name} {';'.join(arches)}`"
    return [_Construct("HP403", (name_arg.value_start, name_arg.value_end), message, title, edits, safe)]


# -- setup.py -------------------------------------------------------------------------------
