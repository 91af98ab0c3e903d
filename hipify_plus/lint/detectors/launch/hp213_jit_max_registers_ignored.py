"""HP213: JIT max-register option is ignored on AMD."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import file_detector

JIT_MAX_REGISTERS = frozenset(
    {
        "hipJitOptionMaxRegisters",
        "CU_JIT_MAX_REGISTERS",
        "cudaJitMaxRegisters",
        "HIPRTC_JIT_MAX_REGISTERS",
        "hiprtcJitMaxRegisters",
    }
)


# HP213
@file_detector(emits=("HP213",), names=tuple(sorted(JIT_MAX_REGISTERS)))
def jit_max_registers_ignored(ctx: LintContext) -> None:
    if not any(name.encode() in ctx.data for name in JIT_MAX_REGISTERS):
        return
    for identifier in ctx.nodes({"identifier"}):
        name = ctx.text(identifier)
        parent = identifier.parent
        if (
            parent is not None
            and parent.type in ("enumerator", "preproc_def")
            and parent.child_by_field_name("name") == identifier
        ):
            continue  # the option's own declaration (a driver-API shim's enum), not a use of it
        if name in JIT_MAX_REGISTERS:
            ctx.report(
                "HP213",
                identifier,
                f"`{name}` is ignored on AMD: `hipModuleLoadDataEx` drops JIT options "
                "and behaves like `hipModuleLoadData`; cap registers per kernel with `__launch_bounds__` "
                "or `amdgpu_waves_per_eu`",
            )
