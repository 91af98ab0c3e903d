"""Check what was converted: compile every converted translation unit with hipcc
(`-fsyntax-only` for each target) and give every converted file a status — compiles; fails,
with its first error tied to the finding that explains it; or not checked, and why.

`check_conversion(outcomes, settings)` is the entry point for `convert --check` and the report.
"""

from hipify_plus.check.model import (
    COMPILES,
    FAILS,
    NOT_CHECKED,
    CheckResult,
    CheckSettings,
    CompilerMessage,
    FileCheck,
)
from hipify_plus.check.run import check_conversion

__all__ = [
    "COMPILES", "FAILS", "NOT_CHECKED", "CheckResult", "CheckSettings", "CompilerMessage", "FileCheck",
    "check_conversion",
]
