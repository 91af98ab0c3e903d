"""Measuring kernels: translate CUDA inputs, compile every translation unit for every target in
parallel (cached by content), map the numbers back to the user's files, add the CUDA side, and
turn spills and low occupancy into findings."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from hipify_plus.compile_flags import CompileCommandsError, compile_command_flags, map_include
from hipify_plus.convert import ConvertSettings, convert
from hipify_plus.diagnostics import Diagnostic, make_diagnostic
from hipify_plus.fsutil import (
    DEFAULT_MAX_FILE_SIZE,
    ScratchUnavailable,
    input_problem,
    make_scratch_folder,
    write_atomic,
)
from hipify_plus.lint.context import Kernel, LintContext
from hipify_plus.lint.settings import LintSettings
from hipify_plus.parse import Tree, parse
from hipify_plus.pool import worker_count
from hipify_plus.resources.hipcc import CompilerError, Hipcc, KernelUsage, compile_for_usage, demangle
from hipify_plus.resources.nvcc import CudaCompileError, CudaUsage, cuda_usage
from hipify_plus.source import SourceFile
from hipify_plus.translate.engine import TranslateOptions
from hipify_plus.versions import parse_version

UNITS = frozenset({".cu", ".hip", ".cpp", ".cc", ".cxx"})
HEADERS = ["*.h", "*.cuh", "*.hpp", "*.hh", "*.hxx", "*.inl", "*.inc"]


@dataclass(frozen=True)
class MeasureSettings:
    arches: tuple[str, ...] = ("gfx90a",)
    hipcc: Hipcc | None = None
    nvcc: str | None = None
    sm: str = "sm_80"
    flags: tuple[str, ...] = ()  # -I/-D/-std from options
    compile_commands: Path | None = None
    jobs: int = 0
    cache_dir: Path | None = None
    min_occupancy: int = 2
    max_file_size: int = DEFAULT_MAX_FILE_SIZE


@dataclass
class Unit:
    """One translation unit: the user's file and the HIP file that is compiled."""

    original: Path
    compiled: Path
    flags: list[str]


@dataclass
class Row:
    usage: KernelUsage
    kernel: str  # demangled
    original: str  # user's file
    line: int
    cuda: CudaUsage | None = None
    unit: str = ""  # the user's unit that was compiled ("" : `original`); another when it includes `original`

    def to_json(self) -> dict[str, Any]:
        data = self.usage.to_json()
        data.update(kernel=self.kernel, file=self.original, line=self.line, mangled=self.usage.name)
        data["unit"] = self.unit or self.original
        data.pop("name")
        data["cuda"] = self.cuda.to_json() if self.cuda else None
        return data


@dataclass
class Measurement:
    rows: list[Row] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    cuda_errors: list[str] = field(default_factory=list)  # nvcc's failures: the CUDA side is best effort
    units: list[Unit] = field(default_factory=list)
    workdir: Path | None = None
    # a translated file -> the user's file (absolute paths): where a kernel hipcc names lives;
    # `folders` maps whole translated folders to the user's (prepare_units' layout)
    origin_of: dict[str, str] = field(default_factory=dict)
    folders: list[tuple[Path, Path]] = field(default_factory=list)
    compiled: set[str] = field(default_factory=set)  # the units hipcc compiled for every target

    def user_file(self, translated: str) -> str | None:
        """The user's file a translated file comes from; None for a file outside the project
        (a HIP or system header, a device library)."""
        path = os.path.abspath(translated)
        if path in self.origin_of:
            return self.origin_of[path]
        for target, root in self.folders:
            try:
                relative = Path(path).relative_to(target)
            except ValueError:
                continue
            return str(root / relative)
        return None


# -- inputs ---------------------------------------------------------------------------------


def prepare_units(paths: list[Path], settings: MeasureSettings, workdir: Path) -> tuple[list[Unit], list[str]]:
    """Translate the inputs (a no-op for HIP code) into `workdir` and list the units to compile."""
    assert settings.hipcc is not None
    version = parse_version(settings.hipcc.version)
    try:
        per_file, database_problems = compile_command_flags(settings.compile_commands)
    except CompileCommandsError as exc:
        raise CompilerError(str(exc)) from exc
    units: list[Unit] = []
    errors: list[str] = list(database_problems)
    for index, path in enumerate(paths):
        problem = input_problem(path)
        if problem:
            errors.append(problem)
            continue
        root = path if path.is_dir() else path.parent
        target = workdir / f"root{index}"
        include = () if path.is_dir() else (*HEADERS, path.name)
        report = convert(
            [root],
            ConvertSettings(
                options=TranslateOptions(rocm_version=version),
                output=target,
                include=tuple(include),
                use_cache=False,
                jobs=1,
                max_file_size=settings.max_file_size,
            ),
        )
        errors += [f"{o.input}: {o.message}" for o in report.outcomes if o.status == "error"]
        left_alone = {Path(o.input) for o in report.outcomes if o.status == "skipped"}
        errors += [
            f"{o.input}: not measured: {o.message}"
            for o in report.outcomes
            if o.status == "skipped" and Path(o.input).suffix in UNITS
        ]
        originals = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.suffix in UNITS)
        for original in originals:
            if original.suffix not in UNITS:
                errors.append(f"{original}: not a translation unit (.cu, .hip, .cpp)")
                continue
            compiled = target / original.relative_to(root)
            if not compiled.exists() or original in left_alone:
                continue
            flags = list(settings.flags) + per_file.get(str(original.resolve()), [])
            flags = [map_include(f, partial(_below, root=root, target=target)) for f in flags]
            flags += [f"-I{compiled.parent}", f"-I{target}"]
            units.append(Unit(original, compiled, flags))
    return units, errors


