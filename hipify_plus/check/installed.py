"""Which release each installed ROCm library is: its version header, read through the hipcc that
will compile the code (so a wrapper or a chroot answers for itself), and mapped back to a ROCm
release by rules/mappings/library_releases.tsv.

Distributions mix releases: Debian 13 ships hipcc 5.7 with ROCm 5.5's hipSOLVER and hipBLAS.
When convert's target follows the machine, names of such a library are written for the release
it comes from (TranslateOptions.library_releases), so that what convert emits is what the
installed headers declare."""

from __future__ import annotations

import re
from functools import cache

from hipify_plus.data import mapping_rows
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


def installed_releases(hipcc: Hipcc, target: Version) -> tuple[tuple[str, Version], ...]:
    """(mapping library, ROCm release) for each installed library whose release is not the target's."""
    try:
        done = hipcc.run(["-E", "-dM", "-x", "hip", "--cuda-host-only", "-w", "-"], stdin_text=probe_source())
    except HipccFailed:
        return ()
    if done.returncode != 0:
        return ()
    found = []
    for library, version in sorted(versions_from_macros(done.stdout).items()):
        release = release_of(library, version, target)
        if release is not None:
            found.append((library, release))
    return tuple(found)
