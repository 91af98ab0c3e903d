"""Batch conversion: plan outputs, translate files in parallel, write atomically, cache by content.

Names the project defines in one file (a `cudaCheck` macro in a header) are never renamed or
reported in the others. Workers only compute; this process does every write.
"""

from __future__ import annotations

import json
import os
import posixpath
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hipify_plus import __version__
from hipify_plus.data import installation_fingerprint
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.edits import PositionMap
from hipify_plus.filekinds import file_kind
from hipify_plus.files import FoundFile, walk
from hipify_plus.fsutil import (
    DEFAULT_MAX_FILE_SIZE,
    OversizedFile,
    SkipFile,
    UnreadableFile,
    backup_path,
    content_digest,
    copy_atomic,
    input_problem,
    is_within,
    read_source,
    write_atomic,
)
from hipify_plus.include_graph import IncludeGraph, included_sources, includes_a_source
from hipify_plus.pipeline import translate
from hipify_plus.pool import Workers
from hipify_plus.positions import line_diff_edits, place_back
from hipify_plus.source import SourceFile
from hipify_plus.translate.engine import IncludeRenames, TranslateOptions
from hipify_plus.translate.hipify_perl import HipifyPerlError, run_hipify_perl

if TYPE_CHECKING:
    from hipify_plus.source_facts import SourceFacts

CACHE_NAME = ".hipify-plus-cache.json"
RENAMES = {".cu": ".hip"}
BUILD_KINDS = frozenset({"make", "cmake", "setup"})
_BINARY_PROBE = 8192


class ConvertError(Exception):
    """A usage problem found before anything is written."""


@dataclass(frozen=True)
class ConvertSettings:
    options: TranslateOptions
    output: Path | None = None
    in_place: bool = False
    backup_suffix: str = ".orig"
    rename: bool = False
    header_suffix: str | None = None
    copy_others: bool = True
    build_files: bool = True  # convert Makefiles, CMake files and setup.py
    offload_arch: tuple[str, ...] = ("gfx90a",)
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    use_gitignore: bool = True
    use_cache: bool = True
    jobs: int = 0
    hipify_perl: tuple[str, ...] | None = None  # the command, when --engine hipify-perl
    # work out each source's kernels and device lines for the report, from the renamer's parse
    # of it (hipify_plus/source_facts.py; the built-in engine only)
    source_facts: bool = False


@dataclass
class FileOutcome:
    input: str
    output: str | None
    status: str  # changed | unchanged | cached | copied | skipped | error
    diagnostics: list[Diagnostic] = field(default_factory=list)
    message: str = ""
    renamed: int = 0  # CUDA names, headers and launches rewritten in this file
    rewritten: tuple[str, ...] = ()  # the distinct CUDA names among them
    # the output's offsets mapped back to the input's (identity for a file written unchanged)
    positions: PositionMap = field(default_factory=PositionMap, repr=False, compare=False)
    # a `cached` file's output differs from its input (what its status was when it was written)
    cached_changed: bool = False
    facts: SourceFacts | None = field(default=None, repr=False, compare=False)  # with source_facts


@dataclass
class ConvertReport:
    outcomes: list[FileOutcome] = field(default_factory=list)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return [d for o in self.outcomes for d in o.diagnostics]

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)


@dataclass(frozen=True)
class _Planned:
    found: FoundFile
    destination: Path
    cache_key: str  # identity of the input in the cache
    relative: str  # POSIX path below its input root, for rewriting project #includes


# -- planning -------------------------------------------------------------------------------


def _renamed(relative: Path, settings: ConvertSettings) -> Path:
    if settings.rename:
        suffix = relative.suffix.lower()
        if suffix in RENAMES:
            return relative.with_suffix(RENAMES[suffix])
        if suffix == ".cuh" and settings.header_suffix:
            return relative.with_suffix(settings.header_suffix)
    return relative


