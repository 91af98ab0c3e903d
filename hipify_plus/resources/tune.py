"""Launch-bound tuning: recompile a spilling or low-occupancy kernel with candidate
`__launch_bounds__` / `amdgpu_waves_per_eu` settings that its launch sites allow, and propose
the one that removes spills at the best occupancy. Every proposal says what it measured."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hipify_plus.edits import Applicability, Edit, Fix, apply_edits, apply_fixes
from hipify_plus.fsutil import write_atomic
from hipify_plus.lint.context import Kernel, LintContext
from hipify_plus.lint.settings import LintSettings
from hipify_plus.parse import error_count, parse
from hipify_plus.resources.hipcc import CompilerError, KernelUsage
from hipify_plus.resources.measure import Measurement, MeasureSettings, Row, Unit, base_name, compile_cached, kernels_of
from hipify_plus.resources.occupancy import ARCHES
from hipify_plus.source import SourceFile


@dataclass
class Candidate:
    threads: int
    waves: int | None = None

    @property
    def attribute(self) -> str:
        text = f"__launch_bounds__({self.threads})"
        if self.waves is not None:
            text += f" __attribute__((amdgpu_waves_per_eu({self.waves})))"
        return text

    @property
    def portable(self) -> bool:
        """Valid CUDA as well (no AMD-only attribute)."""
        return self.waves is None


@dataclass
class Proposal:
    kernel: str
    file: str
    line: int
    candidate: Candidate | None
    before: dict[str, KernelUsage] = field(default_factory=dict)
    after: dict[str, KernelUsage] = field(default_factory=dict)
    tried: list[tuple[str, dict[str, KernelUsage]]] = field(default_factory=list)
    note: str = ""

    def summary(self) -> str:
        if self.candidate is None:
            return f"{self.kernel} ({self.file}:{self.line}): no proposal: {self.note}"
        parts = []
        for arch, old in self.before.items():
            new = self.after.get(arch)
            if new is None:
                continue
            agpr = f", AGPR {old.agpr}->{new.agpr}" if old.agpr or new.agpr else ""
            parts.append(
                f"{arch}: scratch {old.scratch}->{new.scratch} B/lane, VGPR {old.vgpr}->{new.vgpr}{agpr}, "
                f"spills {old.vgpr_spill}->{new.vgpr_spill}, occupancy {old.occupancy}->{new.occupancy}"
            )
        text = f"{self.kernel} ({self.file}:{self.line}): `{self.candidate.attribute}` — " + "; ".join(parts)
        return f"{text} ({self.note})" if self.note else text

    def to_json(self) -> dict[str, Any]:
        return {
            "kernel": self.kernel,
            "file": self.file,
            "line": self.line,
            "proposal": self.candidate.attribute if self.candidate else None,
            "note": self.note,
            "before": {a: u.to_json() for a, u in self.before.items()},
            "after": {a: u.to_json() for a, u in self.after.items()},
            "tried": [
                {"attribute": label, "usage": {a: u.to_json() for a, u in usage.items()}} for label, usage in self.tried
            ],
        }


def launch_bounds_edit(data: bytes, kernel: Kernel, attribute: str) -> Edit:
    """Replace the kernel's launch bounds, or insert them before its name."""
    if kernel.launch_bounds is not None:
        end = kernel.launch_bounds.end_byte
        # an amdgpu_waves_per_eu attribute written by an earlier tuning run follows directly
        rest = data[end:]
        stripped = rest.lstrip()
        if stripped.startswith(b"__attribute__((amdgpu_waves_per_eu"):
            close = stripped.find(b")))")
            if close != -1:
                end += (len(rest) - len(stripped)) + close + 3
        return Edit(kernel.launch_bounds.start_byte, end, attribute.encode())
    declarator = kernel.node.child_by_field_name("declarator")
    assert declarator is not None
    return Edit(declarator.start_byte, declarator.start_byte, attribute.encode() + b" ")


NO_LAUNCH = "no launch site in the measured files"


def _common_folder(paths: list[Path]) -> Path:
    return Path(os.path.commonpath([str(p.parent) for p in paths])) if paths else Path()


