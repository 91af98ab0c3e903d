"""The translation corpus: every input under corpus/translate with its expected output and
diagnostics; idempotence; and the translated file compiling for gfx90a with Debian's hipcc."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from hipify_plus.mappings import load_mappings
from hipify_plus.source import SourceFile
from hipify_plus.testing import Fixture, is_expected_output, load_fixture
from hipify_plus.translate.engine import TranslateOptions, project_definitions, translate
from hipify_plus.versions import parse_version

from .conftest import CORPUS, Hipcc

SOURCE_SUFFIXES = {".cu", ".cuh", ".cpp", ".h", ".hpp"}
INPUTS = sorted(
    p for p in (CORPUS / "translate").rglob("*")
    if p.suffix in SOURCE_SUFFIXES and not is_expected_output(p)
)


def _options(fixture: Fixture, rocm_version: tuple[int, int, int] | None = None) -> TranslateOptions:
    version = rocm_version or (
        parse_version(fixture.settings["rocm-version"])
        if "rocm-version" in fixture.settings
        else load_mappings().newest_rocm
    )
    return TranslateOptions(
        rocm_version=version,
        roc=fixture.flag("roc"),
        hip_launch_syntax=fixture.flag("hip-launch-syntax"),
        in_comments=fixture.flag("in-comments"),
        in_strings=fixture.flag("in-strings"),
    )


def _project_names(path: Path) -> set[str]:
    """Names defined by the fixture's own folder (a fixture folder is one small project)."""
    names: set[str] = set()
    for sibling in path.parent.iterdir():
        if sibling.suffix in SOURCE_SUFFIXES and not is_expected_output(sibling):
            names |= project_definitions(sibling.read_bytes())
    return names


def _translate(path: Path, options: TranslateOptions):
    return translate(SourceFile(path.name, path.read_bytes()), options, _project_names(path))


def _id(path: Path) -> str:
    return path.relative_to(CORPUS).as_posix()


def test_corpus_is_not_empty() -> None:
    assert len(INPUTS) >= 20


@pytest.mark.parametrize("path", INPUTS, ids=_id)
def test_translation_matches_expected(path: Path, update_corpus: bool) -> None:
    fixture = load_fixture(path)
    result = _translate(path, _options(fixture))
    expected_file = fixture.expected_output
    if update_corpus:
        expected_file.write_bytes(result.output)
    assert expected_file.exists(), f"missing {expected_file}: run pytest --update-corpus and review"
    assert result.output.decode() == expected_file.read_text(encoding="utf-8")

    found = Counter((d.line, d.rule) for d in result.diagnostics)
    unexpected = found - fixture.expected
    missing = fixture.expected - found
    details = "\n".join(f"{path.name}:{d.line}: {d.rule} {d.message}" for d in result.diagnostics)
    assert not unexpected and not missing, (
        f"unexpected {sorted(unexpected)}, missing {sorted(missing)}\n{details}"
    )


@pytest.mark.parametrize("path", INPUTS, ids=_id)
def test_translation_is_idempotent(path: Path) -> None:
    fixture = load_fixture(path)
    options = _options(fixture)
    once = _translate(path, options).output
    twice = translate(SourceFile(path.name, once), options, _project_names(path)).output
    assert twice == once


COMPILABLE = [p for p in INPUTS if load_fixture(p).settings.get("compile", "yes") != "no"]


@pytest.mark.hipcc
@pytest.mark.parametrize("path", COMPILABLE, ids=_id)
def test_translation_compiles_for_gfx90a(path: Path, hipcc: Hipcc, tmp_path: Path) -> None:
    fixture = load_fixture(path)
    for header in filter(None, fixture.settings.get("requires", "").split(",")):
        if not hipcc.has_header(header):
            pytest.skip(f"{header} is not installed on this machine")
    result = _translate(path, _options(fixture, rocm_version=hipcc.version))
    out = tmp_path / (path.stem + ".hip")
    out.write_bytes(result.output)
    done = hipcc.syntax_check(out, f"-I{path.parent}")
    assert done.returncode == 0, done.stderr[-4000:]
