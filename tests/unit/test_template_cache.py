"""Compiled templates are kept in the cache folder (templates.py `_compiled_templates`): a
second process renders from them, and a damaged entry or a folder that cannot be written
changes nothing but the time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RENDER = (
    "from hipify_plus.templates import render\n"
    "print(render('launch/hip_launch_kernel_ggl.j2', kernel='k', grid='g', block='b', shared_mem='0',"
    " stream='0', args='x').decode())\n"
)


def _render(cache_home: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", RENDER],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"XDG_CACHE_HOME": str(cache_home), "PATH": "/usr/bin:/bin"},
    )
    return done.stdout


def test_compiled_template_is_kept_and_reused(tmp_path: Path) -> None:
    first = _render(tmp_path)
    assert "hipLaunchKernelGGL(k" in first
    kept = sorted((tmp_path / "hipify-plus" / "templates").rglob("*.code"))
    assert len(kept) == 1
    stamp = kept[0].stat().st_mtime_ns
    assert _render(tmp_path) == first
    assert kept[0].stat().st_mtime_ns == stamp  # read, not written again


def test_damaged_entry_is_compiled_again(tmp_path: Path) -> None:
    first = _render(tmp_path)
    (entry,) = (tmp_path / "hipify-plus" / "templates").rglob("*.code")
    entry.write_bytes(b"not a compiled template")
    assert _render(tmp_path) == first
    assert entry.read_bytes() != b"not a compiled template"


def test_unwritable_cache_folder_still_renders(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder would be")
    assert "hipLaunchKernelGGL(k" in _render(blocker)
