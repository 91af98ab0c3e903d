"""The lint corpus: corpus/lint/<family>/ files carry `expect:` annotations (strict) and sit
beside their `.fixed` output; fixing converges, is idempotent and never adds a parse error."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from hipify_plus.edits import Applicability
from hipify_plus.lint.engine import file_kind, lint, lint_and_fix
from hipify_plus.lint.settings import LintSettings
from hipify_plus.parse.clang import unavailable as clang_unavailable
from hipify_plus.registry import all_rules
from hipify_plus.testing import PRECISE, Fixture, is_expected_output, load_fixture
from hipify_plus.versions import parse_version

from .conftest import CORPUS

LINT = CORPUS / "lint"
INPUTS = sorted(
    p for p in LINT.rglob("*") if p.is_file() and file_kind(p.name) is not None and not is_expected_output(p)
)


def _id(path: Path) -> str:
    return path.relative_to(LINT).as_posix()


def family_of(path: Path) -> str:
    return path.relative_to(LINT).parts[0]


def settings_for(fixture: Fixture, precise: bool = False) -> LintSettings:
    family = family_of(fixture.path)
    default = tuple(sorted(r.id for r in all_rules().values() if r.family in (family, "meta")))
    select = tuple(fixture.settings["select"].split(",")) if "select" in fixture.settings else default
    return LintSettings(
        select=select,
        unsafe_fixes=fixture.flag("unsafe-fixes"),
        target_rocm=parse_version(fixture.settings.get("rocm-version", "6.3")),
        arches=tuple(fixture.settings.get("arch", "gfx90a").split(",")),
        precise=precise,
        converted=fixture.flag("converted"),
    )


def minimum(fixture: Fixture) -> Applicability:
    return Applicability.UNSAFE if fixture.flag("unsafe-fixes") else Applicability.SAFE


def test_lint_corpus_is_not_empty() -> None:
    assert INPUTS


CLANG_MISSING = clang_unavailable()
PRECISE_INPUTS = [p for p in INPUTS if PRECISE.search(p.read_bytes())]
MODES = [
    pytest.param(False, id="text"),
    pytest.param(True, id="precise", marks=pytest.mark.skipif(CLANG_MISSING is not None, reason=str(CLANG_MISSING))),
]


@pytest.mark.parametrize("precise", MODES)
@pytest.mark.parametrize("path", INPUTS, ids=_id)
def test_diagnostics_match_annotations(path: Path, precise: bool) -> None:
    """Every fixture in both modes: the text alone, and with libclang's answers (`precise:` lines)."""
    fixture = load_fixture(path)
    result = lint(str(path), path.read_bytes(), settings_for(fixture, precise))
    assert not result.internal_errors
    found = Counter((d.line, d.rule) for d in result.diagnostics)
    wanted = fixture.expected + fixture.precise if precise else fixture.expected
    unexpected, missing = found - wanted, wanted - found
    details = "\n".join(f"{path.name}:{d.line}:{d.column}: {d.rule} {d.message}" for d in result.diagnostics)
    assert not unexpected and not missing, f"unexpected {sorted(unexpected)}, missing {sorted(missing)}\n{details}"
    assert not {(line, rule) for line, rule in found} & fixture.ok


@pytest.mark.parametrize("path", INPUTS, ids=_id)
def test_fixes_match_fixed_file_and_converge(path: Path, update_corpus: bool) -> None:
    _check_fixes(path, False, update_corpus)


@pytest.mark.skipif(CLANG_MISSING is not None, reason=str(CLANG_MISSING))
@pytest.mark.parametrize("path", PRECISE_INPUTS, ids=_id)
def test_precise_fixes_match_their_fixed_file(path: Path, update_corpus: bool) -> None:
    """Fixtures with `precise:` findings: their fixes with --precise, in x.precise.fixed.cu."""
    _check_fixes(path, True, update_corpus)


def _check_fixes(path: Path, precise: bool, update_corpus: bool) -> None:
    fixture = load_fixture(path)
    settings = settings_for(fixture, precise)
    data = path.read_bytes()
    outcome = lint_and_fix(str(path), data, settings, minimum(fixture))
    assert outcome.stopped == ""
    expected = fixture.precise_fixed_output if precise else fixture.fixed_output
    if outcome.data == data:
        assert not expected.exists(), f"{expected.name} exists but no fix applies"
        return
    if update_corpus:
        expected.write_bytes(outcome.data)
    assert expected.exists(), f"fixes change {path.name}: run pytest --update-corpus, then review {expected.name}"
    assert outcome.data.decode("utf-8", "replace") == expected.read_text(encoding="utf-8", errors="replace")
    again = lint_and_fix(str(path), outcome.data, settings, minimum(fixture))
    assert again.data == outcome.data and again.applied == 0
