"""HP404: nvcc's `-use_fast_math` / `--use_fast_math` on a CUDA or HIP compiler line."""

from __future__ import annotations

from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._flags import _flags, _report_flag, _shown
from hipify_plus.lint.registry import build_detector


# HP404
@build_detector(emits=("HP404",))
def fast_math_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP404"):
        if flag.name == "-use_fast_math":
            effect = "hipcc reads it as `-u se_fast_math` and builds without fast math"
        else:
            effect = "hipcc rejects it"
        message = f"`{_shown(flag)}` is nvcc's fast-math switch: {effect}"
        _report_flag(ctx, flag, message, "Replace with `-ffast-math`", ["-ffast-math"], "unsafe")
