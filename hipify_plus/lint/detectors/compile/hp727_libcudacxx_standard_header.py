"""HP727: libcu++'s copies of standard headers (`<cuda/std/type_traits>`, `<cuda/std/limits>`,
`<cuda/std/functional>` ...) and their `cuda::std::` names. ROCm has no libcu++; these headers'
standard counterparts work in HIP device code, because hip-clang compiles constexpr functions
for the device. The include becomes the standard header and `cuda::std::NAME` becomes
`std::NAME`; `cuda::std::identity()` (C++20 in the standard library) becomes a lambda that returns its
argument, as Thrust's `identity<T>` did.
Names whose standard functions are not constexpr in C++17 (swap, function, invoke ...) are
reported."""

from __future__ import annotations

from hipify_plus.cuda.syntax import node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

STANDARD_HEADERS = frozenset(
    {
        "type_traits",
        "limits",
        "cstdint",
        "cstddef",
        "climits",
        "cfloat",
        "functional",
        "utility",
        "ratio",
        "initializer_list",
        "cassert",
    }
)
# In those headers, but not constexpr in C++17's standard library (so not callable in device code)
NOT_DEVICE = frozenset(
    {
        "swap",
        "exchange",
        "function",
        "bind",
        "bind_front",
        "invoke",
        "reference_wrapper",
        "ref",
        "cref",
        "hash",
        "mem_fn",
        "not_fn",
    }
)
IDENTITY = "[](const auto& x) -> const auto& { return x; }"


def _libcudacxx_includes(ctx: LintContext) -> tuple[set[str], bool]:
    """The standard headers among the file's `<cuda/std/...>` includes, and whether it includes
    any other libcu++ header (then `cuda::std::` names are left alone)."""
    headers, other = set(), False
    for include in ctx.nodes({"preproc_include"}):
        path = include.child_by_field_name("path")
        spelled = node_text(path).strip('<>"') if path is not None else ""
        if spelled.startswith("cuda/std/"):
            if spelled.removeprefix("cuda/std/") in STANDARD_HEADERS:
                headers.add(spelled)
            else:
                other = True
        elif spelled.startswith("cuda/"):
            other = True
    return headers, other


@detector("preproc_include", emits=("HP727",))
def libcudacxx_standard_include(node: Node, ctx: LintContext) -> None:
    path = node.child_by_field_name("path")
    spelled = node_text(path).strip('<>"') if path is not None else ""
    if path is None or not ctx.is_hip or not spelled.startswith("cuda/std/"):
        return
    header = spelled.removeprefix("cuda/std/")
    if header not in STANDARD_HEADERS:
        return
    fix = ctx.fix("HP727", f"Include <{header}>", [Edit(path.start_byte, path.end_byte, f"<{header}>".encode())])
    ctx.report(
        "HP727",
        path,
        f"<{spelled}> is libcu++'s copy of <{header}>, which ROCm does not have; the standard "
        "header works in HIP device code (hip-clang compiles its constexpr functions for the device)",
        fix,
    )


@detector("qualified_identifier", emits=("HP727",), names=("cuda",))
def libcudacxx_standard_name(node: Node, ctx: LintContext) -> None:
    scope, inner = node.child_by_field_name("scope"), node.child_by_field_name("name")
    if not ctx.is_hip or scope is None or inner is None or node_text(scope) != "cuda":
        return
    outer = node.parent
    if outer is not None and outer.type == "qualified_identifier" and outer.child_by_field_name("scope") is not None:
        return  # `ns::cuda::std::x`: a namespace of the project's
    inner_scope, name = inner.child_by_field_name("scope"), inner.child_by_field_name("name")
    if inner.type != "qualified_identifier" or inner_scope is None or name is None or node_text(inner_scope) != "std":
        return
    headers, other = _libcudacxx_includes(ctx)
    if other or not headers:
        return  # names of libcu++ headers with no standard counterpart here (atomic, pipeline ...): reported elsewhere
    word = node_text(name).split("<")[0].split("::")[0].strip()
    written = node_text(node)
    if word in NOT_DEVICE:
        ctx.report(
            "HP727",
            node,
            f"`{written}`: the standard library's `std::{word}` is not constexpr in C++17, so "
            "HIP device code cannot call it (libcu++'s can); rewrite the use, or keep it to host code and "
            "use `std::`",
        )
        return
    parent = node.parent
    if word == "identity":
        call = (
            parent if parent is not None and parent.type in ("call_expression", "compound_literal_expression") else None
        )
        arguments = (
            call.child_by_field_name("arguments")
            if call is not None and call.type == "call_expression"
            else (call.child_by_field_name("value") if call is not None else None)
        )
        if call is None or arguments is None or arguments.named_child_count:
            ctx.report(
                "HP727",
                node,
                f"`{written}` is C++20's std::identity, which hipcc's default C++17 does not "
                f"have: pass the lambda `{IDENTITY}` or build with -std=c++20",
            )
            return
        fix = ctx.fix(
            "HP727",
            "Write the identity function as a lambda",
            [Edit(call.start_byte, call.end_byte, IDENTITY.encode())],
        )
        ctx.report(
            "HP727",
            node,
            f"`{written}()` is C++20's std::identity (not in hipcc's default C++17): the "
            "lambda that returns its argument does the same",
            fix,
        )
        return
    fix = ctx.fix("HP727", "Use std::", [Edit(node.start_byte, inner.start_byte, b"")])
    ctx.report(
        "HP727",
        node,
        f"`{written}` is libcu++'s copy of `std::{node_text(inner).removeprefix('std::')}`; "
        "the standard one works in HIP device code",
        fix,
    )
