#!/usr/bin/env python3
"""Check the mapping data's releases against real HIP/ROCm headers.

Usage:
    python tools/check_mappings_against_headers.py INCLUDE[@DEBS] [INCLUDE[@DEBS] ...]
        [--hipcc INCLUDE=HIPCC] [--mappings DIR] [--write-verified FILE]

Each INCLUDE is an include root (/usr/include, /work/deb13/usr/include, a Debian -dev package
tree extracted under /tmp). The release of each library there is read from the root's dpkg
status (INCLUDE/../../var/lib/dpkg/status) or, for extracted packages, from the package file
names in DEBS (libhipblas-dev_6.4.4-1_amd64.deb -> hipBLAS of ROCm 6.4.4). Libraries are keyed
by their own release: Debian 13's "HIP 5.7" has hipBLAS, hipSOLVER, rocBLAS and rocSOLVER 5.5.1
and hipFFT 6.1.2, so hipBLAS names are compared with 5.5.1 there, not with 5.7.

For every HIP/ROC name the data maps a CUDA name to (and every fallback spelling), it prints:
- `missing`: the data says the name exists at the library's release there, but no header of the
  library (or of HIP) declares it (a word match outside comments, NVIDIA-platform headers left
  out); with --hipcc, such names are confirmed by compiling `using ::NAME;` with that hipcc
  (`confirmed` / `declared` when the compile finds it after all: a macro-made name);
- `earlier`: a header declares the name at a release older than the data says.
With --write-verified, the corrections go to FILE in rules/mappings/verified_versions.tsv's form:
per name, the first measured release that declares it (for `earlier`, the oldest release seen;
for `missing`, the oldest release after the last one without it), the first measured release
that no longer declares it (removed_by), and what was seen where. Names no measured release
declares at all (`never`) get first_seen `none`: convert reports them instead of writing them,
unless the headers declare the name spelled with other capitals (`spelling`), which is written.
A name counts as declared when any measured library of the root declares it (hipBLAS's enums
live in hipblas-common, hipBLASLt's compute types beside hipBLAS's).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hipify_plus.mappings import MappingTable  # noqa: E402
from hipify_plus.versions import Version, format_version, parse_version  # noqa: E402


@dataclass(frozen=True)
class Library:
    key: str
    package: str  # the Debian -dev package whose version is the library's ROCm release
    dirs: tuple[str, ...]  # include subfolders (or flat headers) that declare its names
    header: str  # what a one-line compile check includes


# (mapping library, side) -> the ROCm library that declares the target names
LIBRARIES = {
    "hip": Library("hip", "libamdhip64-dev", ("hip",), "hip/hip_runtime.h"),
    "hipblas": Library(
        "hipblas",
        "libhipblas-dev",
        ("hipblas", "hipblas.h", "hipblas-common", "hipblas_module.f90"),
        "hipblas/hipblas.h",
    ),
    "rocblas": Library("rocblas", "librocblas-dev", ("rocblas",), "rocblas/rocblas.h"),
    "hipblaslt": Library("hipblaslt", "libhipblaslt-dev", ("hipblaslt", "hipblas-common"), "hipblaslt/hipblaslt.h"),
    "hiprand": Library("hiprand", "libhiprand-dev", ("hiprand",), "hiprand/hiprand_kernel.h"),
    "rocrand": Library("rocrand", "librocrand-dev", ("rocrand",), "rocrand/rocrand_kernel.h"),
    "hipfft": Library("hipfft", "libhipfft-dev", ("hipfft",), "hipfft/hipfftXt.h"),
    "hipsparse": Library("hipsparse", "libhipsparse-dev", ("hipsparse",), "hipsparse/hipsparse.h"),
    "rocsparse": Library("rocsparse", "librocsparse-dev", ("rocsparse",), "rocsparse/rocsparse.h"),
    "hipsolver": Library("hipsolver", "libhipsolver-dev", ("hipsolver",), "hipsolver/hipsolver.h"),
    "rocsolver": Library("rocsolver", "librocsolver-dev", ("rocsolver", "rocblas"), "rocsolver/rocsolver.h"),
    "miopen": Library("miopen", "libmiopen-dev", ("miopen",), "miopen/miopen.h"),
    "hipcub": Library("hipcub", "libhipcub-dev", ("hipcub",), "hipcub/hipcub.hpp"),
    "rccl": Library("rccl", "librccl-dev", ("rccl",), "rccl/rccl.h"),
}
SIDES = {
    ("runtime", "hip"): "hip",
    ("driver", "hip"): "hip",
    ("device", "hip"): "hip",
    ("rtc", "hip"): "hip",
    ("cucomplex", "hip"): "hip",
    ("cublas", "hip"): "hipblas",
    ("cublas", "roc"): "rocblas",
    ("cublaslt", "hip"): "hipblaslt",
    ("curand", "hip"): "hiprand",
    ("curand", "roc"): "rocrand",
    ("cufft", "hip"): "hipfft",
    ("cusparse", "hip"): "hipsparse",
    ("cusparse", "roc"): "rocsparse",
    ("cusolver", "hip"): "hipsolver",
    ("cusolver", "roc"): "rocsolver",
    ("cudnn", "roc"): "miopen",
    ("cub", "hip"): "hipcub",
    ("nccl", "hip"): "rccl",
}
_COMMENTS = re.compile(rb"//[^\n]*|/\*.*?\*/", re.DOTALL)
_WORD = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
_DEB = re.compile(r"^(lib[\w.+-]+?)_(\d[^_]*)_\w+\.deb$")
_NOT_AMD = ("nvidia_detail", "nvcc_detail", "nvidia_hip")


@dataclass
class Root:
    include: Path
    label: str
    releases: dict[str, Version]  # library key -> release
    words: dict[str, set[str]] = field(default_factory=dict)  # library key -> declared words


def upstream(version: str) -> Version:
    """Debian '5.5.1+dfsg-7' / '7.2.4-1~exp2' / '2:5.7.1-3' -> the ROCm release."""
    text = version.split(":", 1)[-1]
    return parse_version(re.split(r"[-+~]", text, maxsplit=1)[0])


def package_versions(include: Path, debs: Path | None) -> dict[str, str]:
    found: dict[str, str] = {}
    if debs is not None:
        for deb in debs.glob("*.deb"):
            match = _DEB.match(deb.name)
            if match:
                found[match.group(1)] = match.group(2)
        return found
    status = include.parent.parent / "var" / "lib" / "dpkg" / "status"
    package = ""
    for line in status.read_text(encoding="utf-8", errors="replace").splitlines() if status.is_file() else []:
        if line.startswith("Package: "):
            package = line[9:].strip()
        elif line.startswith("Version: ") and package:
            found[package] = line[9:].strip()
    return found


def declared_words(include: Path, library: Library) -> set[str]:
    words: set[str] = set()
    for entry in library.dirs:
        path = include / entry
        files = [path] if path.is_file() else sorted(path.rglob("*")) if path.is_dir() else []
        for file in files:
            if not file.is_file() or any(part in file.as_posix() for part in _NOT_AMD):
                continue
            data = _COMMENTS.sub(b" ", file.read_bytes())
            words.update(w.decode() for w in _WORD.findall(data))
    return words


def open_root(spec: str) -> Root:
    include_text, _, debs_text = spec.partition("@")
    include = Path(include_text)
    versions = package_versions(include, Path(debs_text) if debs_text else None)
    releases = {key: upstream(versions[lib.package]) for key, lib in LIBRARIES.items() if lib.package in versions}
    root = Root(include, spec, releases)
    for key in releases:
        root.words[key] = declared_words(include, LIBRARIES[key]) | (
            declared_words(include, LIBRARIES["hip"]) if key != "hip" else set()
        )
    return root


@dataclass(frozen=True)
class Claim:
    name: str
    library: str  # key of LIBRARIES
    added: Version | None
    removed: Version | None
    cuda: str  # one CUDA name that maps to it (for the report)


def hand_written(mappings: Path) -> set[str]:
    """CUDA names extra.tsv maps by hand: their releases were read in headers by whoever wrote
    them, and rewrites rely on them (HP318 renames hipblasGemmEx_v2 per release)."""
    path = mappings / "extra.tsv"
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    return {line.split("\t", 1)[0] for line in lines if line and not line.startswith("#")}


def claims(table: MappingTable, skip: set[str]) -> dict[tuple[str, str], Claim]:
    """(library, name) -> what the data says about one target name (the oldest claim wins)."""
    found: dict[tuple[str, str], Claim] = {}
    for cuda in table.names():
        if cuda in skip:
            continue
        mapping = table.get(cuda)
        if mapping is None or mapping.status in ("lint",):
            continue
        candidates = [
            ("hip", mapping.hip, mapping.hip_added, mapping.hip_removed),
            ("roc", mapping.roc, mapping.roc_added, mapping.roc_removed),
        ]
        if mapping.fallback and _IDENT.match(mapping.fallback):  # hipBLAS's _v2 names went in 7.0
            candidates.append(("hip", mapping.fallback, mapping.fallback_added, mapping.hip_changed))
        for side, name, added, removed in candidates:
            library = SIDES.get((mapping.library, "roc" if mapping.policy == "roc" else side))
            if not name or library is None or not _IDENT.match(name) or name == cuda:
                continue
            key = (library, name)
            known = found.get(key)
            if known is None or (added is not None and (known.added is None or added < known.added)):
                found[key] = Claim(name, library, added, removed, cuda)
    return found


_IDENT = re.compile(r"^[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*$")


def compile_check(hipcc: str, include: Path, library: Library, names: list[str]) -> set[str]:
    """The names a one-line `using ::NAME;` fails for (undeclared), compiled with `hipcc`."""
    if not names:
        return set()
    headers = ["hip/hip_runtime.h"] + ([library.header] if library.key != "hip" else [])
    lines = [f"#include <{h}>" for h in headers]
    for index, name in enumerate(names):
        lines += [
            f"#ifndef {name}" if "::" not in name else "#if 1",
            f"namespace probe_{index} {{ using ::{name}; }}",
            "#endif",
        ]
    with tempfile.TemporaryDirectory(prefix="hp-probe-", dir="/tmp") as scratch:
        source = Path(scratch) / "probe.hip"
        source.write_text("\n".join(lines) + "\n", encoding="utf-8")
        done = subprocess.run(
            [
                hipcc,
                "-fsyntax-only",
                "-x",
                "hip",
                "--offload-arch=gfx90a",
                "-ferror-limit=0",
                "-Wno-deprecated-declarations",
                str(source),
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "HIP_PLATFORM": "amd"},
            check=False,
            errors="replace",
        )
    failed: set[str] = set()
    first_probe = len(headers) + 1  # 1-based line of the first `#ifndef`
    for match in re.finditer(r"probe\.hip:(\d+):\d+: error", done.stderr):
        index = (int(match.group(1)) - first_probe - 1) // 3
        if 0 <= index < len(names):
            failed.add(names[index])
    if done.returncode != 0 and not failed:
        raise RuntimeError(f"{hipcc} failed on the probe file: {done.stderr[-2000:]}")
    return failed


def main(argv: list[str]) -> int:
    args = argv[1:]
    hipccs: dict[str, str] = {}
    mappings = ROOT / "rules" / "mappings"
    write: Path | None = None
    specs: list[str] = []
    while args:
        arg = args.pop(0)
        if arg == "--hipcc" and args:
            include, _, hipcc = args.pop(0).partition("=")
            hipccs[include] = hipcc
        elif arg == "--mappings" and args:
            mappings = Path(args.pop(0))
        elif arg == "--write-verified" and args:
            write = Path(args.pop(0))
        elif arg.startswith("-"):
            print(__doc__, file=sys.stderr)
            return 2
        else:
            specs.append(arg)
    if not specs:
        print(__doc__, file=sys.stderr)
        return 2
    table = MappingTable(mappings, verified=False)
    wanted = claims(table, hand_written(mappings))
    roots = [open_root(spec) for spec in specs]
    # (library, name) -> [(release, present, root label)]
    seen: dict[tuple[str, str], list[tuple[Version, bool, str]]] = defaultdict(list)
    for root in roots:
        libraries = ", ".join(f"{k} {format_version(v)}" for k, v in sorted(root.releases.items()))
        print(f"# {root.label}: {libraries}")
        for library, name in sorted(wanted):
            release = root.releases.get(library)
            if release is None:
                continue
            word = name.split("::")[-1]
            present = word in root.words[library] or any(word in words for words in root.words.values())
            seen[(library, name)].append((release, present, root.label))
        hipcc = hipccs.get(str(root.include)) or hipccs.get(root.label)
        if hipcc:
            for library in sorted(root.releases):
                doubtful = [
                    name
                    for (lib, name), obs in seen.items()
                    if lib == library
                    and obs[-1][2] == root.label
                    and not obs[-1][1]
                    and _claims_at(wanted[(lib, name)], obs[-1][0])
                ]
                confirmed = compile_check(hipcc, root.include, LIBRARIES[library], doubtful)
                for name in doubtful:
                    if name not in confirmed:  # the compile found it: declared through a macro
                        obs = seen[(library, name)]
                        obs[-1] = (obs[-1][0], True, obs[-1][2] + " (compiled)")
    rows: list[tuple[str, str, str, str, str]] = []  # name, first_seen, removed_by, where, spelling
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for (library, name), observations in sorted(seen.items()):
        claim = wanted[(library, name)]
        observations.sort()
        missing = [o for o in observations if not o[1] and _claims_at(claim, o[0])]
        earlier = [
            o
            for o in observations
            if o[1] and not _claims_at(claim, o[0]) and (claim.removed is None or o[0] < claim.removed)
        ]
        present = [o for o in observations if o[1]]
        data = format_version(claim.added) if claim.added else "none"
        for release, _present, label in missing:
            counts[label][0] += 1
            print(
                f"missing\t{library}\t{name}\t(for {claim.cuda})\tdata {data}\t"
                f"{library} {format_version(release)}\t{label}"
            )
        for release, _present, label in earlier:
            counts[label][1] += 1
            print(
                f"earlier\t{library}\t{name}\t(for {claim.cuda})\tdata {data}\t"
                f"{library} {format_version(release)}\t{label}"
            )
        releases = ", ".join(f"{format_version(o[0])}" for o in observations)
        if missing and not present:
            spelled = sorted(
                {
                    w
                    for root in roots
                    for words in root.words.values()
                    for w in words
                    if w.lower() == name.lower() and w != name
                }
            )
            print(
                f"never\t{library}\t{name}\t(for {claim.cuda})\tdata {data}\tdeclared by no measured release"
                + (f"; spelled {', '.join(spelled)}" if spelled else "")
            )
            if len(spelled) == 1:
                first_release = min(
                    root.releases[library]
                    for root in roots
                    if library in root.releases and spelled[0] in root.words[library]
                )
                where = f"the headers spell it {spelled[0]} ({releases}); the tables say {data}"
                rows.append((name, _minor(first_release), "", where, spelled[0]))
            else:
                rows.append(
                    (name, "none", "", f"{library} headers {releases}: not declared; the tables say {data}", "")
                )
            continue
        first = earlier[0] if earlier else None
        if first is None and missing and present and min(o[0] for o in present) > min(o[0] for o in missing):
            last_absent = max(o[0] for o in missing if o[0] < min(p[0] for p in present))
            first = next(o for o in present if o[0] > last_absent)
        gone = [o for o in missing if present and o[0] > max(p[0] for p in present)]
        if first is None and not gone:
            continue
        first_seen = _minor(first[0]) if first else ""
        removed_by = _minor(gone[0][0]) if gone else ""
        seen_text = "; ".join(f"{format_version(o[0])} {'yes' if o[1] else 'no'}" for o in observations)
        rows.append((name, first_seen, removed_by, f"{library} headers: {seen_text}; the tables say {data}", ""))
    for label, (m, e) in counts.items():
        print(f"# {label}: {m} missing, {e} earlier")
    if write is not None:
        _write(write, rows)
    return 0


def _minor(version: Version) -> str:
    """5.2.3 -> '5.2': a name seen in a patch release is taken to be in its minor release, which
    is what hipcc reports (`HIP version: 5.2.21153`) and what --rocm-version 5.2 means."""
    return f"{version[0]}.{version[1]}"


def _claims_at(claim: Claim, release: Version) -> bool:
    """Whether the data says the name exists at this release of its library (a name with no
    release is written for every target, so the data says it always exists)."""
    if claim.added is not None and claim.added > release:
        return False
    return claim.removed is None or claim.removed > release


def _write(path: Path, rows: list[tuple[str, str, str, str, str]]) -> None:
    """Rows in verified_versions.tsv's form, keeping the file's own header comment."""
    header: list[str] = []
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.startswith("#"):
                break
            header.append(line)
    lines = [*header, "name\tfirst_seen\tremoved_by\twhere\tspelling"]
    lines += ["\t".join(row) for row in sorted(rows)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
