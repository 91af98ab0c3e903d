"""Finding the files to convert: directory walks, .gitignore, include/exclude globs."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pathspec

SOURCE_SUFFIXES = frozenset(
    {".cu", ".cuh", ".hip", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp", ".hh", ".hxx", ".inl", ".inc"}
)
SKIPPED_DIRS = frozenset({".git", ".hg", ".svn", ".hipify-plus"})


@dataclass(frozen=True)
class FoundFile:
    path: Path  # as found on disk
    root: Path  # the input root it was found under (the file itself for a file argument)
    relative: Path  # path below root ('' parts for a file argument)
    is_source: bool


class _GitIgnores:
    """The .gitignore files met on the way down, each applying below its own folder."""

    def __init__(self) -> None:
        self._specs: dict[Path, pathspec.GitIgnoreSpec | None] = {}
        # (folder, root) -> the (folder, spec) pairs that apply in folder, root's first
        self._chains: dict[tuple[Path, Path], list[tuple[Path, pathspec.GitIgnoreSpec]]] = {}

    def spec_for(self, folder: Path) -> pathspec.GitIgnoreSpec | None:
        if folder not in self._specs:
            ignore = folder / ".gitignore"
            spec = None
            if ignore.is_file():
                import pathspec  # only when the tree has .gitignore files

                try:
                    lines = ignore.read_text(encoding="utf-8", errors="replace").splitlines()
                    spec = pathspec.GitIgnoreSpec.from_lines(lines)
                except (OSError, ValueError):
                    spec = None
            self._specs[folder] = spec
        return self._specs[folder]

    def _chain(self, folder: Path, root: Path) -> list[tuple[Path, pathspec.GitIgnoreSpec]]:
        """The .gitignore files that apply in `folder`: root's, then each folder's below it down
        to `folder` (worked out once per folder: every file of a folder asks)."""
        key = (folder, root)
        chain = self._chains.get(key)
        if chain is None:
            if folder == root or root not in folder.parents:
                chain, spec = [], self.spec_for(root)
                owner = root
            else:
                chain, spec = list(self._chain(folder.parent, root)), self.spec_for(folder)
                owner = folder
            if spec is not None:
                chain.append((owner, spec))
            self._chains[key] = chain
        return chain

    def ignored(self, path: Path, root: Path, is_dir: bool) -> bool:
        for folder, spec in self._chain(path.parent, root):
            rel = path.relative_to(folder).as_posix() + ("/" if is_dir else "")
            if spec.match_file(rel):
                return True
        return False


def _spec(patterns: list[str]) -> pathspec.GitIgnoreSpec | None:
    if not patterns:
        return None
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(patterns)


def walk(
    roots: list[Path],
    include: list[str],
    exclude: list[str],
    use_gitignore: bool = True,
    skip: list[Path] | None = None,
    on_error: Callable[[Path, str], None] | None = None,
) -> Iterator[FoundFile]:
    """Yield files under each root (a root may be a file) in a stable order.

    Symbolic links to folders are not followed (no loops); `skip` folders (the output
    folder when it sits inside the input) are never entered; a folder that cannot be listed
    goes to `on_error` with the reason.
    """
    include_spec = _spec(include)
    exclude_spec = _spec(exclude)
    skipped = {p.resolve() for p in (skip or [])}
    ignores = _GitIgnores()

    def wanted(rel: str) -> bool:
        if include_spec is not None and not include_spec.match_file(rel):
            return False
        return not (exclude_spec is not None and exclude_spec.match_file(rel))

    for root in roots:
        if root.is_file() or (root.is_symlink() and not root.is_dir()):
            yield FoundFile(root, root, Path(root.name), root.suffix.lower() in SOURCE_SUFFIXES)
            continue

        def unlistable(exc: OSError, root: Path = root) -> None:
            if on_error is not None:
                on_error(Path(exc.filename or root), f"cannot read folder: {exc.strerror or exc}")

        for folder, dirnames, filenames in os.walk(root, followlinks=False, onerror=unlistable):
            here = Path(folder)
            kept = []
            for name in sorted(dirnames):
                sub = here / name
                if name in SKIPPED_DIRS or sub.resolve() in skipped:
                    continue
                if use_gitignore and ignores.ignored(sub, root, is_dir=True):
                    continue
                if exclude_spec is not None and exclude_spec.match_file(sub.relative_to(root).as_posix() + "/"):
                    continue
                kept.append(name)
            dirnames[:] = kept
            for name in sorted(filenames):
                path = here / name
                rel = path.relative_to(root)
                if use_gitignore and ignores.ignored(path, root, is_dir=False):
                    continue
                if not wanted(rel.as_posix()):
                    continue
                yield FoundFile(path, root, rel, path.suffix.lower() in SOURCE_SUFFIXES)