def launch_threads(paths: list[Path], kernel: str, root: Path | None = None) -> tuple[int | None, str]:
    """The largest constant block size among the kernel's launch sites in these files, or None
    with the reason it cannot be known (launch sites named relative to `root`, by default the
    folder the files share)."""
    sizes: list[int] = []
    if root is None:
        root = _common_folder(paths)
    for path in paths:
        data = path.read_bytes()
        context = LintContext(SourceFile(str(path), data), parse(data), LintSettings())
        for launch in context.launches:
            if launch.kernel != kernel:
                continue
            if launch.threads is None:
                line = launch.node.start_point[0] + 1
                where = path.relative_to(root) if path.is_relative_to(root) else path
                return None, f"the launch at {where.as_posix()}:{line} has a block size that is not a constant here"
            sizes.append(launch.threads)
    if not sizes:
        return None, NO_LAUNCH
    return max(sizes), ""


def _score(usages: dict[str, KernelUsage]) -> tuple[int, int]:
    spill = sum(u.scratch + u.vgpr_spill + u.sgpr_spill for u in usages.values())
    occupancy = min((u.occupancy for u in usages.values()), default=0)
    return spill, -occupancy


@dataclass
class _Trial:
    """Compiling one kernel's file with candidate launch bounds (a temporary copy beside it)."""

    unit: Unit
    data: bytes
    kernel: Kernel
    mangled: str
    settings: MeasureSettings
    proposal: Proposal

    def measure(self, candidate: Candidate, index: int) -> dict[str, KernelUsage] | None:
        compiled = self.unit.compiled
        variant = compiled.with_name(f".tune{index}-{compiled.name}")
        edit = launch_bounds_edit(self.data, self.kernel, candidate.attribute)
        variant.write_bytes(apply_edits(self.data, [edit]))
        measured: dict[str, KernelUsage] = {}
        try:
            for arch in self.settings.arches:
                usages = compile_cached(self.unit, arch, self.settings, variant, candidate.attribute)
                usage = next((u for u in usages if u.name == self.mangled), None)
                if usage is not None:
                    measured[arch] = usage
        except CompilerError as exc:
            self.proposal.tried.append((f"{candidate.attribute} (failed: {exc})", {}))
            return None
        finally:
            variant.unlink(missing_ok=True)
        if len(measured) != len(self.settings.arches):
            return None
        self.proposal.tried.append((candidate.attribute, measured))
        return measured


def tune(measurement: Measurement, settings: MeasureSettings, sources: list[Path]) -> list[Proposal]:
    proposals: list[Proposal] = []
    by_kernel: dict[tuple[str, str], list[Row]] = {}
    for row in measurement.rows:
        by_kernel.setdefault((row.original, row.usage.name), []).append(row)
    for (original, mangled), rows in by_kernel.items():
        needs = any(r.usage.spills or (r.usage.occupancy and r.usage.occupancy < settings.min_occupancy) for r in rows)
        if not needs:
            continue
        name = base_name(rows[0].kernel)
        proposal = Proposal(rows[0].kernel, original, rows[0].line, None, {r.usage.arch: r.usage for r in rows})
        proposals.append(proposal)
        compiled_as = rows[0].unit or original
        unit = next((u for u in measurement.units if str(u.original) == compiled_as), None)
        root = _common_folder(sources)
        if unit is None or compiled_as != original:  # the tuner rewrites a unit's own kernels only
            proposal.note = _defined_elsewhere(Path(original), Path(compiled_as), root)
            continue
        # the kernel's own file first: another file may launch another kernel of that name
        own = [s for s in sources if s.resolve() == unit.original.resolve()]
        threads, why = launch_threads(own, name, root) if own else (None, NO_LAUNCH)
        if threads is None and why == NO_LAUNCH:
            threads, why = launch_threads(sources, name, root)
        if threads is None:
            proposal.note = why
            continue
        kernel = kernels_of(unit.compiled).get(name)
        if kernel is None:
            proposal.note = "kernel definition not found in the translated file"
            continue
        trial = _Trial(unit, unit.compiled.read_bytes(), kernel, mangled, settings, proposal)

        # The launch sites fix the flat work-group size; then ask for more waves per EU (fewer
        # registers each) until the kernel would spill. Asking for fewer waves than the flat
        # size already implies changes nothing, so those are not tried.
        first = Candidate(threads)
        measured = trial.measure(first, 0)
        best = (_score(measured), first, measured) if measured else None
        if best is not None and best[0][0] == 0:
            known = [ARCHES[a].max_waves for a in settings.arches if a in ARCHES]
            max_waves = min(known) if known else 8
            for waves in range(-best[0][1] + 1, max_waves + 1):
                candidate = Candidate(threads, waves)
                measured = trial.measure(candidate, waves)
                if measured is None or _score(measured)[0] > 0:
                    break
                if _score(measured) < best[0]:
                    best = (_score(measured), candidate, measured)
        if best is None:
            proposal.note = "no candidate compiled"
            continue
        if _score(best[2]) >= _score(proposal.before):
            proposal.note = "no candidate did better than the current settings"
            continue
        proposal.candidate, proposal.after = best[1], best[2]
        proposal.note = _below_min_occupancy(proposal, settings.min_occupancy)
    return proposals


