"""HP410: `-mwavefrontsize64` while an RDNA (gfx10+) target is built."""

from __future__ import annotations

from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._flags import _flags, _report_flag
from hipify_plus.lint.registry import build_detector


# HP410
@build_detector(emits=("HP410",))
def wavefront64_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP410"):
        message = (
            "`-mwavefrontsize64` forces 64-lane wavefronts on RDNA (gfx10 and later), which "
            "the HIP runtime does not support"
        )
        _report_flag(ctx, flag, message, "Remove `-mwavefrontsize64`", [], "safe")
