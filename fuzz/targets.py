"""Fuzz targets over convert and lint, shared by the atheris runner and a pytest smoke test.

Each target must never raise: any exception is a bug. They also check the cheap invariants
(convert is idempotent; fixes never add a parse error)."""

from __future__ import annotations

from hipify_plus.edits import Applicability
from hipify_plus.lint.engine import lint_and_fix
from hipify_plus.lint.settings import LintSettings
from hipify_plus.parse import error_count, parse
from hipify_plus.pipeline import translate
from hipify_plus.source import SourceFile
from hipify_plus.translate.engine import TranslateOptions

OPTIONS = TranslateOptions(rocm_version=(5, 2, 0), hip_launch_syntax=True)
SETTINGS = LintSettings(unsafe_fixes=True)


def convert_target(data: bytes) -> None:
    once = translate(SourceFile("fuzz.cu", data), OPTIONS).output
    twice = translate(SourceFile("fuzz.cu", once), OPTIONS).output
    if twice != once:
        raise AssertionError("convert is not idempotent on this input")


def lint_target(data: bytes) -> None:
    fixed = lint_and_fix("fuzz.cu", data, SETTINGS, Applicability.UNSAFE)
    if fixed.result.internal_errors:
        raise AssertionError("; ".join(fixed.result.internal_errors))
    if error_count(parse(fixed.data)) > error_count(parse(data)):
        raise AssertionError("fixes added a parse error")


def build_target(data: bytes) -> None:
    from hipify_plus.buildsys import BuildOptions, convert_build_file

    for kind in ("make", "cmake", "setup"):
        convert_build_file(kind, data, BuildOptions(rename=True, header_suffix=".hpp")).output()


def one_input(data: bytes) -> None:
    convert_target(data)
    lint_target(data)
    build_target(data)
