"""Paths as the report shows them: relative to the folder given (or, for files or several inputs,
to the repository root that holds them all, else their common folder), and long names shortened
in the middle, so the end of a path (the file name) or of a kernel's signature stays readable."""

from __future__ import annotations

import os
import re
from pathlib import Path

from hipify_plus.quoting import ELLIPSIS


def report_root(paths: list[Path]) -> Path:
    """One folder given: that folder. Otherwise the git work tree holding every input, else the
    inputs' common folder."""
    resolved = [Path(os.path.abspath(p)) for p in paths]
    if not resolved:
        return Path.cwd()
    if len(resolved) == 1 and resolved[0].is_dir():
        return resolved[0]
    folders = [p if p.is_dir() else p.parent for p in resolved]
    common = Path(os.path.commonpath([str(f) for f in folders]))
    for folder in (common, *common.parents):
        if (folder / ".git").exists():
            return folder
    return common


def root_label(root: str) -> str:
    """The root as the report names it: relative to the working folder when inside it."""
    try:
        relative = Path(root).relative_to(Path.cwd())
    except ValueError:
        return root
    return relative.as_posix() if str(relative) != "." else "."


def display_path(path: str, root: str) -> str:
    """`path` relative to `root` (posix), or as given when it lies outside."""
    if not root:
        return path
    try:
        relative = Path(os.path.abspath(path)).relative_to(root)
    except ValueError:
        return path
    text = relative.as_posix()
    return text if text != "." else Path(path).name


def relative_text(text: str, root: str) -> str:
    """Paths under `root` inside a message (a compiler's error, a reason) relative to it, as the
    report's tables show them: `through /abs/root/src/k.cu: ...` -> `through src/k.cu: ...`."""
    folder = root.rstrip("/")
    if not folder or not os.path.isabs(folder):
        return text
    return re.sub(r"(?<![\w.~/-])" + re.escape(folder) + r"/(?=[^\s/])", "", text)


def sarif_root(paths: list[str]) -> Path:
    """The folder a SARIF log's relative URIs start from, for findings in these files: the git
    work tree holding them all, else the working folder when it holds them all, else the folder
    they share."""
    files = [Path(os.path.abspath(p)) for p in paths]
    here = Path.cwd()
    if not files:
        return here
    common = Path(os.path.commonpath([str(f.parent) for f in files]))
    for folder in (common, *common.parents):
        if (folder / ".git").exists():
            return folder
    return here if common.is_relative_to(here) else common


def shorten(text: object, width: int = 60) -> str:
    """`text` in at most `width` characters, cut in the middle: a path keeps its file name and as
    many of the folders before it as fit in two thirds of the width; other text keeps its start
    and its end."""
    value = str(text)
    if width < 8 or len(value) <= width:
        return value
    budget = width - 1 - max(4, width // 3)
    tails = [len(value) - i for i, char in enumerate(value) if char == "/" and 0 < len(value) - i <= budget]
    tail = max(tails) if tails else (width - 1) // 2
    head = width - 1 - tail
    return value[:head] + ELLIPSIS + value[len(value) - tail :]