def plan(
    paths: list[Path], settings: ConvertSettings, on_error: Callable[[Path, str], None] | None = None
) -> tuple[list[_Planned], Path]:
    """Every input with its destination, and the folder that receives everything (cache root).
    Folders that cannot be listed go to `on_error`."""
    for path in paths:
        problem = input_problem(path)
        if problem:
            raise ConvertError(problem)
    if settings.in_place:
        if settings.output is not None:
            raise ConvertError("--in-place and -o/--output cannot be combined")
        if settings.rename:
            raise ConvertError("--rename needs an output folder (-o); it is not done in place")
    elif settings.output is None:
        raise ConvertError("give an output with -o/--output, or convert with --in-place")
    out = settings.output
    multiple = len(paths) > 1 or any(p.is_dir() for p in paths)
    if out is not None:
        for path in paths:
            if path.resolve() == out.resolve():
                raise ConvertError(f"{out}: the output is the input; use --in-place to convert in place")
            if path.is_dir() and is_within(path, out):
                raise ConvertError(f"{out}: the input folder {path} lies inside the output folder")
        if multiple and out.exists() and not out.is_dir():
            raise ConvertError(f"{out}: exists and is not a folder")
    skip = [out] if out is not None else []
    planned: list[_Planned] = []
    seen: dict[Path, Path] = {}
    for found in walk(paths, list(settings.include), list(settings.exclude), settings.use_gitignore, skip, on_error):
        build = settings.build_files and file_kind(found.path.name) in BUILD_KINDS
        if not found.is_source and not build and (settings.in_place or not settings.copy_others):
            continue
        if settings.in_place:
            destination = found.path
        elif not multiple:
            assert out is not None
            destination = out / found.path.name if out.is_dir() else out
            if out.is_dir():
                destination = out / _renamed(Path(found.path.name), settings)
        else:
            assert out is not None
            # several inputs: each folder is mirrored under its own name, a file goes into `out` itself
            base = out / found.root.name if len(paths) > 1 and found.root != found.path else out
            destination = base / _renamed(found.relative, settings)
        other = seen.get(destination)
        if other is not None:
            raise ConvertError(f"{found.path} and {other} would both be written to {destination}")
        seen[destination] = found.path
        relative = found.relative.as_posix() if found.root != found.path else found.path.name
        key = f"{found.root.name}/{relative}" if found.root != found.path else relative
        planned.append(_Planned(found, destination, key, relative))
    if settings.in_place:
        roots = [p if p.is_dir() else p.parent for p in paths]
        cache_root = Path(os.path.commonpath([str(r.resolve()) for r in roots]))
    else:
        assert out is not None
        cache_root = out if multiple or out.is_dir() else out.parent
    return planned, cache_root


# -- workers --------------------------------------------------------------------------------


def _translate_job(
    path: str,
    data: bytes,
    options: TranslateOptions,
    names: frozenset[str],
    hipify_perl: tuple[str, ...] | None,
    facts: bool = False,
) -> dict[str, Any]:
    diagnostics: list[Diagnostic]
    found: dict[str, Any] | None = None
    if hipify_perl is None:
        result = translate(SourceFile(path, data), options, names)
        diagnostics, positions = result.diagnostics, result.positions
        if facts:
            from hipify_plus.source_facts import source_facts

            found = source_facts(path, data, result.tree).to_json()
    else:
        # hipify-perl says nothing about what it changed: a line diff of its output is its round
        # of edits, so that our findings on its output land on the user's lines
        perl = run_hipify_perl(list(hipify_perl), Path(path), data, options.roc, options.hip_launch_syntax)
        result = translate(SourceFile(path, perl), options, names)
        perl_positions, user_source = PositionMap.of_rounds([line_diff_edits(data, perl)]), SourceFile(path, data)
        diagnostics = [place_back(d, perl_positions, user_source) for d in result.diagnostics]
        positions = perl_positions.then(result.positions)
    return {
        "text": result.output,
        "renamed": result.renamed,
        "diagnostics": [_diagnostic_record(d) for d in diagnostics],
        "positions": positions.to_json(),
        "defs": sorted(result.definitions),
        "touched": sorted(result.touched),
        "rewritten": sorted(result.rewritten),
        "names": sorted(names),
        **({"facts": found} if found is not None else {}),
    }


def _diagnostic_record(diagnostic: Diagnostic) -> dict[str, Any]:
    record = diagnostic.to_json()
    record["start"], record["end"] = diagnostic.start, diagnostic.end
    return record


def _guarded_translate(args: tuple[Any, ...]) -> Any:
    """Translate one file; an exception becomes a value so one bad file never stops the others."""
    try:
        return _translate_job(*args)
    except HipifyPerlError as exc:
        return exc
    except Exception as exc:  # noqa: BLE001 - reported per file as an internal error
        return RuntimeError(f"internal error: {type(exc).__name__}: {exc}")


