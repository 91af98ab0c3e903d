"""The report's work estimate beside three real, public CUDA -> HIP ports (a benchmark, not a test).

Usage:
    python bench/effort_comparison.py [--hip-examples GIT] [--mamba GIT] [--llmc-amd GIT]
                                      [--rocm-version 6.2] [--json out.json]

For each port it extracts the CUDA tree the porters started from (git show, file by file: the
repositories hold large data files that are missing from the mirrors), runs the migration-gap
report on it (no compile check, no nvcc: the same result on every machine) and measures the work
from the history:

- Rodinia, AMD's HIP port (ROCm/HIP-Examples bd2f439, rodinia_3.0/cuda -> rodinia_3.0/hip): lines
  changed by hand, per benchmark: CUDA original -> the `cusrc` copy the porters hipified, and the
  hipified copy (hipify-plus's renames, launch syntax and 2016 HIP spellings normalised) -> the
  final HIP file; the timing instrumentation the port added (RDTimer, PROFILING) is left out,
  the 2016 workarounds for textures and __constant__ copies HIP lacked then are counted apart;
  build lines: Makefile and hipcmd.sh. No history before the public import: no timeline.
- mamba's selective scan, AMD's pull request #359 (state-spaces/mamba, squash-merged as 3c77dcf)
  and its follow-ups #405, #416, #419: lines changed per file from the merged commits; the
  porters' active days from their commits on refs/pull/359/head.
- llm.c, the AMD fork (anthonix/llm.c) against upstream bd8c604 (the last upstream it merged):
  net lines of the fork, lines its author changed over the fork's life, active days.

Hours of a port with a timeline: its porters' active days (distinct porter and day pairs of their
commits) x 4, 6 and 8 h (low, central, high), times the share of their changed lines that are
sources and build files (the rest is Python, scripts, patches); Rodinia's: its lines changed by
hand x the hours per changed line of the other two (lowest, mean, highest). Prints one table; the
reading of it is in bench/effort_comparison.md.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hipify_plus.lint.settings import build_settings  # noqa: E402
from hipify_plus.pipeline import translate  # noqa: E402
from hipify_plus.report.gap import ReportSettings, build_report  # noqa: E402
from hipify_plus.source import SourceFile  # noqa: E402
from hipify_plus.translate.engine import TranslateOptions  # noqa: E402
from hipify_plus.versions import parse_version  # noqa: E402

HOURS_PER_DAY = (4.0, 6.0, 8.0)  # an active day of a porter: low, central, high
SOURCES = (".cu", ".cuh", ".h", ".hpp", ".c", ".cpp", ".cc")
BUILD = re.compile(r"(^|/)(Makefile[^/]*|hipcmd\.sh|CMakeLists\.txt|setup\.py)$")

RODINIA_COMMIT = "bd2f439"
MAMBA = {
    "base": "3c77dcf^",
    "prs": {"#359": "3c77dcf", "#405": "c809b2b", "#416": "c8396a3", "#419": "22c0c87"},
    "branch": "refs/pull/359/head",
    "authors": r"amd\.com|^root@banff",
    # one porter under several addresses (the server account root@banff committed the PR author's work)
    "aliases": {"arsenymoskvichev": "arseny", "amoskvic": "arseny", "root": "arseny", "adeemjassani": "ajassani"},
    # from the pull-request thread (github.com/state-spaces/mamba/pull/359): opened 2024-06-05,
    # merged 2024-06-18 by the maintainer after one comment; #405 fixed the warp size the same day
    "opened": "2024-06-05",
    "merged": "2024-06-18",
    "review": "1 comment, merged as is; warp-size fix in #405 the same day",
}
LLMC = {
    "upstream": "bd8c604",
    "fork": "f3d8550",
    "author": "Anthony Blake",
    "exclude": ("dev/**", "doc/**", "scripts/**", "llmc/cudnn_att.cpp"),
}  # the fork ported neither dev/ nor cuDNN


@dataclass
class Port:
    name: str
    scope: str
    lines: int = 0  # lines of the CUDA sources in scope
    ours: dict[str, float] = field(default_factory=dict)
    hand_lines: int = 0  # lines changed by hand in the sources
    build_lines: int = 0  # ... in the build files
    workaround_lines: int = 0  # of hand_lines: workarounds for what HIP lacked at the time
    files_touched: int = 0
    active_days: int = 0
    elapsed_days: int = 0
    review: str = ""
    hours: tuple[float, float, float] | None = None  # measured: low, central, high
    share: float = 1.0  # of the porters' days: the share spent on sources and build files
    notes: list[str] = field(default_factory=list)


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=True, errors="replace"
    ).stdout


def extract(repo: Path, commit: str, prefixes: list[str], target: Path, build_files: bool = True) -> None:
    """The tree's sources (and build files) at `commit`, file by file (missing blobs skipped)."""
    listing = git(repo, "ls-tree", "-r", "--name-only", commit, *(["--", *prefixes] if prefixes else [])).splitlines()
    for name in listing:
        if not (name.endswith(SOURCES) or (build_files and BUILD.search(name))):
            continue
        done = subprocess.run(["git", "-C", str(repo), "show", f"{commit}:{name}"], capture_output=True, check=False)
        if done.returncode == 0:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            (target / name).write_bytes(done.stdout)


