"""Lint results remembered across runs, as ruff remembers them: a file whose bytes, settings and
tool are the same as last time, and whose project headers (every file the lint looked at,
including the places an include was looked for and not found: `fsutil.note_read`) still have
the stamps they had, gets last time's findings without being linted again.

Entries live under the cache folder in `lint/<installation fingerprint>/`, one per file and
settings; a new hipify-plus (or an edited rule or table) starts a new folder and removes the
others. An entry that cannot be read is a miss; one that cannot be written costs time only.
`lint --no-cache` neither reads nor writes them; `--precise` runs (libclang reads the headers
itself) and `--fix` are never cached."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pickle
import shutil
from dataclasses import fields
from pathlib import Path
from typing import Any

from hipify_plus.data import installation_fingerprint
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.fsutil import content_digest, file_stamp, write_atomic
from hipify_plus.lint.settings import LintSettings

Cached = tuple[list[Diagnostic], list[str]]  # findings, internal errors
Reads = dict[str, tuple[int, int, int] | None]  # path -> its stamp when the lint read it


class LintCache:
    def __init__(self, folder: Path, settings: LintSettings) -> None:
        self.folder = folder / "lint" / installation_fingerprint()
        self._settings = settings_key(settings)
        self._pruned = False

    def _entry(self, display: str) -> Path:
        key = f"{self._settings}\0{os.getcwd()}\0{display}"  # `display` may be relative
        name = hashlib.blake2b(key.encode("utf-8", "surrogateescape"), digest_size=16).hexdigest()
        return self.folder / name[:2] / f"{name}.pickle"

    def get(self, display: str, data: bytes) -> Cached | None:
        """Last time's findings for this file, if everything they came from is unchanged."""
        try:
            with self._entry(display).open("rb") as handle:
                saved = pickle.load(handle)
            if saved["data"] != content_digest(data):
                return None
            if any(file_stamp(path) != stamp for path, stamp in saved["reads"]):
                return None
            diagnostics, internal = saved["diagnostics"], saved["internal"]
        except Exception:  # noqa: BLE001 - a missing, damaged or foreign entry is a miss
            return None
        if not isinstance(diagnostics, list) or not all(isinstance(d, Diagnostic) for d in diagnostics):
            return None
        return diagnostics, list(internal)

    def put(self, display: str, data: bytes, found: Cached, reads: Reads) -> None:
        """Remember one file's findings with the stamps of what its lint read, taken as it read
        them (`fsutil.recording_reads`)."""
        self._prune()
        saved = {
            "data": content_digest(data),
            "reads": sorted(reads.items()),
            "diagnostics": found[0],
            "internal": found[1],
        }
        with contextlib.suppress(OSError, pickle.PicklingError):
            write_atomic(self._entry(display), pickle.dumps(saved, protocol=pickle.HIGHEST_PROTOCOL))

    def _prune(self) -> None:
        """Remove the entries of other installations, once per run that writes."""
        if self._pruned:
            return
        self._pruned = True
        with contextlib.suppress(OSError):
            for other in self.folder.parent.iterdir():
                if other != self.folder and other.is_dir():
                    shutil.rmtree(other, ignore_errors=True)


def settings_key(settings: LintSettings) -> str:
    """The settings as canonical text: sets sorted, paths as text (a set's order and a Path's
    repr are not the same from one process to the next)."""
    return json.dumps({f.name: _canonical(getattr(settings, f.name)) for f in fields(settings)}, sort_keys=True)


def _canonical(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(_canonical(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    return value