# -- cache ----------------------------------------------------------------------------------


def _settings_key(settings: ConvertSettings) -> str:
    options = asdict(settings.options)
    options.pop("include_renames", None)
    raw = json.dumps(
        {
            "version": __version__,
            "installation": installation_fingerprint(),
            "options": options,
            "engine": list(settings.hipify_perl) if settings.hipify_perl else "builtin",
            "rename": [settings.rename, settings.header_suffix],
            "source_facts": settings.source_facts,
        },
        sort_keys=True,
        default=str,
    )
    return content_digest(raw.encode())


def _load_cache(path: Path) -> dict[str, Any]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(raw, dict) or raw.get("tool") != __version__:
        return {}
    files = raw.get("files")
    return files if isinstance(files, dict) else {}


# -- the command ----------------------------------------------------------------------------


def _read(found: FoundFile, max_size: int) -> bytes | SkipFile:
    """The file's bytes, or why it is skipped."""
    try:
        return read_source(found.path, max_size)
    except SkipFile as exc:
        return exc


def _skipped(item: _Planned, skip: SkipFile, settings: ConvertSettings) -> FileOutcome:
    """A file that is not converted; an over-size one is still copied so the mirrored tree stays
    complete (`output` then names the copy)."""
    display = str(item.found.path)
    if isinstance(skip, UnreadableFile):
        return FileOutcome(display, None, "error", message=str(skip))
    if isinstance(skip, OversizedFile) and not settings.in_place and (item.found.is_source or settings.copy_others):
        try:
            copy_atomic(item.found.path, item.destination)
        except OSError as exc:
            return FileOutcome(
                display, None, "error", message=f"cannot copy to {item.destination}: {exc.strerror or exc}"
            )
        return FileOutcome(display, str(item.destination), "skipped", message=str(skip))
    return FileOutcome(display, None, "skipped", message=str(skip))