def _below(folder: Path, root: Path, target: Path) -> Path | None:
    """An -I inside the input root points at the translated copy of that folder."""
    try:
        return target / folder.relative_to(root.resolve())
    except ValueError:
        return None


# -- compiling, with a content cache --------------------------------------------------------


def _cache_key(unit: Unit, arch: str, hipcc: Hipcc, extra: str = "") -> str:
    digest = hashlib.blake2b(digest_size=20)
    digest.update(f"{hipcc.path}|{hipcc.version}|{arch}|{unit.flags}|{extra}".encode())
    digest.update(unit.compiled.read_bytes())
    for folder in sorted({unit.compiled.parent, *(Path(f[2:]) for f in unit.flags if f.startswith("-I"))}):
        if folder.is_dir():
            for header in sorted(folder.iterdir()):
                if header.is_file() and header.suffix in (".h", ".cuh", ".hpp", ".hh", ".hxx", ".inl", ".inc"):
                    digest.update(header.name.encode())
                    digest.update(header.read_bytes())
    return digest.hexdigest()


def compile_cached(
    unit: Unit, arch: str, settings: MeasureSettings, source: Path | None = None, extra: str = ""
) -> list[KernelUsage]:
    assert settings.hipcc is not None
    compiled = source or unit.compiled
    probe = Unit(unit.original, compiled, unit.flags)
    cache_file = None
    if settings.cache_dir is not None:
        cache_file = settings.cache_dir / "resources" / f"{_cache_key(probe, arch, settings.hipcc, extra)}.json"
        try:
            cached = json.loads(cache_file.read_text(encoding="utf-8"))
            return [KernelUsage(**k) for k in cached]
        except (OSError, ValueError, TypeError):
            pass
    usages = compile_for_usage(settings.hipcc, compiled, arch, unit.flags)
    if cache_file is not None:
        with contextlib.suppress(OSError):
            write_atomic(cache_file, json.dumps([u.to_json() for u in usages]).encode())
    return usages


def kernels_of(path: Path, data: bytes | None = None, tree: Tree | None = None) -> dict[str, Kernel]:
    """The kernels a file defines, by name (`data` and `tree`: its bytes and parse, when the
    caller has them)."""
    data = path.read_bytes() if data is None else data
    return LintContext(SourceFile(str(path), data), tree or parse(data), LintSettings()).kernels


def base_name(demangled: str) -> str:
    """`void ns::heavy<160>(float const*, float*, int)` -> `heavy`."""
    head = demangled.split("(")[0]
    depth, cut = 0, len(head)
    for index in range(len(head) - 1, -1, -1):
        char = head[index]
        if char == ">":
            depth += 1
        elif char == "<":
            depth -= 1
            if depth == 0:
                cut = index
    name = head[:cut].split()[-1] if head[:cut].split() else head
    return name.split("::")[-1]


def _in_users_terms(message: str, unit: Unit) -> str:
    """Name the user's file, not our translated copy in the work folder."""
    if unit.compiled == unit.original:
        return message
    cites_a_line = re.search(re.escape(str(unit.compiled)) + r":\d", message) is not None
    message = message.replace(str(unit.compiled), str(unit.original))
    return message + " (line numbers of the translated file)" if cites_a_line else message


def measure(paths: list[Path], settings: MeasureSettings) -> Measurement:
    result = Measurement()
    try:
        workdir = make_scratch_folder("hipify-plus-resources-")
    except ScratchUnavailable as exc:
        raise CompilerError(str(exc)) from exc
    result.workdir = workdir
    try:
        units, errors = prepare_units(paths, settings, workdir)
    except BaseException:
        shutil.rmtree(workdir, ignore_errors=True)
        raise
    result.units, result.errors = units, errors
    for index, path in enumerate(paths):  # prepare_units' layout: each input's folder under root{index}
        result.folders.append((workdir / f"root{index}", path if path.is_dir() else path.parent))
    measure_units(result, settings)
    return result