def estimate(tree: Path, rocm: str, exclude: tuple[str, ...] = ()) -> dict[str, float]:
    settings = replace(build_settings(None, target_rocm=rocm), exclude=tuple(exclude))
    report = build_report(
        [tree],
        TranslateOptions(rocm_version=parse_version(rocm)),
        settings,
        settings=ReportSettings(no_check="--no-check"),
    )
    counts = report.counts()
    return {
        "findings": counts["findings"],
        "hours_findings": report.findings_hours,
        "hours_build": report.build_hours,
        "hours_verify": report.verify_hours,
        "hours": report.hours,
        "device_lines": counts["device_lines"],
        "lines": sum(f.lines for f in report.files if f.kind == "source"),
    }


# -- measuring hand changes -----------------------------------------------------------------

_INSTRUMENTATION = re.compile(r"rdtimer|RDTimer|serializeTime|SimplePerfSerializer|PROFILING", re.I)
_WORKAROUND = re.compile(r"#\s*if(n?def)?\s+.*\b(USE_TEXTURES?|USE_CONSTANT_BUFFER)\b")
_RUNTIME_INCLUDE = re.compile(r'#\s*include\s*[<"]((hip/)?hip_runtime(_api)?|cuda(_runtime)?)\.h[>"]')


def normalised(text: str) -> tuple[list[str], set[int]]:
    """Non-blank lines with spacing collapsed, the instrumentation and runtime includes dropped,
    2016 HIP spellings (hipLaunchParm, hipLaunchKernel, hipThreadIdx_x ...) written as today's;
    and which of them sit inside a 2016 workaround block."""
    lines: list[str] = []
    inside: set[int] = set()
    skip = workaround = 0
    for raw in text.splitlines():
        line = " ".join(raw.split())
        if not line:
            continue
        opens = re.match(r"#\s*if", line) is not None
        if skip:
            skip += 1 if opens else -1 if re.match(r"#\s*endif", line) else 0
            continue
        if re.match(r"#\s*ifdef\s+PROFILING", line):
            skip = 1
            continue
        if _INSTRUMENTATION.search(line) or _RUNTIME_INCLUDE.match(line):
            continue
        if workaround:
            workaround += 1 if opens else -1 if re.match(r"#\s*endif", line) else 0
        elif _WORKAROUND.match(line):
            workaround = 1
        line = re.sub(r"hipLaunchParm\s+lp\s*,?\s*", "", line)
        line = re.sub(r"hipLaunchKernel(GGL)?\(\s*HIP_KERNEL_NAME\(([^()]*)\)", r"hipLaunchKernelGGL(\2", line)
        line = re.sub(r"hipLaunchKernel\(", "hipLaunchKernelGGL(", line)
        line = re.sub(r"hipLaunchKernelGGL\(\s*\(([^()]*)\)", r"hipLaunchKernelGGL(\1", line)
        line = re.sub(
            r"hip(Block|Thread)(Idx|Dim)_([xyz])", lambda m: f"{m.group(1).lower()}{m.group(2)}.{m.group(3)}", line
        )
        line = re.sub(r"hipGridDim_([xyz])", r"gridDim.\1", line)
        if workaround:
            inside.add(len(lines))
        lines.append(line)
    return lines, inside


