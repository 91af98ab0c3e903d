"""The report's converted tree, kept between runs under the cache folder
(`report/<digest of the working folder and the paths>/out`), so that a report of a tree that
changed little converts again only the files that changed (convert's own cache in that folder)
and lints again only what they touch (lint/cache.py). One report at a time uses a kept tree
(a lock beside it); another report of the same tree meanwhile, or a cache folder that cannot be
written, works in a scratch folder, as `--no-cache` does."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from hipify_plus.convert import CACHE_NAME, ConvertError
from hipify_plus.fsutil import ScratchUnavailable, make_scratch_folder


@contextlib.contextmanager
def converted_tree(cache_dir: Path | None, paths: list[Path]) -> Iterator[tuple[Path, bool]]:
    """(the folder to convert into, whether it is kept from run to run)."""
    kept = _locked(cache_dir / "report" / _key(paths)) if cache_dir is not None else None
    if kept is not None:
        folder, lock = kept
        try:
            yield folder, True
        finally:
            lock.close()  # releases the lock
        return
    try:
        scratch = make_scratch_folder("hipify-plus-report-")
    except ScratchUnavailable as exc:
        raise ConvertError(str(exc)) from exc
    try:
        output = scratch / "out"
        output.mkdir()
        yield output, False
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _key(paths: list[Path]) -> str:
    text = json.dumps([os.getcwd(), [str(p) for p in paths], [os.path.abspath(p) for p in paths]])
    return hashlib.blake2b(text.encode("utf-8", "surrogateescape"), digest_size=12).hexdigest()


def _locked(folder: Path) -> tuple[Path, BinaryIO] | None:
    """`folder/out` with `folder/lock` held, or None when it is taken or cannot be made."""
    try:
        (folder / "out").mkdir(parents=True, exist_ok=True)
        handle = (folder / "lock").open("ab")
    except OSError:
        return None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return folder / "out", handle


def remove_others(output: Path, written: set[str]) -> None:
    """Delete what an earlier run left in a kept tree that this run did not write (a file since
    removed from the project, or one that no longer converts): the tree is this run's alone."""
    keep = {os.path.abspath(path) for path in written} | {os.path.abspath(output / CACHE_NAME)}
    for folder, _, files in os.walk(output):
        for name in files:
            path = os.path.join(folder, name)
            if os.path.abspath(path) not in keep:
                with contextlib.suppress(OSError):
                    os.unlink(path)
