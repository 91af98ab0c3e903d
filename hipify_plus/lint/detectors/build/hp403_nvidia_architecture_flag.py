"""HP403: NVIDIA GPU architecture selected (`-arch=sm_XX`, `-gencode`, `CUDA_ARCHITECTURES`)."""

from __future__ import annotations

from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._flags import _analysis, _flags, _report_construct, _report_flag, _shown
from hipify_plus.lint.registry import build_detector


# HP403
@build_detector(emits=("HP403",))
def nvidia_architecture_flag(ctx: BuildContext) -> None:
    for flag in _flags(ctx, "HP403"):
        effect = "hipcc ignores it" if flag.name == "-arch" else "hipcc rejects it"
        message = f"`{_shown(flag)}` selects an NVIDIA GPU architecture: {effect}, and no AMD target is chosen"
        if flag.replacement:
            title = f"Replace with `{' '.join(flag.replacement)}`"
            _report_flag(ctx, flag, message, title, flag.replacement)
        elif flag.replacement is None:
            title = f"Remove `{_shown(flag)}` (the line already names an AMD target)"
            _report_flag(ctx, flag, message, title, [])
        else:
            title = f"Remove `{_shown(flag)}` (the line's first arch flag becomes `--offload-arch`)"
            _report_flag(ctx, flag, message, title, [])
    for construct in _analysis(ctx).constructs:
        if construct.rule == "HP403":
            _report_construct(ctx, construct)
