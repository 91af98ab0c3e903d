"""HP413: CMake CUDA-language constructs (`enable_language(CUDA)`, `CUDA_NVCC_FLAGS`,
`$<COMPILE_LANGUAGE:CUDA>`, `CUDA::cudart`)."""

from __future__ import annotations

from hipify_plus.lint.context import BuildContext
from hipify_plus.lint.detectors.build._flags import _analysis, _report_construct
from hipify_plus.lint.registry import build_detector


# HP413
@build_detector(emits=("HP413",))
def cmake_cuda_language(ctx: BuildContext) -> None:
    for construct in _analysis(ctx).constructs:
        if construct.rule == "HP413":
            _report_construct(ctx, construct)