def convert(
    paths: list[Path], settings: ConvertSettings, progress: Callable[[int, int], None] | None = None
) -> ConvertReport:
    report = ConvertReport()
    planned, cache_root = plan(
        paths, settings, lambda path, why: report.outcomes.append(FileOutcome(str(path), None, "error", message=why))
    )
    cache_file = cache_root / CACHE_NAME
    cache = _load_cache(cache_file) if settings.use_cache else {}
    new_cache: dict[str, Any] = {}

    sources: list[tuple[_Planned, bytes]] = []
    for item in planned:
        data = _read(item.found, settings.max_file_size)
        display = str(item.found.path)
        if isinstance(data, SkipFile):
            report.outcomes.append(_skipped(item, data, settings))
            continue
        kind = file_kind(item.found.path.name) if settings.build_files else None
        if not item.found.is_source and kind in BUILD_KINDS:
            report.outcomes.append(_convert_build(item, data, kind, settings))
            continue
        if not item.found.is_source:
            _copy(item, data, settings, report)
            continue
        if b"\0" in data[:_BINARY_PROBE]:
            copied = not settings.in_place and _copy(item, data, settings, report, quiet=True)
            report.outcomes.append(
                FileOutcome(display, str(item.destination) if copied else None, "skipped", message="binary file")
            )
            continue
        sources.append((item, data))

    # One pass translates every changed file with only its own definitions; names defined
    # in other files then filter diagnostics, and the rare file that rewrote a name another
    # file defines is translated again with the project's names.
    key = _settings_key(settings)
    hashes = [content_digest(data) for _, data in sources]
    renamed = tuple(
        sorted(
            (item.relative, new)
            for item, _ in sources
            if (new := _renamed(Path(item.relative), settings).as_posix()) != item.relative
        )
    )

    graph: list[IncludeGraph] = []  # built once, on first need (most trees need it for neither use)

    def project_graph() -> IncludeGraph:
        if not graph:
            graph.append(IncludeGraph({item.cache_key: data for item, data in sources}))
        return graph[0]

    as_header = included_sources(project_graph()) if includes_a_source(d for _, d in sources) else set()

    def call(i: int, names: frozenset[str], facts: bool) -> tuple[Any, ...]:
        item, data = sources[i]
        options = settings.options
        if item.cache_key in as_header:
            options = replace(options, included_source=True)
        if renamed:
            folder = posixpath.dirname(item.relative)
            options = replace(options, include_renames=IncludeRenames(renamed, folder))
        return (str(item.found.path), data, options, names, settings.hipify_perl, facts)

    results: dict[int, dict[str, Any]] = {}
    failures: dict[int, str] = {}
    fresh: list[int] = []
    for i, (item, _) in enumerate(sources):
        entry = cache.get(item.cache_key)
        if (
            isinstance(entry, dict)
            and entry.get("input") == hashes[i]
            and entry.get("settings") == key
            and entry.get("destination") == str(item.destination)
            and entry.get("as_header", False) == (item.cache_key in as_header)
            and "positions" in entry
            and _output_matches(item.destination, entry.get("output"))
        ):
            results[i] = entry
        else:
            fresh.append(i)

    with Workers(settings.jobs, [len(sources[i][1]) for i in fresh]) as workers:
        translated = workers.map(_guarded_translate, [call(i, frozenset(), settings.source_facts) for i in fresh])
        for finished, (i, result) in enumerate(zip(fresh, translated, strict=True), start=1):
            if progress is not None:
                progress(finished, len(fresh))
            if isinstance(result, Exception):
                failures[i] = str(result)
            else:
                results[i] = result
        names = _visible_names(sources, results, project_graph)
        again = [
            i for i, r in results.items() if sorted(names[i].intersection(r.get("rewritten", ()))) != r.get("names", [])
        ]
        calls = [call(i, names[i].intersection(results[i]["touched"]), False) for i in again]
        for i, result in zip(again, workers.map(_guarded_translate, calls), strict=True):
            if isinstance(result, Exception):
                failures[i] = str(result)
                results.pop(i)
            else:
                result["defs"] = results[i]["defs"]
                if "facts" in results[i]:  # of the input, which this round read again
                    result["facts"] = results[i]["facts"]
                results[i] = result

    for i, (item, data) in enumerate(sources):
        display = str(item.found.path)
        if i in failures:
            report.outcomes.append(FileOutcome(display, None, "error", message=failures[i]))
            continue
        result = results[i]
        kept = [
            Diagnostic.from_json(r)
            for r in result["diagnostics"]
            if r.get("data", {}).get("identifier") not in names.get(i, ())
        ]
        done = {
            "renamed": result.get("renamed", 0),
            "rewritten": tuple(result.get("rewritten", ())),
            "positions": _positions(result.get("positions")),
            "facts": _facts(result.get("facts")),
        }
        if "text" not in result:  # from the cache, still valid
            outcome = FileOutcome(display, str(item.destination), "cached", kept, **done)
            report.outcomes.append(replace(outcome, cached_changed=result["output"] != result["input"]))
            new_cache[item.cache_key] = result
            continue
        output = result["text"]
        outcome = replace(_write(item, data, output, kept, settings), **done)
        report.outcomes.append(outcome)
        if outcome.status in ("changed", "unchanged"):
            new_cache[item.cache_key] = {
                "input": hashes[i],
                "settings": key,
                "destination": str(item.destination),
                "output": content_digest(output),
                "as_header": item.cache_key in as_header,
                **{
                    k: result[k]
                    for k in ("renamed", "diagnostics", "defs", "touched", "rewritten", "names", "positions", "facts")
                    if k in result
                },
            }

    if settings.use_cache and (new_cache or cache):
        _save_cache(cache_file, new_cache)
    report.outcomes.sort(key=lambda o: o.input)
    return report


def convert_data(path: str, data: bytes, settings: ConvertSettings) -> tuple[bytes, FileOutcome]:
    """One source given as bytes (standard input) and named `path` (its kind and settings): its
    converted text (`data` after an error) and outcome, as a single file converted to an output
    file gives them. Nothing is read or written, nothing cached."""
    result = _guarded_translate((path, data, settings.options, frozenset(), settings.hipify_perl))
    if isinstance(result, Exception):
        return data, FileOutcome(path, None, "error", message=str(result))
    output: bytes = result["text"]
    diagnostics = [Diagnostic.from_json(r) for r in result["diagnostics"]]
    status = "changed" if output != data else "unchanged"
    return output, FileOutcome(
        path,
        "-",
        status,
        diagnostics,
        renamed=result["renamed"],
        rewritten=tuple(result["rewritten"]),
        positions=PositionMap.from_json(result["positions"]),
    )


