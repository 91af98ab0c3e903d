"""Syntax questions about launches and host loops that the launch-loop rule (HP324) and its
helpers share: what a call calls, a launch's stream and inputs, the variable an expression
writes through, capture regions, and the rewrite's own `#if HIPIFY_PLUS_USE_GRAPHS` blocks."""

from __future__ import annotations

from collections.abc import Iterator

from hipify_plus.cuda.syntax import call_args, descendants
from hipify_plus.lint.context import Launch, LintContext
from hipify_plus.parse import Node
from hipify_plus.rewrite.graphs import is_switch

LOOPS = frozenset({"for_statement", "while_statement", "do_statement", "for_range_loop"})


def capture_regions(ctx: LintContext) -> list[tuple[int, int]]:
    """Byte ranges between a BeginCapture call and the next EndCapture call after it."""
    calls = [
        (c.start_byte, call_name(c, ctx))
        for c in ctx.nodes({"call_expression"})
        if b"Capture" in ctx.data[c.start_byte : c.start_byte + 48]
    ]
    regions, begin = [], None
    for at, name in sorted(calls):
        if name.endswith(("StreamBeginCapture", "StreamBeginCaptureToGraph")):
            begin = at
        elif name.endswith("StreamEndCapture") and begin is not None:
            regions.append((begin, at))
            begin = None
    return regions


def call_name(node: Node, ctx: LintContext) -> str:
    """`f`, `ns::f`, `obj.f` / `p->f` (as `f`), `f<T>` (as `f`) of a call_expression."""
    function = node.child_by_field_name("function")
    if function is None:
        return ""
    if function.type == "template_function":
        function = function.child_by_field_name("name") or function
    if function.type == "field_expression":
        field_node = function.child_by_field_name("field")
        return ctx.text(field_node) if field_node is not None else ""
    return ctx.text(function).removeprefix("::")


def stream_of(launch: Launch, ctx: LintContext) -> Node | None:
    """The stream argument of a launch, None when it has none (the null stream)."""
    if launch.chevrons and launch.node.child_by_field_name("arguments") is not None:
        return launch.config[3] if len(launch.config) > 3 else None
    args = call_args(launch.node)
    index = 4 if call_name(launch.node, ctx) == "hipLaunchKernelGGL" else 5
    return args[index] if len(args) > index else None


def launch_inputs(launch: Launch, ctx: LintContext) -> list[Node]:
    """What a launch evaluates each time: its configuration and its arguments (not the kernel)."""
    arguments = launch.node.child_by_field_name("arguments")
    args = [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []
    if launch.chevrons:
        return list(launch.config) + args
    return args[1:]


def root_name(node: Node, ctx: LintContext) -> str | None:
    while node.type in (
        "field_expression",
        "subscript_expression",
        "pointer_expression",
        "parenthesized_expression",
        "cast_expression",
    ):
        inner = node.child_by_field_name("argument") or node.child_by_field_name("value")
        if inner is None:
            named = [c for c in node.named_children if c.type != "comment"]
            inner = named[-1] if named else None
        if inner is None:
            return None
        node = inner
    return ctx.text(node) if node.type == "identifier" else None


_LAMBDA = frozenset({"lambda_expression"})


def walk(node: Node) -> Iterator[Node]:
    """Every node under `node`, not into lambdas."""
    return descendants(node, _LAMBDA) if node.type != "lambda_expression" else iter([node])


def rewritten(body: Node, ctx: LintContext) -> bool:
    """The loop's body starts with the rewrite's `#if HIPIFY_PLUS_USE_GRAPHS` block."""
    first = next((c for c in body.named_children if c.type != "comment"), None)
    condition = first.child_by_field_name("condition") if first is not None and first.type == "preproc_if" else None
    return condition is not None and is_switch(ctx.text(condition))


def in_rewrite(node: Node, ctx: LintContext) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.type == "preproc_if":
            condition = parent.child_by_field_name("condition")
            if condition is not None and is_switch(ctx.text(condition)):
                return True
        parent = parent.parent
    return False


def innermost_loop(node: Node) -> Node | None:
    parent = node.parent
    while (
        parent is not None
        and parent.type not in LOOPS
        and parent.type not in ("function_definition", "lambda_expression")
    ):
        parent = parent.parent
    return parent if parent is not None and parent.type in LOOPS else None
