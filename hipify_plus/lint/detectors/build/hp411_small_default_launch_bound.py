"""HP411: `--gpu-max-threads-per-block=N` below 1024 lowers every kernel's default launch bound."""

from __future__ import annotations

from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._flags import _flags, _report_flag, _shown
from hipify_plus.lint.registry import build_detector


# HP411
@build_detector(emits=("HP411",))
def small_default_launch_bound(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP411"):
        limit = flag.value
        message = (
            f"`{_shown(flag)}` makes {limit} threads the launch bound of every kernel "
            f"without `__launch_bounds__`: launching one with more than {limit} threads per "
            "block fails (hipErrorLaunchFailure)"
        )
        _report_flag(ctx, flag, message, "", None)
