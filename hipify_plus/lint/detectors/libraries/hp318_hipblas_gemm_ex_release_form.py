"""HP318: a hipBLAS GEMM_ex call in another release's form (the name, hipDataType vs
hipblasDatatype_t types, the compute type), respelled for the target ROCm."""

from __future__ import annotations

from hipify_plus.cuda.syntax import callee_name, callee_node
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._blas_rewrites import (
    argument_lookup,
    arguments,
    defines,
    describe,
    plan_edits,
    release,
)
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.rewrite.blas import hipblas_form, plan_hipblas_gemm


@detector("call_expression", emits=("HP318",), names=("hipblasGemm",))
def hipblas_gemm_ex_release_form(node: Node, ctx: LintContext) -> None:
    name = callee_name(node)
    if not name.startswith("hipblasGemm"):
        return
    args = arguments(node)
    version = ctx.settings.target_rocm
    plan = plan_hipblas_gemm(
        name,
        [ctx.text(a) for a in args],
        version,
        v2_macro=defines(ctx, "HIPBLAS_V2"),
        lookup=argument_lookup(ctx, args),
    )
    if plan is None or (not plan.changes and not plan.problems):
        return
    where = callee_node(node) or node
    form = hipblas_form(version).value
    problems = "; ".join(p.message for p in plan.problems)
    if plan.changes:
        message = f"`{name}(...)` is not in the form {release(ctx)} takes ({form}): {describe(args, plan, name)}"
        if problems:
            message += f"; left for you: {problems}"
        fix = ctx.fix("HP318", f"Write the {release(ctx)} form", plan_edits(node, args, plan))
        ctx.report("HP318", where, message, fix)
        return
    ctx.report("HP318", where, f"`{name}(...)` for {release(ctx)} ({form}): {problems}")
