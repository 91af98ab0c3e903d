"""HP408: nvcc-only options (`--expt-relaxed-constexpr`, `--extended-lambda`, `-ccbin`,
`-Xcompiler`, ...)."""

from __future__ import annotations

import re

from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._flags import _flags, _report_flag, _shown
from hipify_plus.lint.registry import build_detector

_WHY_NVCC_ONLY = {
    "-ccbin": "hipcc compiles host code with clang (choose it with CXX/HIPCXX)",
    "--compiler-bindir": "hipcc compiles host code with clang (choose it with CXX/HIPCXX)",
    "-Xcudafe": "there is no CUDA front end under hipcc",
}


# HP408
@build_detector(emits=("HP408",))
def nvcc_only_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP408"):
        shown = _shown(flag)
        if flag.name in ("-Xcompiler", "--compiler-options"):
            value = flag.value or ""
            host = [value] if "$" in value else [f for f in re.split(r"[,\s]+", value) if f]
            message = (
                f"`{shown}` wraps host-compiler options for nvcc; hipcc compiles host code "
                "itself and does not know `-Xcompiler`"
            )
            _report_flag(ctx, flag, message, f"Pass `{' '.join(host)}` directly", host)
        elif flag.name in ("--default-stream", "-default-stream"):
            stream = "per-thread" if flag.value == "per-thread" else "legacy"
            spelled = f"-fgpu-default-stream={stream}"
            message = f"`{shown}` is an nvcc option that hipcc rejects; clang spells it `{spelled}`"
            _report_flag(ctx, flag, message, f"Replace with `{spelled}`", [spelled])
        else:
            why = _WHY_NVCC_ONLY.get(flag.name, "clang needs no such switch")
            message = f"`{shown}` is an nvcc-only option that hipcc rejects: {why}"
            _report_flag(ctx, flag, message, f"Remove `{shown}`", [])
