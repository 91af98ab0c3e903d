"""File-system helpers that never leave a half-written file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes, mode: int | None = None, durable: bool = False) -> None:
    """Write to a temporary file beside `path`, then rename it over `path`: readers and an
    interrupted run see the old file or the new one, never half of one. `durable` also
    flushes the data to disk first (for files that are the user's only copy)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".hipify-tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def backup_path(path: Path, suffix: str) -> Path:
    """The first free backup name: file.cu.orig, then file.cu.orig.1, ... (never overwritten)."""
    candidate = path.with_name(path.name + suffix)
    index = 1
    while candidate.exists():
        candidate = path.with_name(f"{path.name}{suffix}.{index}")
        index += 1
    return candidate


def is_within(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True
