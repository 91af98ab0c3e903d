"""ROCm/CUDA version numbers as comparable tuples."""

from __future__ import annotations

import re
from collections.abc import Iterable

Version = tuple[int, int, int]

_VERSION = re.compile(r"^\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?")


def parse_version(text: str) -> Version:
    """'6.2' -> (6, 2, 0). Raises ValueError for text that does not start with a number."""
    match = _VERSION.match(text)
    if not match:
        raise ValueError(f"not a version: {text!r}")
    major, minor, patch = (int(g) if g else 0 for g in match.groups())
    return (major, minor, patch)


def format_version(version: Version) -> str:
    major, minor, patch = version
    return f"{major}.{minor}" if patch == 0 else f"{major}.{minor}.{patch}"


def in_range(version: Version, bound: str) -> bool:
    """Whether `version` lies within `bound`: '' (every release), '>=6.0' or '<6.4'."""
    if not bound:
        return True
    limit = parse_version(bound.lstrip("<>="))
    return version >= limit if bound.startswith(">=") else version < limit


def release_of(library: str, releases: Iterable[tuple[str, Version]], target: Version) -> Version:
    """The release of `library` (a mapping's library: cusolver, cublas ...) among the installed
    `releases` (library, release), else the `target`."""
    return next((release for name, release in releases if name == library), target)
