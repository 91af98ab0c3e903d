"""How much of a real CUDA tree compiles after conversion (a benchmark, not a test).

Usage:
    python bench/compile_rate.py TREE [--hipcc PATH] [--hipify-perl PATH] [--arch gfx90a]
                                 [-I DIR ...] [-D NAME ...] [--work DIR] [--json out.json]

Converts TREE with hipify-plus into a scratch folder (under --work, default a temporary folder;
a hipcc that runs in a chroot sees only some folders, so choose one it sees), runs the same check
as `convert --check` (every translation unit through `hipcc -fsyntax-only` per target, cached in
~/.cache/hipify-plus unless --no-cache), and prints the compile rate over all units, over the
units whose libraries are installed, and over those minus the units that need a CUDA library AMD
has no counterpart for (EGL, NvSci, cuDLA, nvJPEG ...: each has an error finding), the causes
of the first errors with counts, and how many failures no finding explains except HP013's
generic classification. With --hipify-perl, every source is also converted by hipify-perl
(`-quiet-warnings`, headers too) and checked the same way, side by side. -I takes input folders
(they mean their converted copies) or any other folder.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hipify_plus.check import FAILS, NOT_CHECKED, CheckResult, CheckSettings, check_conversion  # noqa: E402
from hipify_plus.check.installed import installed_releases  # noqa: E402
from hipify_plus.convert import ConvertReport, ConvertSettings, FileOutcome, convert  # noqa: E402
from hipify_plus.fsutil import default_cache_dir, write_atomic  # noqa: E402
from hipify_plus.resources.hipcc import HipccNotFound, find_hipcc  # noqa: E402
from hipify_plus.translate.engine import TranslateOptions  # noqa: E402
from hipify_plus.translate.hipify_perl import HipifyPerlError, find_hipify_perl, run_hipify_perl  # noqa: E402
from hipify_plus.versions import parse_version  # noqa: E402

WRITTEN = ("changed", "unchanged", "cached")
TOP = 15


def convert_with_hipify_perl(
    command: list[str], plus: ConvertReport, plus_root: Path, perl_root: Path, jobs: int
) -> tuple[list[FileOutcome], list[str]]:
    """hipify-perl on every source hipify-plus converted (the same files), other files copied."""
    problems: list[str] = []

    def one(outcome: FileOutcome) -> FileOutcome | None:
        if not outcome.output or outcome.status not in (*WRITTEN, "copied"):
            return None
        target = perl_root / Path(outcome.output).resolve().relative_to(plus_root)
        source = Path(outcome.input)
        data = source.read_bytes()
        if outcome.status != "copied":
            try:
                data = run_hipify_perl(command, source, data, roc=False, hip_launch_syntax=False)
            except HipifyPerlError as exc:
                problems.append(f"{source}: {exc}: kept as it is")
        write_atomic(target, data)
        return FileOutcome(outcome.input, str(target), "changed" if outcome.status != "copied" else "copied")

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        outcomes = [o for o in pool.map(one, plus.outcomes) if o is not None]
    return outcomes, problems


def numbers(result: CheckResult) -> dict[str, object]:
    units = result.units
    failing = [u for u in units if u.status == FAILS]
    missing = [u for u in units if u.status == NOT_CHECKED and u.missing]
    other = [u for u in units if u.status == NOT_CHECKED and not u.missing]
    compiles = result.count("compiles")
    installed = len(units) - len(missing)
    # units that need a CUDA library AMD has no counterpart for (EGL, NvSci, cuDLA, nvJPEG, NvMedia,
    # NPP...): they fail with an error finding that says so, and no conversion can make them compile
    cuda_only = sum(1 for u in failing if u.cause_class == "cuda-only-library")
    classes = Counter(u.cause_class or "unclassified" for u in failing)
    causes: dict[str, list[str]] = defaultdict(list)
    for unit in failing:
        causes[unit.cause].append(unit.input)
    return {
        "units": len(units),
        "compile": compiles,
        "fail": len(failing),
        "not_checked_missing_library": len(missing),
        "not_checked_other": len(other),
        "rate": compiles / len(units) if units else 0.0,
        "rate_installed": compiles / installed if installed else None,
        "fail_cuda_only_library": cuda_only,
        "rate_portable": compiles / (installed - cuda_only) if installed > cuda_only else None,
        "unexplained": sum(1 for u in failing if not u.explained),
        "classes": classes.most_common(),
        "causes": sorted(([cause, len(files), files] for cause, files in causes.items()), key=lambda c: (-c[1], c[0])),
        "missing_headers": Counter(u.missing for u in missing).most_common(),
        "other_not_checked": [[u.input, u.reason] for u in other],
        "per_unit": [
            {
                "path": u.input,
                "status": u.status,
                "reason": u.reason,
                "cause_class": u.cause_class,
                "cause": u.cause,
                "finding": u.finding,
                "explained": u.explained,
            }
            for u in units
        ],
    }


def _percent(value: object) -> str:
    return f"{value:.1%}" if isinstance(value, float) else "-"


def show(name: str, found: dict[str, object]) -> None:
    print(f"\n== {name}: causes of the first errors (failing units) ==")
    for label, count in found["classes"]:  # type: ignore[union-attr]
        print(f"  {count:4d}  {label}")
    print(f"-- top {TOP} causes, with an example file --")
    for cause, count, files in found["causes"][:TOP]:  # type: ignore[index]
        print(f"  {count:4d}  {cause}\n        e.g. {files[0]}")
    if found["missing_headers"]:
        print("-- not checked: library not installed --")
        for header, count in found["missing_headers"]:  # type: ignore[union-attr]
            print(f"  {count:4d}  <{header}>")
    for unit, reason in found["other_not_checked"]:  # type: ignore[union-attr]
        print(f"  not checked: {unit}: {reason}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--hipcc")
    parser.add_argument("--hipify-perl")
    parser.add_argument("--arch", action="append", default=None)
    parser.add_argument("-I", dest="includes", action="append", default=[])
    parser.add_argument("-D", dest="defines", action="append", default=[])
    parser.add_argument("--work", type=Path, help="folder for the converted trees (default: a temporary one)")
    parser.add_argument("--json", type=Path)
    parser.add_argument("-j", "--jobs", type=int, default=0)
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args()
    try:
        hipcc = find_hipcc(args.hipcc)
    except HipccNotFound as exc:
        print(f"compile_rate: {exc}", file=sys.stderr)
        return 2
    perl = None
    if args.hipify_perl:
        try:
            perl = find_hipify_perl(args.hipify_perl)
        except HipifyPerlError as exc:
            print(f"compile_rate: {exc}", file=sys.stderr)
            return 2
    tree = args.tree.resolve()
    work = Path(tempfile.mkdtemp(prefix="compile-rate-", dir=args.work)).resolve()
    arches = tuple(args.arch or ["gfx90a"])
    settings = CheckSettings(
        hipcc=hipcc,
        target_rocm=parse_version(hipcc.version),
        arches=arches,
        jobs=args.jobs,
        flags=tuple([f"-I{Path(i).resolve()}" for i in args.includes] + [f"-D{d}" for d in args.defines]),
        cache_dir=None if args.no_cache else default_cache_dir(),
    )
    results: dict[str, dict[str, object]] = {}
    try:
        plus_root = work / "hipify-plus"
        report = convert(
            [tree],
            ConvertSettings(
                options=TranslateOptions(
                    rocm_version=parse_version(hipcc.version),
                    library_releases=installed_releases(hipcc, parse_version(hipcc.version)),
                ),
                output=plus_root,
                use_cache=False,
                jobs=args.jobs,
                offload_arch=arches,
            ),
        )
        checked = check_conversion(report.outcomes, settings)
        results["hipify-plus"] = numbers(checked)
        if perl is not None:
            perl_root = work / "hipify-perl"
            outcomes, problems = convert_with_hipify_perl(perl, report, plus_root.resolve(), perl_root, args.jobs or 2)
            for problem in problems:
                print(f"compile_rate: hipify-perl: {problem}", file=sys.stderr)
            results["hipify-perl"] = numbers(check_conversion(outcomes, settings))
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)

    print(f"{tree} with hipcc {hipcc.version} ({hipcc.path}) for {','.join(arches)}; converted under {work}")
    names = list(results)
    rows = [
        ("translation units", "units"),
        ("compile", "compile"),
        ("fail", "fail"),
        ("not checked: library not installed", "not_checked_missing_library"),
        ("not checked: other", "not_checked_other"),
        ("failures no finding explains (HP013 only)", "unexplained"),
        ("failures needing a CUDA-only library", "fail_cuda_only_library"),
    ]
    width = max(len(label) for label, _ in rows) + 2
    print("".ljust(width) + "".join(n.rjust(14) for n in names))
    for label, key in rows:
        print(label.ljust(width) + "".join(str(results[n][key]).rjust(14) for n in names))
    for label, key in (
        ("compile rate, all units", "rate"),
        ("compile rate, libraries installed", "rate_installed"),
        ("compile rate, without CUDA-only libraries", "rate_portable"),
    ):
        print(label.ljust(width) + "".join(_percent(results[n][key]).rjust(14) for n in names))
    for name in names:
        show(name, results[name])
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "tree": str(tree),
                    "hipcc": hipcc.path,
                    "version": hipcc.version,
                    "arches": list(arches),
                    "results": results,
                },
                indent=2,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