def _positions(raw: object) -> PositionMap:
    """A translation's position map; a cache entry whose map is damaged maps as the identity
    (its findings are still the cached ones, on the user's bytes)."""
    try:
        return PositionMap.from_json(raw)
    except ValueError:
        return PositionMap()


def _facts(raw: object) -> SourceFacts | None:
    """A job's or a cache entry's source facts (None without, or when damaged)."""
    if raw is None:
        return None
    from hipify_plus.source_facts import SourceFacts

    return SourceFacts.from_json(raw)


def _visible_names(
    sources: list[tuple[_Planned, bytes]], results: dict[int, dict[str, Any]], project_graph: Callable[[], IncludeGraph]
) -> dict[int, frozenset[str]]:
    """Per file, the names the project defines where that file can see them (include_graph.py):
    a shim `typedef int CUdevice;` in one sample is that sample's own, not every file's."""
    defining = {i for i, r in results.items() if r.get("defs")}
    if not defining:
        return {i: frozenset() for i in results}
    keys = [item.cache_key for item, _ in sources]
    visible = project_graph().visible()
    index = {key: i for i, key in enumerate(keys)}
    return {
        i: frozenset(n for key in visible[keys[i]] if index[key] in defining for n in results[index[key]]["defs"])
        for i in results
    }


def _output_matches(destination: Path, digest: str | None) -> bool:
    if digest is None:
        return False
    try:
        return content_digest(destination.read_bytes()) == digest
    except OSError:
        return False


def _write(
    item: _Planned, data: bytes, output: bytes, diagnostics: list[Diagnostic], settings: ConvertSettings
) -> FileOutcome:
    source, destination = item.found.path, item.destination
    changed = output != data
    try:
        if settings.in_place:
            if changed:
                mode = source.stat().st_mode
                backup = backup_path(source, settings.backup_suffix, data)
                if backup is not None:
                    write_atomic(backup, data, mode, durable=True)
                write_atomic(source, output, mode, durable=True)
        else:
            if not (destination.exists() and destination.read_bytes() == output):
                write_atomic(destination, output, _mode(source))
    except OSError as exc:
        return FileOutcome(
            str(source), None, "error", diagnostics, f"cannot write {destination}: {exc.strerror or exc}"
        )
    return FileOutcome(str(source), str(destination), "changed" if changed else "unchanged", diagnostics)


def _mode(path: Path) -> int | None:
    try:
        return path.stat().st_mode
    except OSError:
        return None


def _convert_build(item: _Planned, data: bytes, kind: str, settings: ConvertSettings) -> FileOutcome:
    """A Makefile, CMake file or setup.py: converted in this process (text only, never run)."""
    from hipify_plus.buildsys import convert_build_file
    from hipify_plus.buildsys.model import BuildOptions

    source = SourceFile(str(item.found.path), data)
    conversion = convert_build_file(
        kind, data, BuildOptions(settings.offload_arch, settings.rename, settings.header_suffix)
    )
    output = conversion.output()
    outcome = _write(item, data, output, conversion.diagnostics(source), settings)
    outcome.positions = PositionMap.of_rounds([conversion.replacements])
    for name, content in conversion.extra_files.items():
        extra = item.destination.with_name(name)
        try:
            if not (extra.exists() and extra.read_text(encoding="utf-8") == content):
                write_atomic(extra, content.encode())
        except OSError as exc:
            return FileOutcome(
                str(item.found.path), None, "error", outcome.diagnostics, f"cannot write {extra}: {exc.strerror or exc}"
            )
    return outcome


def _copy(item: _Planned, data: bytes, settings: ConvertSettings, report: ConvertReport, quiet: bool = False) -> bool:
    destination = item.destination
    try:
        if not (destination.exists() and destination.read_bytes() == data):
            write_atomic(destination, data, _mode(item.found.path))
    except OSError as exc:
        report.outcomes.append(
            FileOutcome(
                str(item.found.path), None, "error", message=f"cannot write {destination}: {exc.strerror or exc}"
            )
        )
        return False
    if not quiet:
        report.outcomes.append(FileOutcome(str(item.found.path), str(destination), "copied"))
    return True


def _save_cache(path: Path, files: dict[str, Any]) -> None:
    payload = json.dumps({"tool": __version__, "files": files}, sort_keys=True).encode()
    try:
        write_atomic(path, payload)
    except OSError as exc:
        print(f"warning: cannot write cache {path}: {exc.strerror or exc}", file=sys.stderr)
