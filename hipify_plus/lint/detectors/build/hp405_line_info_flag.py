"""HP405: nvcc's `-lineinfo` / `--generate-line-info` on a CUDA or HIP compiler line."""

from __future__ import annotations

from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._flags import _flags, _report_flag, _shown
from hipify_plus.lint.registry import build_detector


# HP405
@build_detector(emits=("HP405",))
def line_info_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP405"):
        if flag.name == "-lineinfo":
            effect = "hipcc reads it as `-l ineinfo`, so linking fails with 'cannot find -lineinfo'"
        else:
            effect = "hipcc rejects it"
        message = f"`{_shown(flag)}` asks nvcc for device line tables: {effect}"
        title = "Replace with `-gline-tables-only`"
        _report_flag(ctx, flag, message, title, ["-gline-tables-only"])
