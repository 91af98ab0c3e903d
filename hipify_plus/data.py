"""Where the data folders (rules/, templates/) are: inside an installed wheel or the checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """`rules` or `templates`: hipify_plus/_data/<name> in a wheel, <checkout>/<name> otherwise."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"hipify-plus data folder '{name}' is missing from the installation")


def mapping_rows(name: str) -> list[list[str]]:
    """The rows of a hand-written table in rules/mappings, split on tabs: `#` comment lines,
    blank lines and the header row (the first other line) left out."""
    path = data_dir("rules") / "mappings" / name
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line.strip() and not line.startswith("#")][1:]


@cache
def installation_fingerprint() -> str:
    """A digest of the code and data this process translates with (every file's name, size and
    modification time under the package, rules/ and templates/): caches of converted output key
    on it, so that editing a rule or a table, not only a new release, invalidates them."""
    import hashlib
    import os

    digest = hashlib.blake2b(digest_size=16)
    for root in (_PACKAGE, data_dir("rules"), data_dir("templates")):
        for folder, folders, files in os.walk(root):
            folders[:] = sorted(f for f in folders if f != "__pycache__")
            for name in sorted(files):
                stat = os.stat(os.path.join(folder, name))
                digest.update(f"{folder}/{name}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()