def changed(before: str, after: str) -> tuple[int, int]:
    """(lines changed, of them inside a workaround block of `after`): a replaced line counts once."""
    old, _ = normalised(before)
    new, inside = normalised(after)
    total = workaround = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        total += max(i2 - i1, j2 - j1)
        workaround += sum(1 for j in range(j1, j2) if j in inside)
    return total, workaround


def _counterpart(folder: Path, relative: Path) -> Path | None:
    stem, suffix = relative.stem, relative.suffix
    for candidate in (
        relative,
        relative.with_name(f"{stem}.hip{suffix}"),
        relative.with_name(f"{stem}_hip{suffix}"),
        relative.with_name(relative.name.replace("_cuda", "_hip")),
        relative.with_name(relative.name.replace("cuda", "hip")),
        Path("CUDA") / relative,
        relative.with_suffix(".cu"),
    ):
        if (folder / candidate).is_file():
            return folder / candidate
    return None


def rodinia(repo: Path, rocm: str, work: Path) -> list[Port]:
    extract(repo, RODINIA_COMMIT, ["rodinia_3.0/cuda", "rodinia_3.0/hip"], work)
    root = work / "rodinia_3.0"
    options = TranslateOptions(rocm_version=parse_version(rocm), hip_launch_syntax=True)
    ports = []
    for bench in sorted(p for p in (root / "cuda").iterdir() if (root / "hip" / p.name).is_dir()):
        port = Port(f"Rodinia {bench.name}", f"rodinia_3.0/cuda/{bench.name}")
        pairs: list[tuple[Path, Path, Path | None]] = []  # original, what was hipified, final
        copies = sorted((root / "hip" / bench.name).glob("**/cusrc"))
        for cusrc in copies:
            folder = cusrc.parent
            for copy in sorted(p for p in cusrc.rglob("*") if p.is_file() and p.suffix in SOURCES):
                relative = copy.relative_to(cusrc)
                original = root / "cuda" / folder.relative_to(root / "hip") / relative
                if not original.is_file():
                    original = next(iter(bench.rglob(relative.name)), copy)
                pairs.append((original, copy, _counterpart(folder, relative)))
        if not copies:
            for original in sorted(p for p in bench.rglob("*") if p.is_file() and p.suffix in (".cu", ".cuh")):
                pairs.append((original, original, _counterpart(root / "hip" / bench.name, original.relative_to(bench))))
        for original, copy, final in pairs:
            if final is None:
                port.notes.append(f"no HIP counterpart for {copy.name}")
                continue
            before = original.read_text(errors="replace")
            hipified = copy.read_text(errors="replace")
            renamed = translate(SourceFile(str(copy), hipified.encode()), options).output.decode(errors="replace")
            pre, _ = changed(before, hipified)
            post, workaround = changed(renamed, final.read_text(errors="replace"))
            port.hand_lines += pre + post
            port.workaround_lines += workaround
            port.files_touched += (pre + post) > 0
        for makefile in sorted(bench.glob("Makefile")):
            final = root / "hip" / bench.name / "Makefile"
            if final.is_file():
                port.build_lines += changed(makefile.read_text(errors="replace"), final.read_text(errors="replace"))[0]
        script = root / "hip" / bench.name / "hipcmd.sh"
        if script.is_file():
            port.build_lines += len([line for line in script.read_text(errors="replace").splitlines() if line.strip()])
        port.ours = estimate(bench, rocm)
        port.lines = int(port.ours["lines"])
        port.review = "none (an internal port, published in one commit)"
        ports.append(port)
    return ports


