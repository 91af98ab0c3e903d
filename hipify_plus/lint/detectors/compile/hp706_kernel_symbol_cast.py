"""HP706: a kernel (`k`, `k<float>`, `&k`, a function pointer) passed to a HIP function that
takes `const void*` and has no template overload in any HIP release (`hipFuncSetAttribute`,
`hipFuncGetAttributes`, `hipLaunchKernel`, ...): CUDA's `T*` templates took it as it is, HIP needs
`reinterpret_cast<const void*>(k)`. Convert also writes the cast where the call compiles without
it, as HIPIFY does (an object pointer such as `void* fn`, `hipLaunchCooperativeKernel`'s kernel),
so that a port reads the same whichever tool made it; lint reports only what does not compile."""

from __future__ import annotations

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.syntax import call_args, callee_node, is_cast, node_text, unparenthesized
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

# function -> the argument that is the kernel. hipLaunchCooperativeKernel (cast by convert only)
# and the hipOccupancy* calculators are left out: HIP has template overloads for them since ROCm 4.5.
KERNEL_ARGUMENT = {
    "hipFuncSetAttribute": 0,
    "hipFuncSetCacheConfig": 0,
    "hipFuncSetSharedMemConfig": 0,
    "hipFuncGetAttributes": 1,
    "hipLaunchKernel": 0,
    "hipExtLaunchKernel": 0,
    "hipLaunchByPtr": 0,
}
CONVERT_ALSO = {"hipLaunchCooperativeKernel": 0}  # compiles either way; HIPIFY casts it
_NULL = frozenset({"nullptr", "NULL", "0"})
CAST = "reinterpret_cast<const void*>"


def _cast_already(argument: Node) -> bool:
    """A cast or a null pointer: nothing to write."""
    inner = unparenthesized(argument)
    return is_cast(inner) or node_text(inner) in _NULL


def _converts_already(argument: Node) -> bool:
    """The argument converts to `const void*` by itself: a cast, a null pointer, or a name
    declared here as an object pointer (`void* fn`, `float* p`)."""
    inner = unparenthesized(argument)
    if _cast_already(inner):
        return True
    if inner.type != "identifier":
        return False
    declared = lookup(inner)
    return (
        declared is not None
        and not declared.function
        and not declared.function_pointer
        and (declared.pointers >= 1 or bool(declared.void_pointer_depth()))
    )


@detector("call_expression", emits=("HP706",), names=(*KERNEL_ARGUMENT, *CONVERT_ALSO))
def kernel_symbol_cast(node: Node, ctx: LintContext) -> None:
    callee = callee_node(node)
    if callee is None or callee.type != "identifier":
        return
    name = node_text(callee)
    converted = ctx.settings.converted
    index = KERNEL_ARGUMENT.get(name, CONVERT_ALSO.get(name) if converted else None)
    if index is None or ctx.source.path.endswith(".c"):
        return
    args = call_args(node)
    if len(args) <= index or (_cast_already if converted else _converts_already)(args[index]):
        return
    kernel = args[index]
    text = node_text(kernel)
    fix = ctx.fix(
        "HP706", f"Pass `{CAST}({text})`", [Edit(kernel.start_byte, kernel.end_byte, f"{CAST}({text})".encode())]
    )
    if name in CONVERT_ALSO or _converts_already(kernel):
        message = f"`{text}` passed to `{name}` as `{CAST}({text})`, as HIPIFY writes it (it converts as it is)"
    else:
        message = (
            f"`{name}` takes `const void*` and HIP has no template overload of it, as CUDA has for "
            f"kernels: pass `{CAST}({text})` (the kernel's address, what CUDA's template passes)"
        )
    ctx.report("HP706", kernel, message, fix)