def measure_units(result: Measurement, settings: MeasureSettings) -> None:
    """Compile `result.units` for every target (and the CUDA originals with nvcc, when set) and
    add a row per kernel of the project, at its definition in the user's file: a function hipcc
    lists that is not a `__global__` function of the project (a device-library function such as
    `__assert_fail`, a `__device__` function) is no kernel. Compile failures of either compiler
    go to `result.errors` (nvcc's to `result.cuda_errors`). The report calls this with the units
    of the tree it converted itself."""
    units = result.units
    jobs = [(unit, arch) for unit in units for arch in settings.arches]
    with ThreadPoolExecutor(max_workers=worker_count(settings.jobs)) as pool:
        futures = [pool.submit(compile_cached, unit, arch, settings) for unit, arch in jobs]
        cuda_futures = {
            unit.original: pool.submit(cuda_usage, settings.nvcc, unit.original, settings.sm, list(settings.flags))
            for unit in units
            if settings.nvcc and unit.original.suffix == ".cu"
        }
        outputs: list[tuple[Unit, list[KernelUsage]]] = []
        failed: set[str] = set()
        for (unit, arch), future in zip(jobs, futures, strict=True):
            try:
                outputs.append((unit, future.result()))
            except CompilerError as exc:
                result.errors.append(f"{_in_users_terms(str(exc), unit)} [{arch}]")
                failed.add(str(unit.original))
        result.compiled |= {str(unit.original) for unit in units} - failed
        cuda: dict[Path, dict[str, CudaUsage]] = {}
        cuda_failed: dict[Path, str] = {}
        for path, cuda_future in cuda_futures.items():
            try:
                cuda[path] = cuda_future.result()
            except CudaCompileError as exc:
                cuda_failed[path] = str(exc)
    names = demangle(sorted({u.name for _, usages in outputs for u in usages}))
    definitions: dict[str, dict[str, Kernel]] = {}

    def kernels_in(path: str) -> dict[str, Kernel]:
        if path not in definitions:
            try:
                definitions[path] = kernels_of(Path(path))
            except OSError:
                definitions[path] = {}
        return definitions[path]

    included: dict[Path, set[str]] = {}  # a unit -> other files of the project whose kernels it compiled
    for unit, usages in outputs:
        own = os.path.abspath(unit.compiled)
        for usage in usages:
            readable = names.get(usage.name, usage.name)
            if not usage.file or os.path.abspath(usage.file) == own:
                defined: str | None = str(unit.original)
            else:
                defined = result.user_file(usage.file)
            kernel = kernels_in(defined).get(base_name(readable)) if defined is not None else None
            if defined is None or kernel is None:
                continue  # not a kernel of the project
            if defined != str(unit.original):
                included.setdefault(unit.original, set()).add(defined)
            cuda_side = cuda.get(unit.original, {}).get(usage.name)
            line = kernel.node.start_point[0] + 1
            result.rows.append(Row(usage, readable, defined, line, cuda_side, str(unit.original)))
    for path, message in cuda_failed.items():
        others = sorted(included.get(path, ()))
        also = f" nor for those of {', '.join(others)}, which it includes" if others else ""
        detail = message.removeprefix(f"{path}: ")
        result.cuda_errors.append(f"{path}: no CUDA side for its kernels{also}: {detail}")
    result.rows.sort(key=lambda r: (r.original, r.line, r.kernel, r.usage.arch))


def findings(measurement: Measurement, min_occupancy: int) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    sources: dict[str, SourceFile] = {}
    for row in measurement.rows:
        usage = row.usage
        source = sources.setdefault(row.original, SourceFile(row.original, Path(row.original).read_bytes()))
        start, end = source.line_span(row.line)
        if usage.spills:
            found.append(
                make_diagnostic(
                    source,
                    "HP601",
                    start,
                    end,
                    f"`{row.kernel}` spills on {usage.arch}: {usage.scratch} B/lane scratch, "
                    f"{usage.vgpr_spill} VGPR and {usage.sgpr_spill} SGPR spills at {usage.vgpr} VGPRs "
                    f"(occupancy {usage.occupancy} waves/SIMD); try `hipify-plus resources --tune`",
                    kernel=row.kernel,
                    arch=usage.arch,
                )
            )
        elif usage.occupancy and usage.occupancy < min_occupancy:
            found.append(
                make_diagnostic(
                    source,
                    "HP602",
                    start,
                    end,
                    f"`{row.kernel}` reaches only {usage.occupancy} wave(s)/SIMD on {usage.arch} "
                    f"({usage.vgpr} VGPR + {usage.agpr} AGPR, {usage.sgpr} SGPR, {usage.lds} B LDS)",
                    kernel=row.kernel,
                    arch=usage.arch,
                )
            )
    return found
