"""HP409: nvcc's `--resource-usage` / `-res-usage` on a CUDA or HIP compiler line."""

from __future__ import annotations

from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._flags import _RESOURCE_REPORT, _flags, _report_flag, _shown
from hipify_plus.lint.registry import build_detector


# HP409
@build_detector(emits=("HP409",))
def resource_usage_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP409"):
        message = f"`{_shown(flag)}` is rejected by hipcc; the AMD register/LDS/scratch report is `{_RESOURCE_REPORT}`"
        _report_flag(ctx, flag, message, f"Replace with `{_RESOURCE_REPORT}`", [_RESOURCE_REPORT])
