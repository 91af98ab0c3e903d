"""Lint settings: `[tool.hipify-plus]` in pyproject.toml, then command-line overrides.

[tool.hipify-plus]
select = ["HP1", "HP2"]          # ids, prefixes or names; default: every lint rule
ignore = ["HP110"]
unsafe-fixes = false
target-rocm = "6.3"
offload-arch = ["gfx90a", "gfx942"]
min-occupancy = 2                # report/resources: kernels below this many waves/SIMD
max-spills = 0                   # report/resources: kernels with more spilled registers
docs-url = "https://wiki.example.org/hipify-plus/{id}"   # SARIF helpUri of each rule
[tool.hipify-plus.per-file-ignores]
"third_party/**" = ["ALL"]
"""

from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from hipify_plus.registry import matches
from hipify_plus.versions import Version, parse_version, release_of

DEFAULT_ARCHES = ("gfx90a",)
KNOWN_KEYS = {
    "select",
    "ignore",
    "extend-select",
    "per-file-ignores",
    "unsafe-fixes",
    "target-rocm",
    "offload-arch",
    "output-format",
    "exclude",
    "min-occupancy",
    "max-spills",
    "docs-url",
}


class ConfigError(ValueError):
    pass


@dataclass(frozen=True)
class LintSettings:
    select: tuple[str, ...] = ("ALL",)
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    unsafe_fixes: bool = False
    target_rocm: Version = (6, 3, 0)
    arches: tuple[str, ...] = DEFAULT_ARCHES
    exclude: tuple[str, ...] = ()
    output_format: str | None = None
    root: Path | None = None  # folder of the pyproject.toml, for per-file-ignores paths
    # Set by convert for the text it renamed: the code is HIP (rewrites of HIP-side spellings
    # apply without looking for HIP evidence) and its library names are ROC ones if `roc`.
    converted: bool = False
    roc: bool = False
    # Kernel thresholds of the report's kernels section: a kernel below `min_occupancy`
    # waves/SIMD, or with more than `max_spills` spilled VGPRs + SGPRs, is listed first.
    min_occupancy: int = 2
    max_spills: int = 0
    # Where a team hosts the rules' documentation: an absolute URI with `{id}` (and optionally
    # `{name}`) in it, written as each rule's SARIF `helpUri`. None: no helpUri.
    docs_url: str | None = None
    # Macros the project's other files #define (the files a lint run reads; convert's project
    # names): a switch one of them defines is the project's own, not one its build must pass.
    project_macros: frozenset[str] = frozenset()
    # Installed libraries of another release than the target (convert's library_releases):
    # (mapping library, release) pairs; rules about one library's names read its release.
    library_releases: tuple[tuple[str, Version], ...] = ()
    # `--precise`: rules may ask libclang (hipify_plus/parse/clang.py) what the text does not show
    precise: bool = False
    # Flags libclang parses with in that mode: -I/-D for every file, and compile_commands.json's
    # per file (resolved path -> -I/-isystem/-include/-D/-U/-std flags).
    clang_flags: tuple[str, ...] = ()
    clang_file_flags: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def clang_units(self) -> list[tuple[str, tuple[str, ...]]]:
        """compile_commands.json's files with the flags libclang parses each with: the common
        ones, then the file's own."""
        return [(file, (*self.clang_flags, *flags)) for file, flags in self.clang_file_flags]

    def clang_flags_for(self, path: str) -> tuple[str, ...]:
        """The flags libclang parses `path` with (the common ones alone for a file not listed)."""
        resolved = str(Path(path).resolve()) if path else ""
        return next((flags for file, flags in self.clang_units() if file == resolved), self.clang_flags)

    def release_for(self, library: str) -> Version:
        """The release of `library` (a mapping's library: cusolver ...) that the code is built against."""
        return release_of(library, self.library_releases, self.target_rocm)

    def enabled(self, rule_id: str, path: str | None = None) -> bool:
        if not matches(rule_id, self.select) or matches(rule_id, self.ignore):
            return False
        if path is not None and self.per_file_ignores:
            relative = _relative(path, self.root)
            for pattern, codes in self.per_file_ignores:
                if fnmatch.fnmatch(relative, pattern) and matches(rule_id, codes):
                    return False
        return True


