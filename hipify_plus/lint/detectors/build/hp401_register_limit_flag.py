"""HP401: `-maxrregcount` / `--maxrregcount` on a CUDA or HIP compiler command line."""

from __future__ import annotations

from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._flags import _flags, _report_flag, _shown
from hipify_plus.lint.registry import build_detector


# HP401
@build_detector(emits=("HP401",))
def register_limit_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP401"):
        message = (
            f"`{_shown(flag)}` is an nvcc option that hipcc rejects; cap registers per "
            "kernel with `__launch_bounds__` instead"
        )
        _report_flag(ctx, flag, message, f"Remove `{_shown(flag)}`", [])
