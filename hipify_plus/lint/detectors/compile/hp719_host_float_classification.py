"""HP719: `isfinite(x)`, `isnan(x)` & co. called without `std::` in host code. CUDA's headers declare
host and device overloads in the global namespace; hip-clang declares the global ones for device
code only and the C++ library declares them in `std`, so a host call finds no overload (in
templates with hipcc 5.2, 5.7 and 6.4; in any host function with clang 21 and HIP 6.4).
`std::isfinite` compiles on every HIP release and with nvcc."""

from __future__ import annotations

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.syntax import callee_node, node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

CLASSIFICATIONS = frozenset({"isfinite", "isinf", "isnan", "signbit", "isnormal", "fpclassify"})


@detector("call_expression", emits=("HP719",), names=tuple(sorted(CLASSIFICATIONS)))
def host_float_classification(node: Node, ctx: LintContext) -> None:
    callee = callee_node(node)
    if callee is None or callee.type != "identifier" or not ctx.is_hip:
        return
    name = node_text(callee)
    if name not in CLASSIFICATIONS or not ctx.is_cxx:
        return  # C has the macros (a .c file, or a header C sources include)
    if ctx.device_only(node) or lookup(callee) is not None:
        return
    if ctx.provides(name) or name in ctx.project_names:
        return  # the project's own `#define isnan(x) ...` or function
    fix = ctx.fix("HP719", f"Call `std::{name}`", [Edit(callee.start_byte, callee.start_byte, b"std::")])
    ctx.report(
        "HP719",
        callee,
        f"`{name}` in host code: CUDA's headers declare a global host `{name}`, hip-clang "
        f"only a device one, so the call finds no overload; `std::{name}` is the C++ "
        "library's and compiles with nvcc and every hipcc",
        fix,
    )