def _relative(path: str, root: Path | None) -> str:
    if root is None:
        return Path(path).as_posix()
    try:
        return Path(path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()


def find_config(start: Path) -> Path | None:
    """The nearest pyproject.toml with a [tool.hipify-plus] table, from `start` upwards."""
    folder = start.resolve()
    if folder.is_file():
        folder = folder.parent
    for candidate in [folder, *folder.parents]:
        path = candidate / "pyproject.toml"
        if path.is_file():
            try:
                if "hipify-plus" in tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {}):
                    return path
            except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError):
                return path  # load_config reports it
    return None


def load_config(path: Path) -> dict[str, Any]:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from exc
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror}") from exc
    table = raw.get("tool", {}).get("hipify-plus", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.hipify-plus] must be a table")
    unknown = set(table) - KNOWN_KEYS
    if unknown:
        raise ConfigError(f"{path}: unknown [tool.hipify-plus] keys: {', '.join(sorted(unknown))}")
    return table


def _strings(value: Any, key: str, path: Path | None) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path or 'options'}: {key} must be a list of strings")
    return tuple(value)


def settings_for(config: Path | None, start: Path, **overrides: Any) -> LintSettings:
    """Settings from `--config` (which must exist) or else the nearest pyproject.toml above
    `start`, with command-line overrides (see build_settings). Raises ConfigError."""
    if config is not None and not config.is_file():
        raise ConfigError(f"{config}: no such config file")
    return build_settings(config if config is not None else find_config(start), **overrides)


def build_settings(
    config_path: Path | None,
    *,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    unsafe_fixes: bool | None = None,
    target_rocm: str | None = None,
    arches: list[str] | None = None,
) -> LintSettings:
    table = load_config(config_path) if config_path is not None else {}
    chosen_select = _strings(table.get("select", ["ALL"]), "select", config_path)
    chosen_select += _strings(table.get("extend-select", []), "extend-select", config_path)
    if select:
        chosen_select = tuple(select)
    chosen_ignore = _strings(table.get("ignore", []), "ignore", config_path) + tuple(ignore or ())
    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise ConfigError(f"{config_path}: per-file-ignores must be a table")
    rocm_text = target_rocm or table.get("target-rocm")
    try:
        rocm = parse_version(str(rocm_text)) if rocm_text else None
    except ValueError as exc:
        raise ConfigError(f"target ROCm {rocm_text!r} is not a version such as 6.3") from exc
    if rocm is None:
        from hipify_plus.mappings import newest_rocm

        rocm = newest_rocm()
    chosen_arches = (
        tuple(arches)
        if arches
        else _strings(table.get("offload-arch", list(DEFAULT_ARCHES)), "offload-arch", config_path)
    )
    for arch in chosen_arches:
        if not arch.startswith("gfx"):
            raise ConfigError(f"offload arch {arch!r} is not an AMD target such as gfx90a")
    return LintSettings(
        select=chosen_select,
        ignore=chosen_ignore,
        per_file_ignores=tuple((k, _strings(v, f"per-file-ignores.{k}", config_path)) for k, v in per_file.items()),
        unsafe_fixes=bool(table.get("unsafe-fixes", False)) if unsafe_fixes is None else unsafe_fixes,
        target_rocm=rocm,
        arches=chosen_arches,
        exclude=_strings(table.get("exclude", []), "exclude", config_path),
        output_format=table.get("output-format"),
        root=config_path.parent if config_path is not None else None,
        min_occupancy=_count(table.get("min-occupancy", 2), "min-occupancy", config_path, 1),
        max_spills=_count(table.get("max-spills", 0), "max-spills", config_path, 0),
        docs_url=_docs_url(table.get("docs-url"), config_path),
    )


def _docs_url(value: Any, path: Path | None) -> str | None:
    """`docs-url`: an absolute URI (SARIF's helpUri must be one) with `{id}` where the rule id goes."""
    if value is None:
        return None
    where = path or "options"
    if not isinstance(value, str) or "{id}" not in value:
        raise ConfigError(f"{where}: docs-url must be a string with {{id}} where the rule id goes")
    try:
        example = value.format(id="HP001", name="unsupported-cuda-api")
    except (KeyError, IndexError, ValueError) as exc:
        raise ConfigError(f"{where}: docs-url may use {{id}} and {{name}} only ({exc})") from exc
    parts = urlsplit(example)
    if not parts.scheme or (not parts.netloc and parts.scheme != "file"):
        raise ConfigError(f"{where}: docs-url must be an absolute URI such as https://host/rules/{{id}}")
    return value


def _count(value: Any, key: str, path: Path | None, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ConfigError(f"{path or 'options'}: {key} must be a whole number of at least {least}")
    return value
