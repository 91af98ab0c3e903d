"""HP406: nvcc's `-G` (device debug) on a CUDA or HIP compiler line."""

from __future__ import annotations

import re

from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._flags import _flags, _report_flag, _shown
from hipify_plus.lint.registry import build_detector


# HP406
@build_detector(emits=("HP406",))
def device_debug_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP406"):
        words = flag.line.words
        later = words[words.index(flag.words[-1]) + 1 :]
        optimised = any(re.fullmatch(r"-O[1-3sz]?|-Ofast", w.text) for w in later)
        if flag.name == "-G":
            effect = "hipcc reads `-G` as clang's `-G <size>`, which swallows the next argument"
        else:
            effect = "hipcc rejects it"
        message = f"`{_shown(flag)}` is nvcc's device-debug switch: {effect}"
        # a later -O wins in clang, so `-g -O0` would no longer mean an unoptimised debug build
        applicability = "unsafe" if optimised else None
        _report_flag(ctx, flag, message, "Replace with `-g -O0`", ["-g", "-O0"], applicability)
