"""File-system helpers that never leave a half-written file behind."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path


class ScratchUnavailable(RuntimeError):
    """No scratch folder can be made where TMPDIR (or the system) says; the message says where
    and why."""


def make_scratch_folder(prefix: str) -> Path:
    """A new private folder for scratch files, under TMPDIR or the system's temporary folder; the
    caller removes it. Raises ScratchUnavailable when none can be made there."""
    try:
        return Path(tempfile.mkdtemp(prefix=prefix))
    except OSError as exc:
        where = tempfile.gettempdir()
        raise ScratchUnavailable(
            f"cannot make a scratch folder in {where} ({exc.strerror or exc}): set TMPDIR to a folder you can write"
        ) from exc


@contextlib.contextmanager
def scratch_folder(prefix: str) -> Iterator[Path]:
    """`make_scratch_folder`, removed with what it holds when the block ends."""
    folder = make_scratch_folder(prefix)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


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
        os.chmod(tmp, (mode if mode is not None else _mode_for(path)) & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        _remove_quietly(tmp)
        raise


def _mode_for(path: Path) -> int:
    """The mode a plain write would give: the file's own if it exists, else 0o666 less the umask
    (mkstemp's 0o600 would hide a new report or cache from the user's group)."""
    try:
        return path.stat().st_mode
    except OSError:
        return 0o666 & ~_UMASK


def _read_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# Read once, at import (in the main thread): reading the umask means setting it for a moment.
_UMASK = _read_umask()


def _remove_quietly(path: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def copy_atomic(source: Path, destination: Path) -> None:
    """Copy a (possibly large) file without reading it into memory, atomically."""
    import shutil

    destination.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{destination.name}.", suffix=".hipify-tmp", dir=destination.parent)
    os.close(fd)
    try:
        shutil.copyfile(source, tmp)
        shutil.copymode(source, tmp)
        os.replace(tmp, destination)
    except BaseException:
        _remove_quietly(tmp)
        raise


def backup_path(path: Path, suffix: str, data: bytes | None = None) -> Path | None:
    """The first free backup name: file.cu.orig, then file.cu.orig.1, ... (never overwritten).
    None when an existing backup already holds exactly `data` (an interrupted run made it)."""
    candidate = path.with_name(path.name + suffix)
    index = 1
    while candidate.exists():
        if data is not None:
            try:
                if candidate.stat().st_size == len(data) and candidate.read_bytes() == data:
                    return None
            except OSError:
                pass
        candidate = path.with_name(f"{path.name}{suffix}.{index}")
        index += 1
    return candidate


def is_within(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True


DEFAULT_MAX_FILE_SIZE = 20 * 1024 * 1024


def input_problem(path: Path) -> str | None:
    """Why a path named on the command line cannot be used, or None. A dangling link is
    usable here (it is reported when it is read); a folder that cannot be entered is not."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return f"{path}: no such file or directory"
    except OSError as exc:
        return f"{path}: cannot read: {exc.strerror or exc}"
    return None


class SkipFile(Exception):
    """A file that is left alone, with the reason (one line, shown as a warning)."""


class UnreadableFile(SkipFile):
    """A file that cannot be read at all (missing, dangling link, no permission): an error."""


class OversizedFile(SkipFile):
    """A file over the size limit: left as it is (convert copies it unchanged)."""


def read_source(path: Path, max_size: int = DEFAULT_MAX_FILE_SIZE) -> bytes:
    """Read a regular file of at most `max_size` bytes. Raises SkipFile for a FIFO, socket or
    device (reading one could block forever), a file over the limit, or an unreadable file."""
    import stat

    try:
        info = path.stat()
    except OSError as exc:
        raise UnreadableFile(f"cannot read: {exc.strerror or exc}") from exc
    if stat.S_ISDIR(info.st_mode):
        raise SkipFile("is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise SkipFile("not a regular file (FIFO, socket or device)")
    if info.st_size > max_size:
        raise OversizedFile(
            f"{_megabytes(info.st_size)} MB is over the {_megabytes(max_size)} MB limit (--max-file-size)"
        )
    try:
        return path.read_bytes()
    except OSError as exc:
        raise UnreadableFile(f"cannot read: {exc.strerror or exc}") from exc


def _megabytes(size: int) -> str:
    return f"{size / 2**20:.2f}".rstrip("0").rstrip(".")


def default_cache_dir() -> Path:
    """Where compile results are cached across runs: $XDG_CACHE_HOME/hipify-plus, else
    ~/.cache/hipify-plus (the only place a command writes outside its output)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hipify-plus"


# Files a lint looks at besides the one it lints (project headers, and the places an include
# was looked for and not found): the lint cache (lint/cache.py) keeps their stamps beside a
# result, which stands only while they are unchanged. Every reader of another file notes it
# here, whether its own per-process cache answers or the disk does, before it reads.
_READS: list[dict[str, tuple[int, int, int] | None]] = []


def note_read(path: str) -> None:
    """Record that the running lint looks at `path`, with its stamp as it is now (nothing when
    none is recording): a file that changes while it is read fails the next check."""
    if _READS and path not in _READS[-1]:
        _READS[-1][path] = file_stamp(path)


@contextlib.contextmanager
def recording_reads() -> Iterator[dict[str, tuple[int, int, int] | None]]:
    """The paths `note_read` is given while the block runs, with their stamps."""
    reads: dict[str, tuple[int, int, int] | None] = {}
    _READS.append(reads)
    try:
        yield reads
    finally:
        _READS.pop()


def content_digest(data: bytes) -> str:
    """A digest of a file's bytes, for caches to tell whether it changed."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def file_stamp(path: str) -> tuple[int, int, int] | None:
    """(modification time, size, inode) of the file `path` names, following links; None when
    there is none."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    return (status.st_mtime_ns, status.st_size, status.st_ino)
