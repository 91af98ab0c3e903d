"""Which release each installed ROCm library is: its version header, read through the hipcc that
will compile the code (so a wrapper or a chroot answers for itself), and mapped back to a ROCm
release by rules/mappings/library_releases.tsv.

Distributions mix releases: Debian 13 ships hipcc 5.7 with ROCm 5.5's hipSOLVER and hipBLAS.
When convert's target follows the machine, names of such a library are written for the release
it comes from (TranslateOptions.library_releases), so that what convert emits is what the
installed headers declare.

The answer is remembered under the cache folder (`installed/`), keyed by the hipcc (path and
stamp), the environment it reads and the probe; it stands while the stamps of hipcc's include
folders, and of the folders under them that hold the version headers, are unchanged (installing,
upgrading or removing a header changes its folder's). A probe costs 0.2-0.4 s of hipcc; a
remembered answer a few dozen stat calls."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from functools import cache
from pathlib import Path

from hipify_plus.data import mapping_rows
from hipify_plus.fsutil import file_stamp, write_atomic
from hipify_plus.mappings import HIP_LIBRARY_NAMES
from hipify_plus.resources.hipcc import Hipcc, HipccFailed
from hipify_plus.versions import Version, format_version, parse_version

# mapping library -> (version headers, newest spelling first; the macro prefix of its
# Major/Minor/Patch macros, or a single MMmmpp macro)
PROBES: dict[str, tuple[tuple[str, ...], str]] = {
    "cusolver": (("hipsolver/internal/hipsolver-version.h", "hipsolver-version.h"), "hipsolverVersion"),
    "cublas": (("hipblas/hipblas-version.h", "hipblas-version.h"), "hipblasVersion"),
    "cusparse": (("hipsparse/hipsparse-version.h", "hipsparse-version.h"), "hipsparseVersion"),
    "cufft": (("hipfft/hipfft-version.h", "hipfft-version.h"), "hipfftVersion"),
    "curand": (("hiprand/hiprand_version.h", "hiprand_version.h"), "HIPRAND_VERSION"),
    "cublaslt": (("hipblaslt/hipblaslt-version.h",), "hipblasltVersion"),
}
_DEFINE = re.compile(r"^#define (\w+) (\d+)\s*$", re.MULTILINE)


def probe_source() -> str:
    """The text hipcc preprocesses: each library's version header, where it is installed."""
    lines = []
    for headers, _ in PROBES.values():
        for index, header in enumerate(headers):
            lines.append(f"#{'if' if index == 0 else 'elif'} __has_include(<{header}>)\n#include <{header}>")
        lines.append("#endif")
    return "\n".join(lines) + "\n"


