"""HP407: nvcc's relocatable device code flags (`-rdc=true`, `-dc`, `-dlink`)."""

from __future__ import annotations

from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._flags import _flags, _report_flag, _shown
from hipify_plus.lint.registry import build_detector


# HP407
@build_detector(emits=("HP407",))
def relocatable_device_code_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP407"):
        shown = _shown(flag)
        if flag.name in ("-dlink", "--device-link"):
            message = (
                f"`{shown}` (nvcc's separate device-link step) is ignored by hipcc: with "
                "`-fgpu-rdc` the final `hipcc -fgpu-rdc --hip-link` link does it"
            )
            _report_flag(ctx, flag, message, "", None)
        elif flag.name in ("-dc", "--device-c"):
            message = (
                f"`{shown}` is ignored by hipcc, so the code is not relocatable and extern "
                "`__device__` symbols fail to link"
            )
            _report_flag(ctx, flag, message, "Replace with `-fgpu-rdc -c`", ["-fgpu-rdc", "-c"])
        elif (flag.value or "").lower() in ("false", "0", "no"):
            message = f"`{shown}` is rejected by hipcc (relocatable device code is off by default)"
            _report_flag(ctx, flag, message, f"Remove `{shown}`", [])
        else:
            message = (
                f"`{shown}` is rejected by hipcc; relocatable device code is `-fgpu-rdc` "
                "(and `-fgpu-rdc --hip-link` when linking)"
            )
            _report_flag(ctx, flag, message, "Replace with `-fgpu-rdc`", ["-fgpu-rdc"])
