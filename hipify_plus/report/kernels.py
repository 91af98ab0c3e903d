"""The report's kernels section: every kernel's AMD registers, scratch, spills and occupancy per
target, beside the CUDA side, with the launch bounds in force and the tuner's proposal.

Measured with hipcc through hipify_plus/resources (measure_units, tune) on the tree the report
converted; without hipcc, estimated through resources/estimate.py from nvcc's register counts, or
from a static estimate of each kernel's per-thread state when there is no nvcc either. Estimates
are marked as such wherever they are shown."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hipify_plus.diagnostics import Diagnostic
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.settings import LintSettings
from hipify_plus.parse import parse
from hipify_plus.pool import worker_count
from hipify_plus.resources.estimate import DEFAULT_THREADS, estimate
from hipify_plus.resources.hipcc import CompilerError, demangle
from hipify_plus.resources.measure import Measurement, MeasureSettings, Row, Unit, base_name, findings, measure_units
from hipify_plus.resources.nvcc import CudaCompileError, CudaUsage, cuda_usage
from hipify_plus.resources.occupancy import ARCHES, register_cap
from hipify_plus.source import SourceFile
from hipify_plus.source_facts import KernelDefinition, ParsedSources

MEASURED, ESTIMATED = "measured", "estimate"
# A static estimate counts per-thread state; the compiler adds about this many VGPRs for
# addresses, indices and temporaries (lint/detectors/launch/_registers.py's calibration:
# register-tiled kernels used about 25 VGPRs more than their private arrays).
STATIC_OVERHEAD = 24


@dataclass
class KernelRow:
    kernel: str  # readable name (demangled)
    path: str  # the user's file
    line: int
    arch: str
    vgpr: int | None = None
    agpr: int | None = None
    sgpr: int | None = None
    scratch: int | None = None
    vgpr_spill: int | None = None
    sgpr_spill: int | None = None
    occupancy: int | None = None
    lds: int | None = None
    cuda: CudaUsage | None = None
    bounds: str = ""  # the launch bounds as written in the user's file ("" when none)
    cap: int | None = None  # VGPRs the bounds in force leave
    proposal: str = ""  # the tuner's proposal, or why there is none
    flags: list[str] = field(default_factory=list)  # why the row comes first: spills, low occupancy
    basis: str = ""  # estimates: what the register count comes from

    @property
    def spilled(self) -> int:
        return (self.vgpr_spill or 0) + (self.sgpr_spill or 0)

    @property
    def spills_or_low(self) -> bool:
        """Spills (or, estimated, likely spills) or falls below the occupancy threshold: what the
        headline counts. A row on scratch without spills comes first too, but is not counted so."""
        return any(f.startswith(("spill", "occupancy")) for f in self.flags)

    @property
    def rank(self) -> int:
        """0: spills, 1: below the occupancy threshold or on scratch, 2: the rest."""
        if any(f.startswith("spill") for f in self.flags):
            return 0
        return 1 if self.flags else 2

    def to_json(self, display: Any = str) -> dict[str, Any]:
        return {
            "kernel": self.kernel,
            "path": display(self.path),
            "line": self.line,
            "arch": self.arch,
            "vgpr": self.vgpr,
            "agpr": self.agpr,
            "sgpr": self.sgpr,
            "scratch": self.scratch,
            "vgpr_spill": self.vgpr_spill,
            "sgpr_spill": self.sgpr_spill,
            "occupancy": self.occupancy,
            "lds": self.lds,
            "cuda": self.cuda.to_json() if self.cuda else None,
            "launch_bounds": self.bounds or None,
            "register_cap": self.cap,
            "proposal": self.proposal or None,
            "flags": self.flags,
            "basis": self.basis or None,
        }


@dataclass
class KernelSection:
    mode: str  # measured | estimate | none
    how: str  # one line: what measured or estimated them
    arches: tuple[str, ...]
    min_occupancy: int
    max_spills: int
    rows: list[KernelRow] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    compiled: set[str] = field(default_factory=set)  # measured: the units hipcc compiled

    @property
    def estimate(self) -> bool:
        return self.mode == ESTIMATED

    @property
    def kernels(self) -> int:
        return len({(r.path, r.line, r.kernel) for r in self.rows})

    def flagged(self) -> list[KernelRow]:
        """Rows that spill or fall below the occupancy threshold."""
        return [r for r in self.rows if r.spills_or_low]

    def scratch_only(self) -> set[tuple[str, int, str]]:
        """Kernels listed first only for using scratch without spilling (on some target)."""
        counted = {(r.path, r.line, r.kernel) for r in self.flagged()}
        return {(r.path, r.line, r.kernel) for r in self.rows if r.flags and not r.spills_or_low} - counted

    def to_json(self, display: Any = str) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "how": self.how,
            "arches": list(self.arches),
            "estimate": self.estimate,
            "thresholds": {"min_occupancy": self.min_occupancy, "max_spills": self.max_spills},
            "kernels": self.kernels,
            "rows": [r.to_json(display) for r in self.rows],
            "errors": self.errors,
            "notes": self.notes,
        }


def sort_rows(rows: list[KernelRow], arches: tuple[str, ...]) -> list[KernelRow]:
    order = {a: i for i, a in enumerate(arches)}
    worst: dict[tuple[str, int, str], int] = {}
    for row in rows:  # a kernel's rows stay together, ranked by its worst target
        key = (row.path, row.line, row.kernel)
        worst[key] = min(worst.get(key, 2), row.rank)
    return sorted(
        rows, key=lambda r: (worst[(r.path, r.line, r.kernel)], r.path, r.line, r.kernel, order.get(r.arch, 99))
    )


def _threads(kernel: KernelDefinition) -> int | None:
    """The threads a kernel's launch bounds allow: the compiler's default without any, None when
    they are not a constant."""
    return kernel.threads if kernel.bounds else DEFAULT_THREADS


def _flags(row: KernelRow, min_occupancy: int, max_spills: int) -> list[str]:
    flags = []
    if row.spilled > max_spills:
        flags.append(f"spills {row.spilled} registers")
    elif row.scratch and row.basis == "":
        flags.append(f"scratch {row.scratch} B/lane, no spills")
    if row.occupancy is not None and 0 < row.occupancy < min_occupancy:
        flags.append(f"occupancy {row.occupancy} < {min_occupancy}")
    return flags


def _one_per_definition(rows: list[Row]) -> list[Row]:
    """A kernel of a header that several units compile, once per target: the row with the most
    spilled and used registers (the units' macros can differ), in the order first met."""

    def weight(row: Row) -> tuple[int, int]:
        return row.usage.vgpr_spill + row.usage.sgpr_spill, row.usage.vgpr

    best: dict[tuple[str, str, int, str], Row] = {}
    for row in rows:
        place = (row.kernel, row.original, row.line, row.usage.arch)
        kept = best.get(place)
        if kept is None or weight(row) > weight(kept):
            best[place] = row
    return list(best.values())


def measured_kernels(
    units: list[Unit],
    settings: MeasureSettings,
    sources: list[Path],
    max_spills: int,
    tune: bool = True,
    origin_of: dict[str, str] | None = None,
) -> tuple[KernelSection, list[Diagnostic]]:
    """Compile every unit with hipcc for every target, add nvcc's numbers for the CUDA originals,
    run the tuner on the kernels that spill or fall below the occupancy threshold, and return the
    section with the HP601/HP602 findings the measurement makes."""
    assert settings.hipcc is not None
    # a kernel defined in a header (or a .cu file the unit includes): its own file and line
    measurement = Measurement(units=list(units), origin_of=dict(origin_of or {}))
    measure_units(measurement, settings)
    definitions = ParsedSources()
    cuda_side = f", CUDA side from nvcc for {settings.sm}" if settings.nvcc else ", no nvcc for the CUDA side"
    section = KernelSection(
        MEASURED,
        f"measured with hipcc {settings.hipcc.version}{cuda_side}",
        settings.arches,
        settings.min_occupancy,
        max_spills,
        errors=[*measurement.errors, *measurement.cuda_errors],
    )
    proposals = {}
    if tune:
        from hipify_plus.resources.tune import tune as run_tune

        try:
            for proposal in run_tune(measurement, settings, sources):
                proposals[(proposal.file, proposal.kernel)] = proposal
        except CompilerError as exc:
            section.errors.append(f"tuning: {exc}")
    for row in _one_per_definition(measurement.rows):
        section.rows.append(
            _measured_row(row, definitions, proposals.get((row.original, row.kernel)), settings, max_spills)
        )
    section.rows = sort_rows(section.rows, settings.arches)
    section.compiled = set(measurement.compiled)
    if settings.nvcc:  # nvcc may fail where hipcc compiles (a CUDA library header that is missing)
        kernels = {(r.path, r.line, r.kernel) for r in section.rows}
        known = {(r.path, r.line, r.kernel) for r in section.rows if r.cuda is not None}
        if len(known) < len(kernels):
            section.how += f" (for {len(known)} of {_kernels(len(kernels))})"
    flagged = {(r.kernel, r.arch) for r in section.rows if r.rank == 0}
    diagnostics = [
        d
        for d in findings(measurement, settings.min_occupancy)
        if d.rule != "HP601" or (d.data.get("kernel"), d.data.get("arch")) in flagged
    ]
    return section, diagnostics


def _measured_row(
    row: Row, definitions: ParsedSources, proposal: Any, settings: MeasureSettings, max_spills: int
) -> KernelRow:
    u = row.usage
    definition = definitions.kernel(row.original, base_name(row.kernel))
    bounds, threads = (definition.bounds, _threads(definition)) if definition is not None else ("", None)
    model = ARCHES.get(u.arch)
    result = KernelRow(
        row.kernel,
        row.original,
        row.line,
        u.arch,
        u.vgpr,
        u.agpr,
        u.sgpr,
        u.scratch,
        u.vgpr_spill,
        u.sgpr_spill,
        u.occupancy,
        u.lds,
        row.cuda,
        bounds,
        register_cap(model, threads) if model is not None and threads else None,
    )
    result.flags = _flags(result, settings.min_occupancy, max_spills)
    if proposal is not None and result.flags:
        result.proposal = _proposal_text(proposal, u.arch)
    return result


def _proposal_text(proposal: Any, arch: str) -> str:
    if proposal.candidate is None:
        return f"no proposal: {proposal.note}"
    old, new = proposal.before.get(arch), proposal.after.get(arch)
    text = f"`{proposal.candidate.attribute}`"
    if old is not None and new is not None:
        text += (
            f": VGPR {old.vgpr}→{new.vgpr}, scratch {old.scratch}→{new.scratch} B/lane, "
            f"occupancy {old.occupancy}→{new.occupancy}"
        )
    return text + (f" ({proposal.note})" if proposal.note else "")


def _cuda_usages(
    nvcc: str, files: list[str], sm: str, flags: list[str], jobs: int
) -> list[dict[str, CudaUsage] | CudaCompileError]:
    """nvcc's resource usage of each file (or why it failed), in the files' order; in parallel
    threads, the work being in nvcc."""

    def usage(file: str) -> dict[str, CudaUsage] | CudaCompileError:
        try:
            return cuda_usage(nvcc, Path(file), sm, flags)
        except CudaCompileError as exc:
            return exc

    with ThreadPoolExecutor(max_workers=worker_count(jobs)) as pool:
        return list(pool.map(usage, files))


def estimated_kernels(
    files: Iterable[str],
    arches: tuple[str, ...],
    nvcc: str | None,
    sm: str,
    flags: list[str],
    min_occupancy: int,
    max_spills: int,
    why: str,
    jobs: int = 0,
    parsed: ParsedSources | None = None,
) -> KernelSection:
    """Without hipcc: each kernel of the user's files, its register count from nvcc (the CUDA
    original) or else a static estimate, and the occupancy the AMD model gives for it. nvcc
    runs `jobs` files at a time (0: one per core)."""
    files = sorted(set(files))
    section = KernelSection(ESTIMATED, "", arches, min_occupancy, max_spills)
    counted: dict[str, list[tuple[str, CudaUsage]]] = {}  # kernel base name -> (readable name, usage)
    if nvcc:
        for usages in _cuda_usages(nvcc, [f for f in files if f.endswith(".cu")], sm, flags, jobs):
            if isinstance(usages, CudaCompileError):
                section.errors.append(str(usages))
                continue
            names = demangle(sorted(usages))
            for mangled, usage in usages.items():
                readable = names.get(mangled, mangled)
                counted.setdefault(base_name(readable), []).append((readable, usage))
    definitions = parsed if parsed is not None else ParsedSources()
    for file in files:
        found = definitions.facts(file)
        if found is None:
            continue
        for kernel in found.kernels:
            instances: list[tuple[str, int, int, str, CudaUsage | None]] = [
                (readable, usage.registers, usage.smem, f"nvcc {sm}: {usage.registers} registers", usage)
                for readable, usage in counted.get(kernel.name, [])
            ]
            if not instances:
                words = kernel.state_words
                instances = [
                    (
                        kernel.name,
                        words + STATIC_OVERHEAD,
                        0,
                        f"static: ~{words} words of per-thread state + {STATIC_OVERHEAD}",
                        None,
                    )
                ]
            for readable, registers, smem, basis, measured in instances:
                for arch in arches:
                    guess = estimate(arch, registers, smem, _threads(kernel))
                    if guess is None:
                        continue
                    row = KernelRow(
                        readable,
                        file,
                        kernel.line,
                        arch,
                        vgpr=registers,
                        occupancy=guess.occupancy,
                        lds=smem,
                        cuda=measured,
                        bounds=kernel.bounds,
                        cap=guess.cap,
                        basis=basis,
                    )
                    row.flags = _flags(row, min_occupancy, max_spills)
                    if guess.likely_spills:
                        row.flags.insert(0, f"spills likely: {registers} > cap {guess.cap}")
                    section.rows.append(row)
    section.rows = sort_rows(section.rows, arches)
    section.how = f"estimated from {estimate_sources(section.rows, sm, nvcc)} with AMD's occupancy model"
    section.how += f": {why}" if why else ""
    return section


def estimate_sources(rows: list[KernelRow], sm: str, nvcc: str | None) -> str:
    """What the estimated rows' register counts come from, kernels counted by source:
    `nvcc sm_80 register counts (3 kernels) and a static estimate of per-thread state (2)`."""
    by_source: dict[str, set[tuple[str, int, str]]] = {"nvcc": set(), "static": set()}
    for row in rows:
        if row.basis:
            by_source["nvcc" if row.basis.startswith("nvcc") else "static"].add((row.path, row.line, row.kernel))
    nvcc_count, static_count = len(by_source["nvcc"]), len(by_source["static"])
    static = "a static estimate of per-thread state"
    if not nvcc_count:
        parts = ([_kernels(static_count)] if static_count else []) + ([] if nvcc else ["no nvcc"])
        return f"{static} ({'; '.join(parts)})" if parts else static
    counted = f"nvcc {sm} register counts ({_kernels(nvcc_count)})"
    if not static_count:
        return counted
    return f"{counted} and {static} for the rest ({_kernels(static_count)})"


def _kernels(count: int) -> str:
    return f"{count} kernel{'s' if count != 1 else ''}"


DEVICE_ROUNDS = 3  # compile, empty the failing host functions, again: at most this often


def device_variant(unit: Unit, hipcc: Any, arch: str) -> tuple[Unit | None, list[str]]:
    """A copy of a unit whose host code does not compile yet, beside it, with the bodies of the
    host-only functions that hold its errors emptied and the host-only file-scope variables that
    hold them removed (again for the errors that causes, DEVICE_ROUNDS times at most): the device
    code, and so every kernel's registers, is the same. None when an error is elsewhere (a
    header, device code) or does not go away; else the copy and what was left out."""
    from hipify_plus.check.compile import syntax_check
    from hipify_plus.edits import Edit, apply_edits

    data = unit.compiled.read_bytes()
    variant = unit.compiled.with_name(f".device-{unit.compiled.name}")
    here = os.path.abspath(variant)
    emptied: list[str] = []
    for attempt in range(DEVICE_ROUNDS + 1):
        variant.write_bytes(data)
        result = syntax_check(hipcc, variant, arch, [*unit.flags, "--cuda-device-only"], None)
        if result.problem:
            return None, emptied
        if not result.errors:
            return Unit(unit.original, variant, unit.flags), emptied
        if attempt == DEVICE_ROUNDS:
            return None, emptied
        lines = {e.where.line for e in result.errors if os.path.abspath(e.where.path) == here}
        if len(lines) < len({(e.where.path, e.where.line) for e in result.errors}):
            return None, emptied  # an error outside this file
        context = LintContext(SourceFile(str(variant), data), parse(data), LintSettings())
        edits = []
        for node in context.nodes({"function_definition"}):
            body = node.child_by_field_name("body")
            first, last = node.start_point[0] + 1, node.end_point[0] + 1
            if body is None or context.execution_space(node) & {"__device__", "__global__"}:
                continue
            if any(first <= line <= last for line in lines) and not _encloses_other(node, context):
                edits.append(Edit(body.start_byte, body.end_byte, b"{}"))
                declarator = node.child_by_field_name("declarator")
                name = context.text(declarator).split("(")[0].split()[-1:] if declarator is not None else []
                emptied.append(f"the body of `{name[0] if name else '?'}`")
        for node in context.nodes({"declaration"}):  # host-only file-scope variables: device code cannot use them
            if not any(node.start_point[0] + 1 <= line <= node.end_point[0] + 1 for line in lines):
                continue
            text = context.text(node)
            if _DEVICE_STORAGE.search(text) or _in_function(node):
                continue
            edits.append(Edit(node.start_byte, node.end_byte, b""))
            emptied.append(f"`{text.split('=')[0].split(';')[0].split()[-1].lstrip('*&')}`")
        if not edits:
            return None, emptied
        data = apply_edits(data, edits)
    return None, emptied


_DEVICE_STORAGE = re.compile(r"\b__(device|constant|shared|managed)__\b")


def _in_function(node: Any) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.type in ("function_definition", "compound_statement", "field_declaration_list", "parameter_list"):
            return True
        parent = parent.parent
    return False


def _encloses_other(node: Any, context: LintContext) -> bool:
    """A function definition with another one inside (a local class's method): leave it whole."""
    body = node.child_by_field_name("body")
    return any(
        n.type == "function_definition"
        for n in context.nodes({"function_definition"})
        if n is not node and body is not None and body.start_byte <= n.start_byte < body.end_byte
    )