def _numstat(repo: Path, *args: str) -> tuple[int, int, int, int]:
    """(lines changed in sources, in build files, in other code (Python, scripts, patches), files
    touched in sources and build files); a replaced line counts once, documentation not at all."""
    sources = build = other = files = 0
    for line in git(repo, "log", "--numstat", "--format=", *args).splitlines():
        parts = line.split("\t")
        if len(parts) != 3 or not parts[0].isdigit():
            continue
        lines, name = max(int(parts[0]), int(parts[1])), parts[2]
        if BUILD.search(name):
            build += lines
        elif name.endswith(SOURCES):
            sources += lines
        else:
            other += lines if name.endswith((".py", ".sh", ".patch")) else 0
            continue
        files += 1
    return sources, build, other, files


def _person_days(repo: Path, *args: str, aliases: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """Distinct (porter, day) pairs of the commits: a porter by the name before the e-mail's @."""
    pairs = set()
    for line in git(repo, "log", "--format=%ad %ae", "--date=short", *args).splitlines():
        day, _, email = line.partition(" ")
        who = email.split("@")[0].lower().replace(".", "")
        pairs.add(((aliases or {}).get(who, who), day))
    return sorted(pairs, key=lambda p: (p[1], p[0]))


def mamba(repo: Path, rocm: str, work: Path) -> Port:
    extract(repo, MAMBA["base"], ["csrc", "setup.py"], work)
    port = Port("mamba selective scan (PR #359 + follow-ups)", "csrc/ and setup.py at 3c77dcf^")
    other = 0
    for commit in MAMBA["prs"].values():
        sources, build, python, files = _numstat(repo, "-1", commit)
        port.hand_lines += sources
        port.build_lines += build
        other += python
        port.files_touched += files
    days = _person_days(
        repo,
        "--perl-regexp",
        f"--author={MAMBA['authors']}",
        f"--until={MAMBA['opened']}",
        MAMBA["branch"],
        aliases=MAMBA["aliases"],
    )
    port.active_days = len(days) + 1  # + the day of #405
    port.elapsed_days = _elapsed(days[0][1], MAMBA["merged"]) if days else 0
    port.share = (port.hand_lines + port.build_lines) / (port.hand_lines + port.build_lines + other)
    porters = sorted({who for who, _ in days})
    port.review = f"{len(porters)} porters; opened {MAMBA['opened']}, merged {MAMBA['merged']}: {MAMBA['review']}"
    port.notes.append(
        f"{other} lines of Python, scripts and patches beside them (the estimate's share of the "
        f"hours: {port.share:.0%})"
    )
    port.ours = estimate(work, rocm)
    port.lines = int(port.ours["lines"])
    return port


def llmc(repo: Path, rocm: str, work: Path) -> Port:
    extract(repo, LLMC["upstream"], [], work)
    port = Port("llm.c, the AMD fork", f"upstream {LLMC['upstream']} without {', '.join(LLMC['exclude'])}")
    sources, build, other, files = _numstat(repo, "--no-merges", f"--author={LLMC['author']}", LLMC["fork"])
    port.hand_lines, port.build_lines, port.files_touched = sources, build, files
    port.share = (sources + build) / (sources + build + other)
    net_sources = net_build = 0
    for line in git(repo, "diff", "--numstat", LLMC["upstream"], LLMC["fork"]).splitlines():
        added, removed, name = line.split("\t")
        if added.isdigit():
            if BUILD.search(name):
                net_build += max(int(added), int(removed))
            elif name.endswith(SOURCES):
                net_sources += max(int(added), int(removed))
    days = _person_days(repo, "--no-merges", f"--author={LLMC['author']}", LLMC["fork"])
    port.active_days = len(days)
    port.elapsed_days = _elapsed(days[0][1], days[-1][1])
    merges = len(git(repo, "log", "--merges", f"--author={LLMC['author']}", "--format=%h", LLMC["fork"]).split())
    port.review = f"one porter, a fork without review; {merges} merges of upstream"
    port.notes.append(f"net against upstream: {net_sources} source lines, {net_build} build lines")
    port.ours = estimate(work, rocm, LLMC["exclude"])
    port.lines = int(port.ours["lines"])
    return port


def _elapsed(first: str, last: str) -> int:
    from datetime import date

    return (date.fromisoformat(last) - date.fromisoformat(first)).days


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hip-examples", type=Path, default=Path("/work/real/HIP-Examples"))
    parser.add_argument(
        "--mamba",
        type=Path,
        default=Path("/work/.mirror/state-spaces+mamba/repo"),
        help="a clone that has refs/pull/359/head (a mirror)",
    )
    parser.add_argument("--llmc-amd", type=Path, default=Path("/work/real/llm.c-amd"))
    parser.add_argument("--rocm-version", default="6.2")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="effort-comparison-") as scratch:
        work = Path(scratch)
        ports = [
            llmc(args.llmc_amd, args.rocm_version, work / "llmc"),
            mamba(args.mamba, args.rocm_version, work / "mamba"),
        ]
        benches = rodinia(args.hip_examples, args.rocm_version, work / "rodinia")
    for port in ports:
        port.hours = tuple(port.active_days * h * port.share for h in HOURS_PER_DAY)  # type: ignore[assignment]
    rates = [port.hours[1] / (port.hand_lines + port.build_lines) for port in ports if port.hours]
    low_rate, high_rate = min(rates), max(rates)
    central = sum(rates) / len(rates)
    for bench in benches:
        lines = bench.hand_lines + bench.build_lines
        bench.hours = (lines * low_rate, lines * central, lines * high_rate)
    suite = Port(
        "Rodinia, 16 benchmarks",
        "rodinia_3.0/cuda",
        lines=sum(b.lines for b in benches),
        hand_lines=sum(b.hand_lines for b in benches),
        build_lines=sum(b.build_lines for b in benches),
        workaround_lines=sum(b.workaround_lines for b in benches),
        files_touched=sum(b.files_touched for b in benches),
        review=benches[0].review,
    )
    suite.ours = {key: sum(b.ours[key] for b in benches) for key in benches[0].ours}
    suite.hours = tuple(sum(b.hours[i] for b in benches) for i in range(3))  # type: ignore[assignment,index]

    print(
        f"hours per line changed by hand: {low_rate:.3f}-{high_rate:.3f} (central {central:.3f}), from "
        + ", ".join(f"{p.name} {r:.3f}" for p, r in zip(ports, rates, strict=False))
    )
    header = (
        "port",
        "lines",
        "device",
        "hand",
        "build",
        "2016 wk",
        "files",
        "p-days",
        "measured h (lo/mid/hi)",
        "ours h (find+build+verify)",
        "ours/mid",
    )
    rows = []
    for port in [*ports, suite, *benches]:
        assert port.hours is not None
        ours = port.ours
        rows.append(
            (
                port.name,
                port.lines,
                int(ours["device_lines"]),
                port.hand_lines,
                port.build_lines,
                port.workaround_lines,
                port.files_touched,
                port.active_days or "-",
                "/".join(f"{h:.0f}" for h in port.hours),
                f"{ours['hours']:.1f} "
                f"({ours['hours_findings']:.1f}+{ours['hours_build']:.1f}+{ours['hours_verify']:.1f})",
                f"{ours['hours'] / port.hours[1]:.2f}" if port.hours[1] else "-",
            )
        )
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(str(v).ljust(w) for v, w in zip(row, widths, strict=True)))
    for port in [*ports, suite]:
        print(f"{port.name}: {port.review}" + (f"; {'; '.join(port.notes)}" if port.notes else ""))
    if args.json:
        args.json.write_text(json.dumps([p.__dict__ for p in [*ports, suite, *benches]], indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