def versions_from_macros(text: str) -> dict[str, Version]:
    """Library versions from `hipcc -E -dM` output: mapping library -> (major, minor, patch)."""
    macros = {m.group(1): int(m.group(2)) for m in _DEFINE.finditer(text)}
    found: dict[str, Version] = {}
    for library, (_, prefix) in PROBES.items():
        if prefix.isupper():  # one number, MMmmpp (hipRAND's 201016 is 2.10.16)
            if prefix in macros:
                number = macros[prefix]
                found[library] = (number // 100000, number // 100 % 1000, number % 100)
        elif f"{prefix}Major" in macros and f"{prefix}Minor" in macros:
            found[library] = (macros[f"{prefix}Major"], macros[f"{prefix}Minor"], macros.get(f"{prefix}Patch", 0))
    return found


@cache
def _releases() -> dict[str, list[tuple[Version, Version]]]:
    """mapping library -> [(ROCm release, the library's version in it)], oldest first."""
    table: dict[str, list[tuple[Version, Version]]] = {}
    for library, rocm, version in (row[:3] for row in mapping_rows("library_releases.tsv")):
        table.setdefault(library, []).append((parse_version(rocm), parse_version(version)))
    return {library: sorted(rows) for library, rows in table.items()}


def release_of(library: str, version: Version, target: Version) -> Version | None:
    """The ROCm release an installed library of `version` comes from, when it is not the
    target's: the oldest release that shipped that version (several may have: hipRAND 2.10.16 is
    5.5's to 6.1's), so that no name a later release of it brought is assumed. None when the
    target's own release has this version, or the table does not list the library or the version."""
    rows = _releases().get(library, [])
    shipped = [release for release, have in rows if have == version]
    if not shipped or any(release[:2] == target[:2] for release in shipped):
        return None
    return min(shipped)


def library_words(releases: tuple[tuple[str, Version], ...]) -> str:
    """`; hipSOLVER, hipBLAS as installed: ROCm 5.5` for the summary line ('' when there are none)."""
    if not releases:
        return ""
    by_release: dict[Version, list[str]] = {}
    for library, release in releases:
        by_release.setdefault(release, []).append(HIP_LIBRARY_NAMES.get(library, library))
    parts = [
        f"{', '.join(names)} as installed: ROCm {format_version(release)}" for release, names in by_release.items()
    ]
    return "; " + "; ".join(parts)


def installed_releases(hipcc: Hipcc, target: Version, cache_dir: Path | None = None) -> tuple[tuple[str, Version], ...]:
    """(mapping library, ROCm release) for each installed library whose release is not the target's."""
    found = []
    for library, version in sorted(installed_versions(hipcc, cache_dir).items()):
        release = release_of(library, version, target)
        if release is not None:
            found.append((library, release))
    return tuple(found)


# what hipcc's include search depends on besides its own files
_ENVIRONMENT = re.compile(r"HIP_\w+|HIPCC_\w+|ROCM_\w+|CPATH|C_INCLUDE_PATH|CPLUS_INCLUDE_PATH")


def installed_versions(hipcc: Hipcc, cache_dir: Path | None = None) -> dict[str, Version]:
    """mapping library -> the version its installed version header declares, as hipcc finds it;
    {} when hipcc cannot preprocess. Remembered under `cache_dir` (see the module's note)."""
    entry = cache_dir / "installed" / f"{_probe_key(hipcc)}.json" if cache_dir is not None else None
    if entry is not None:
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            saved = json.loads(entry.read_text(encoding="utf-8"))
            if _stamps([folder for folder, _ in saved["stamps"]]) == saved["stamps"]:
                return {library: (v[0], v[1], v[2]) for library, v in saved["versions"].items()}
    try:
        done = hipcc.preprocess(probe_source(), ["-dM", "-v"])
    except HipccFailed:
        return {}
    if done.returncode != 0:
        return {}
    versions = versions_from_macros(done.stdout)
    folders = _search_folders(done.stderr)
    if entry is not None and folders:  # without hipcc's search list nothing would tell it stale
        payload = {"versions": versions, "stamps": _stamps(_header_folders(folders))}
        with contextlib.suppress(OSError):  # a cache that cannot be written costs time, not correctness
            write_atomic(entry, json.dumps(payload).encode())
    return versions


def _probe_key(hipcc: Hipcc) -> str:
    environment = sorted((k, v) for k, v in os.environ.items() if _ENVIRONMENT.fullmatch(k))
    text = json.dumps([hipcc.path, file_stamp(hipcc.path), environment, probe_source()])
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _search_folders(stderr: str) -> list[str]:
    """The include folders of clang's `-v` listing (indented, after "... search starts here:")."""
    folders, listing = [], False
    for line in stderr.splitlines():
        if line.endswith("search starts here:"):
            listing = True
        elif line.startswith("End of search list."):
            listing = False
        elif listing and line.startswith(" "):
            folders.append(line.strip())
    return folders


def _header_folders(search: list[str]) -> list[str]:
    """Each include folder, and below it each folder on the way to a probed header."""
    below = {""}
    for headers, _ in PROBES.values():
        for header in headers:
            parts = header.split("/")[:-1]
            below.update("/".join(parts[: n + 1]) for n in range(len(parts)))
    return [os.path.join(folder, sub) if sub else folder for folder in search for sub in sorted(below)]


def _stamps(folders: list[str]) -> list[list[object]]:
    """[folder, its stamp (None where there is none)] for each folder, as the entry keeps them."""
    stamps: list[list[object]] = []
    for folder in folders:
        stamp = file_stamp(folder)
        stamps.append([folder, list(stamp) if stamp is not None else None])
    return stamps
