"""HP702: `#if CUDART_VERSION >= 11000` and friends: hip-clang defines none of CUDA's version
macros, so every such test reads 0 on AMD; say which branch an AMD build compiles. A test of a
release no newer than CUDA 10.0 (`CUDART_VERSION >= 2020`, `< 4000`) asks whether the CUDA API of
2018 is there, which HIP provides: the fix makes AMD take the newer side."""

from __future__ import annotations

from hipify_plus.cuda.preprocessor import (
    CONDITIONALS,
    CUDA_VERSION_MACROS,
    condition_of,
    in_directive,
    inactive_on_amd,
    mentions_amd,
    on_unparsed_directive,
)
from hipify_plus.cuda.syntax import call_args, callee_name, descendants, enclosing_function, node_text, same
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node

_BRANCHES = CONDITIONALS | {"preproc_else"}
# The newest CUDA release whose runtime API a version test may take HIP to have: CUDA 10.0 (2018).
# Tests of older releases choose between today's API and a CUDA 2-9 fallback.
OLD_RELEASE = 10000
_OLD_TEST_MACROS = frozenset({"CUDART_VERSION", "CUDA_VERSION"})


def _line(ctx: LintContext, node: Node) -> int:
    return ctx.source.position(node.start_byte)[0]


def _taken_instead(directive: Node, ctx: LintContext) -> str:
    """What an AMD build compiles when this directive's test fails."""
    alternative = directive.child_by_field_name("alternative")
    while alternative is not None and alternative.type in _BRANCHES:
        if alternative.type == "preproc_else":
            return f"the `#else` branch (line {_line(ctx, alternative)})"
        value = _both_passes(alternative, ctx)
        if value == 1:
            return f"the `#elif` branch at line {_line(ctx, alternative)}"
        if value is None:
            return f"whatever the `#elif` at line {_line(ctx, alternative)} selects"
        alternative = alternative.child_by_field_name("alternative")
    return "nothing here (there is no `#else`)"


def _both_passes(directive: Node, ctx: LintContext) -> int | None:
    host = ctx.amd.in_pass(False).condition(directive)
    device = ctx.amd.in_pass(True).condition(directive)
    return host if host == device else None


def _version_names(condition: Node) -> list[Node]:
    return [n for n in descendants(condition) if n.type == "identifier" and node_text(n) in CUDA_VERSION_MACROS]


# HP702
@detector("preproc_if", "preproc_elif", "preproc_ifdef", "preproc_elifdef", emits=("HP702",))
def cuda_version_test(node: Node, ctx: LintContext) -> None:
    condition = condition_of(node)
    if condition is None or not ctx.mentions(b"CUDA_VERSION", b"CUDART_VERSION", b"__CUDACC_VER"):
        return
    names = _version_names(condition)
    names = [n for n in names if node_text(n) not in ctx.amd.file_macros and not ctx.provides(node_text(n))]
    if not names or mentions_amd(condition) or inactive_on_amd(node, ctx.amd):
        return  # an author who tests an AMD macro beside it has chosen the AMD side already
    macro = node_text(names[0])
    shown = f"{ctx.text(node.children[0])} {' '.join(ctx.text(condition).split())}"
    value = _both_passes(node, ctx)
    if value == 1:
        outcome = "so an AMD build compiles this branch"
    elif value == 0:
        outcome = f"so an AMD build skips this branch and compiles {_taken_instead(node, ctx)}"
    else:
        outcome = "so which branch an AMD build compiles depends on the other macros it tests"
    edits = _newer_side(condition, names)
    if edits:
        fix = ctx.fix("HP702", "Take the newer side on AMD", edits)
        ctx.report(
            "HP702",
            names[0],
            f"`{shown}`: hip-clang does not define `{macro}` (it reads as 0), "
            f"{outcome}; the test is for CUDA {OLD_RELEASE // 1000}.0 or older, whose API HIP has: the fix "
            "makes AMD take the newer side (`defined(__HIP_PLATFORM_AMD__)`)",
            fix,
        )
        return
    ctx.report(
        "HP702",
        names[0],
        f"`{shown}`: hip-clang does not define `{macro}` (it reads as 0), "
        f"{outcome}; test `HIP_VERSION` (or the feature itself) for the AMD side",
    )