HEADER_SUFFIXES = frozenset({".h", ".cuh", ".hpp", ".hh", ".hxx", ".inl", ".inc"})


def _defined_elsewhere(defined: Path, unit: Path, root: Path) -> str:
    """Why a kernel compiled through another file gets no proposal: where it is defined, and by
    which unit, named relative to `root`."""

    def name(path: Path) -> str:
        return path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)

    what = "the header " if defined.suffix in HEADER_SUFFIXES else ""
    return f"defined in {what}{name(defined)}, which {name(unit)} includes: tune it by hand there"


def _below_min_occupancy(proposal: Proposal, min_occupancy: int) -> str:
    """Why the proposed setting still leaves a low-occupancy finding, or "" if it does not: the
    compiler needs more registers without spilling than `min_occupancy` waves leave (clang 17
    gives `mix<160>` of the resources corpus 256 VGPRs + 52 AGPRs where clang 15 fits 205 VGPRs)."""
    low = {a: u.occupancy for a, u in proposal.after.items() if u.occupancy and u.occupancy < min_occupancy}
    if not low:
        return ""
    text = "spill-free at " + ", ".join(f"{n} wave(s)/SIMD on {a}" for a, n in low.items())
    text += f", below --min-occupancy {min_occupancy}"
    for label, usage in proposal.tried:
        spilling = {a: u for a, u in usage.items() if u.scratch or u.vgpr_spill or u.sgpr_spill}
        if "amdgpu_waves_per_eu" in label and spilling:
            cost = ", ".join(f"{u.scratch} B/lane scratch on {a}" for a, u in spilling.items())
            return f"{text}: `{label}` spills ({cost})"
    return text


def proposal_fix(proposal: Proposal, data: bytes, kernel: Kernel) -> Fix:
    """The proposal as a fix of the kernel's file: its launch bounds replaced or inserted. Unsafe:
    it changes what the compiler may do with the kernel, so only `--fix` applies it."""
    assert proposal.candidate is not None
    attribute = proposal.candidate.attribute
    return Fix(f"Set `{attribute}`", (launch_bounds_edit(data, kernel, attribute),), Applicability.UNSAFE)


def apply_proposals(proposals: list[Proposal]) -> list[tuple[Proposal, str | None]]:
    """Write the proposals into the user's files, each file once, through the fix machinery:
    overlapping proposals are not both taken, and a file whose result would parse worse than
    before is left as it was. Per proposal: None when it was written, else why not."""
    outcome: dict[int, str | None] = {}
    by_file: dict[str, list[Proposal]] = {}
    for proposal in proposals:
        if proposal.candidate is None:
            outcome[id(proposal)] = "nothing to apply"
        elif not proposal.candidate.portable and Path(proposal.file).suffix != ".hip":
            outcome[id(proposal)] = (
                f"`{proposal.candidate.attribute}` is AMD-only; {Path(proposal.file).name} is CUDA: "
                "apply it under #ifdef __HIP_PLATFORM_AMD__ by hand"
            )
        else:
            by_file.setdefault(proposal.file, []).append(proposal)
    for file, wanted in by_file.items():
        path = Path(file)
        data = path.read_bytes()
        tree = parse(data)
        kernels = kernels_of(path, data, tree)
        fixes: dict[int, Proposal] = {}
        fix_list = []
        for proposal in wanted:
            kernel = kernels.get(base_name(proposal.kernel))
            if kernel is None:
                outcome[id(proposal)] = "kernel definition not found"
                continue
            fix = proposal_fix(proposal, data, kernel)
            fixes[id(fix)] = proposal
            fix_list.append(fix)
        result = apply_fixes(data, fix_list, Applicability.UNSAFE)
        for fix in result.skipped:
            outcome[id(fixes[id(fix)])] = "overlaps another proposal for the same kernel: run --fix again"
        if not result.applied:
            continue
        if error_count(parse(result.source)) > error_count(tree):
            for fix in result.applied:
                outcome[id(fixes[id(fix)])] = "not written: the file would no longer parse"
            continue
        write_atomic(path, result.source, path.stat().st_mode, durable=True)
        for fix in result.applied:
            outcome[id(fixes[id(fix)])] = None
    return [(p, outcome.get(id(p), "not applied")) for p in proposals]
