"""HP402: `-Xptxas` / `--ptxas-options` passed to nvcc or hipcc."""

from __future__ import annotations

import re

from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._flags import _RESOURCE_REPORT, _flags, _report_flag, _shown
from hipify_plus.lint.detectors.build._model import HIP
from hipify_plus.lint.registry import build_detector


# HP402
@build_detector(emits=("HP402",))
def ptxas_options_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP402"):
        if flag.name == "-Xptxas" and len(flag.words) == 2:
            how = "hipcc ignores `-Xptxas` and reads the next word as its own option"
        else:
            how = "hipcc does not accept it"
        message = f"`{_shown(flag)}` passes options to NVIDIA's ptxas, which the AMD toolchain lacks: {how}"
        verbose = {"-v", "--verbose"} & set(re.split(r"[,\s]+", flag.value or ""))
        if verbose and flag.line.reach == {HIP}:
            message += f"; the AMD resource report is `{_RESOURCE_REPORT}`"
            title = f"Replace with `{_RESOURCE_REPORT}`"
            _report_flag(ctx, flag, message, title, [_RESOURCE_REPORT])
        else:
            _report_flag(ctx, flag, message, f"Remove `{_shown(flag)}`", [])
