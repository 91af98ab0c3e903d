"""Check what was converted: compile every converted translation unit with hipcc
(`-fsyntax-only` for each target) and give every converted file a status — compiles; fails,
with its first error tied to the finding that explains it; or not checked, and why.

`check_conversion(outcomes, settings)` is the entry point for `convert --check` and the report.
"""

from typing import TYPE_CHECKING

from hipify_plus.check.model import COMPILES, FAILS, NOT_CHECKED, CheckResult, CheckSettings, CompilerMessage, FileCheck

if TYPE_CHECKING:
    from hipify_plus.check.run import check_conversion


def __getattr__(name: str) -> object:
    """`check_conversion` on first use: the compile machinery it brings is not imported by a
    plain `convert` that reads only the model (FAILS, CheckSettings ...)."""
    if name == "check_conversion":
        from hipify_plus.check.run import check_conversion

        return check_conversion
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "COMPILES",
    "FAILS",
    "NOT_CHECKED",
    "CheckResult",
    "CheckSettings",
    "CompilerMessage",
    "FileCheck",
    "check_conversion",
]
