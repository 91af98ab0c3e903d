"""Compiler flags that matter for compiling a project's files elsewhere: -I/-isystem/-include/
-D/-U/-std from `compile_commands.json`, and include folders moved to the converted copy of the
tree. Shared by `resources` and the compile check."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path


class CompileCommandsError(ValueError):
    """A compile_commands.json that cannot be used at all (unreadable, not a list)."""


def compile_command_flags(database: Path | None) -> tuple[dict[str, list[str]], list[str]]:
    """-I, -isystem, -include, -D, -U and -std flags per file from compile_commands.json, and a
    message for each entry that could not be read (the other entries still count)."""
    if database is None:
        return {}, []
    try:
        entries = json.loads(database.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise CompileCommandsError(
            f"{database}: not a compile_commands.json: {getattr(exc, 'strerror', None) or exc}"
        ) from exc
    if not isinstance(entries, list):
        raise CompileCommandsError(f"{database}: not a compile_commands.json: expected a JSON list of entries")
    found: dict[str, list[str]] = {}
    problems: list[str] = []
    for number, entry in enumerate(entries, 1):
        try:
            directory, args, file = _read_entry(entry)
        except (KeyError, TypeError, ValueError) as exc:
            problems.append(f"{database}: entry {number} skipped: {exc}")
            continue
        found[str(file)] = _useful_flags(args[1:], directory)
    return found, problems


def _read_entry(entry: object) -> tuple[Path, list[str], Path]:
    if not isinstance(entry, dict):
        raise TypeError("not a JSON object")
    directory = entry.get("directory", ".")
    file = entry.get("file")
    if not isinstance(directory, str) or not isinstance(file, str):
        raise TypeError('"directory" and "file" must be strings')
    arguments = entry.get("arguments")
    if arguments is None:
        if not isinstance(entry.get("command"), str):
            raise ValueError('no "arguments" and no "command"')
        arguments = shlex.split(entry["command"])  # ValueError on unbalanced quotes
    if not isinstance(arguments, list) or not all(isinstance(a, str) for a in arguments):
        raise TypeError('"arguments" must be a list of strings')
    return Path(directory), arguments, (Path(directory) / file).resolve()


def _useful_flags(args: list[str], directory: Path) -> list[str]:
    flags: list[str] = []
    items = iter(args)
    for arg in items:
        if arg in ("-I", "-isystem", "-D", "-U", "-include"):
            value = next(items, "")
            value = str((directory / value).resolve()) if arg in ("-I", "-isystem", "-include") else value
            flags += [arg, value]
        elif arg.startswith(("-I", "-isystem")):
            prefix = "-isystem" if arg.startswith("-isystem") else "-I"
            flags.append(prefix + str((directory / arg[len(prefix) :]).resolve()))
        elif arg.startswith(("-D", "-U", "-std=")):
            flags.append(arg)
    return flags


def map_include(flag: str, folder_map: Callable[[Path], Path | None]) -> str:
    """`-Ifolder`/`-isystemfolder` with the folder replaced by `folder_map(folder)` (the converted
    copy of an input folder); other flags, and folders the map does not know, stay as they are."""
    for prefix in ("-isystem", "-I"):
        if flag.startswith(prefix) and len(flag) > len(prefix):
            mapped = folder_map(Path(flag[len(prefix) :]).resolve())
            return flag if mapped is None else prefix + str(mapped)
    return flag
