"""The translation corpus: every input under corpus/translate with its expected output and
diagnostics; idempotence; and the translated file compiling for gfx90a with Debian's hipcc."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from hipify_plus.mappings import load_mappings
from hipify_plus.pipeline import translate
from hipify_plus.source import SourceFile
from hipify_plus.testing import Fixture, is_expected_output, load_fixture
from hipify_plus.translate.engine import TranslateOptions, project_definitions
from hipify_plus.versions import parse_version

from .conftest import CORPUS, Hipcc

SOURCE_SUFFIXES = {".cu", ".cuh", ".cpp", ".h", ".hpp"}
INPUTS = sorted(
    p for p in (CORPUS / "translate").rglob("*") if p.suffix in SOURCE_SUFFIXES and not is_expected_output(p)
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
        offload_arch=tuple(fixture.settings.get("arch", "gfx90a").split(",")),
    )


def _project_names(path: Path) -> set[str]:
    """Names defined by the fixture's own folder (a fixture folder is one small project)."""
    names: set[str] = set()
    for sibling in path.parent.iterdir():
        if sibling.suffix in SOURCE_SUFFIXES and not is_expected_output(sibling):
            names |= project_definitions(sibling.read_bytes())
    return names


def _translate(path: Path, options: TranslateOptions):
    return translate(SourceFile(str(path), path.read_bytes()), options, _project_names(path))


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
    assert not unexpected and not missing, f"unexpected {sorted(unexpected)}, missing {sorted(missing)}\n{details}"


@pytest.mark.parametrize("path", INPUTS, ids=_id)
def test_translation_is_idempotent(path: Path) -> None:
    fixture = load_fixture(path)
    options = _options(fixture)
    once = _translate(path, options).output
    twice = translate(SourceFile(path.name, once), options, _project_names(path)).output
    assert twice == once


def _library_headers(output: bytes) -> list[str]:
    """ROCm-library headers the translated file includes (hip/ headers come with hipcc)."""
    found = re.findall(rb"^\s*#\s*include\s*<([^>]+)>", output, re.MULTILINE)
    table = load_mappings()
    targets = {h for m in table.headers() for h in (m.hip, m.roc, m.fallback) if h}
    return [
        h.decode() for h in found if (h.decode() in targets or h.startswith(b"thrust/")) and not h.startswith(b"hip/")
    ]


@pytest.mark.hipcc
@pytest.mark.parametrize("path", INPUTS, ids=_id)
def test_translation_compiles_for_gfx90a(path: Path, hipcc: Hipcc, tmp_path: Path) -> None:
    """Translated for the installed hipcc's ROCm, a file compiles unless hipify-plus reported
    an error that explains why not."""
    fixture = load_fixture(path)
    result_version = hipcc.version
    result = _translate(path, _options(fixture, rocm_version=result_version))
    rocblas = hipcc.rocblas_release()
    if rocblas is not None and rocblas < hipcc.version and "rocblas/rocblas.h" in _library_headers(result.output):
        result_version = rocblas  # the release the headers are
        result = _translate(path, _options(fixture, rocm_version=result_version))
    required = [h for h in fixture.settings.get("requires", "").split(",") if h]
    wanted = dict.fromkeys([*_library_headers(result.output), *required])  # each header once, in order
    missing = [h for h in wanted if not hipcc.has_header(h)]
    if missing:
        pytest.skip(f"library headers not installed here: {', '.join(missing)}")
    out = tmp_path / (path.stem + ".hip")
    out.write_bytes(result.output)
    for name in re.findall(rb'^\s*#\s*include\s*"([^"]+)"', result.output, re.MULTILINE):
        header = path.parent / name.decode()
        if header.is_file() and not is_expected_output(header):  # the project's header, converted too
            options = _options(load_fixture(header), rocm_version=result_version)
            (tmp_path / name.decode()).write_bytes(_translate(header, options).output)
    done = hipcc.syntax_check(out, f"-I{path.parent}")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    if done.returncode != 0:
        assert errors, f"compile failed with no error diagnostic to explain it:\n{done.stderr[-4000:]}"
    else:
        assert fixture.settings.get("compile") != "no", "marked compile=no but compiles"