def _newer_side(condition: Node, names: list[Node]) -> list[Edit]:
    """`V >= N` -> `(V >= N || defined(__HIP_PLATFORM_AMD__))`, `V < N` -> `(V < N && !defined(...))`
    for every version test of the condition, when each is CUDART_VERSION/CUDA_VERSION against a
    release no newer than OLD_RELEASE; [] otherwise."""
    edits = []
    for name in names:
        test = name.parent
        operator = test.child_by_field_name("operator") if test is not None else None
        right = test.child_by_field_name("right") if test is not None else None
        if (
            test is None
            or test.type != "binary_expression"
            or operator is None
            or right is None
            or not same(test.child_by_field_name("left"), name)
            or node_text(name) not in _OLD_TEST_MACROS
        ):
            return []
        value = parse_int(node_text(right)) if right.type == "number_literal" else None
        op = node_text(operator)
        if value is None or value > OLD_RELEASE or op not in (">=", ">", "<", "<="):
            return []
        text = node_text(test)
        joined = (
            f"({text} || defined(__HIP_PLATFORM_AMD__))"
            if op in (">=", ">")
            else f"({text} && !defined(__HIP_PLATFORM_AMD__))"
        )
        edits.append(Edit(test.start_byte, test.end_byte, joined.encode()))
    return edits


# HP702
@detector(
    "identifier", emits=("HP702",), names=("CUDART_VERSION", "CUDA_VERSION", "__CUDACC_VER_", "__CUDA_API_VERSION")
)
def cuda_version_value(node: Node, ctx: LintContext) -> None:
    if node.end_byte - node.start_byte > 20 or ctx.data[node.start_byte : node.start_byte + 2] not in (b"CU", b"__"):
        return
    name = node_text(node)
    if name not in CUDA_VERSION_MACROS or name in ctx.amd.file_macros or ctx.provides(name):
        return
    if on_unparsed_directive(node) and not inactive_on_amd(node, ctx.amd):
        ctx.report(
            "HP702",
            node,
            f"`{name}` in a `#if` the parser could not follow (its branches open braces "
            "they close after `#endif`): hip-clang does not define it and reads it as 0, so an AMD build "
            "takes the branch for 0; test `HIP_VERSION` or `__HIP_PLATFORM_AMD__` beside it",
            severity="warning",
        )
        return
    if in_directive(node):
        return
    if inactive_on_amd(node, ctx.amd):
        return
    if name in _OLD_TEST_MACROS and _against_queried_version(node):
        fix = ctx.fix("HP702", "Write `HIP_VERSION`", [Edit(node.start_byte, node.end_byte, b"HIP_VERSION")])
        ctx.report(
            "HP702",
            node,
            f"`{name}` is not defined by hip-clang; here it is the version the code was "
            "built with, beside the one `hipDriverGetVersion`/`hipRuntimeGetVersion` reports, which on "
            "AMD is HIP's (`HIP_VERSION`, the same encoding): written as `HIP_VERSION`",
            fix,
        )
        return
    ctx.report(
        "HP702",
        node,
        f"`{name}` is not defined by hip-clang: this does not compile for AMD; "
        "use `HIP_VERSION` (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + patch)",
        severity="error",
    )


_VERSION_QUERIES = frozenset({"hipDriverGetVersion", "hipRuntimeGetVersion"})
_PRINTERS = frozenset({"printf", "fprintf", "sprintf", "snprintf"})


def _queried(function: Node) -> set[str]:
    """The variables a version query of `function` fills (`hipDriverGetVersion(&v)`)."""
    found = set()
    for call in descendants(function):
        if call.type == "call_expression" and callee_name(call) in _VERSION_QUERIES:
            args = call_args(call)
            if args and args[0].type == "pointer_expression":
                operand = args[0].child_by_field_name("argument")
                if operand is not None and operand.type == "identifier":
                    found.add(node_text(operand))
    return found


def _against_queried_version(node: Node) -> bool:
    """`driverVersion < CUDART_VERSION` where the function filled `driverVersion` with a version
    query, or CUDART_VERSION printed in such a function (cuda-samples' ptxjit)."""
    function = enclosing_function(node)
    if function is None:
        return False
    queried = _queried(function)
    if not queried:
        return False
    parent = node.parent
    if parent is not None and parent.type == "binary_expression" and parent.child_count == 3:
        other = parent.children[2] if same(parent.children[0], node) else parent.children[0]
        return node_text(parent.children[1]) in ("<", "<=", ">", ">=", "==", "!=") and (
            other.type == "identifier" and node_text(other) in queried
        )
    if parent is not None and parent.type == "argument_list" and parent.parent is not None:
        return callee_name(parent.parent) in _PRINTERS
    return False
