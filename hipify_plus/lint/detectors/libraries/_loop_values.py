"""Values around a launch loop, for HP324's invariance proof: which streams are the null stream,
which calls compute from their arguments alone (`dim3`, `std::min`, `make_float2`, a file's
`#define MIN(a, b) ...`), which variables name memory kernels can write and the host reads
(managed and mapped host memory), what a loop header changes, and which variables a body swaps
by hand through a temporary."""

from __future__ import annotations

import re

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _memo
from hipify_plus.lint.detectors.libraries._launch_syntax import call_name, root_name, walk
from hipify_plus.parse import Node

NULL_STREAMS = frozenset(
    {
        "",
        "0",
        "0u",
        "nullptr",
        "NULL",
        "cudaStreamDefault",
        "hipStreamDefault",
        "cudaStreamLegacy",
        "hipStreamLegacy",
        "cudaStreamPerThread",
        "hipStreamPerThread",
        "(cudaStream_t)0",
        "(hipStream_t)0",
    }
)
_PURE = frozenset(
    {
        "dim3",
        "static_cast",
        "reinterpret_cast",
        "const_cast",
        "min",
        "max",
        "std::min",
        "std::max",
        "fmin",
        "fmax",
        "fminf",
        "fmaxf",
        "abs",
        "std::abs",
        "HIP_KERNEL_NAME",
    }
)
_PURE_PREFIX = re.compile(r"^make_\w+$")
_HOST_VISIBLE = re.compile(r"^(?:cuda|hip)(?:MallocManaged|MallocHost|HostAlloc|HostMalloc)$")
_SIDE_EFFECT = re.compile(r"\+\+|--|(?<![=!<>])=(?!=)")
_PLAIN_TYPES = frozenset(
    {
        "dim3",
        "size_t",
        "ptrdiff_t",
        "int8_t",
        "int16_t",
        "int32_t",
        "int64_t",
        "uint8_t",
        "uint16_t",
        "uint32_t",
        "uint64_t",
        "uint",
        "float2",
        "float4",
        "int2",
        "int4",
    }
)
_CALLED = re.compile(r"([A-Za-z_]\w*)\s*\(")


def stream_key(stream: Node | None, ctx: LintContext) -> str:
    """A stream as a comparable key; every spelling of the null or legacy stream is `0`."""
    text = re.sub(r"\s+", "", ctx.text(stream)) if stream is not None else ""
    return "0" if text in NULL_STREAMS and "PerThread" not in text else text


def header_parts(loop: Node) -> list[Node]:
    """What a loop evaluates besides its body: initializer, condition, update, range declarator."""
    fields = {
        "for_statement": ("initializer", "condition", "update"),
        "while_statement": ("condition",),
        "do_statement": ("condition",),
        "for_range_loop": ("declarator",),
    }[loop.type]
    parts = [loop.child_by_field_name(f) for f in fields]
    if loop.type == "for_statement":  # `for (int i = 0; ...)`: the declaration has no field in some grammars
        parts += [c for c in loop.children if c.type == "declaration"]
    return [p for p in parts if p is not None]


def _pure_macros(ctx: LintContext) -> frozenset[str]:
    found = set()
    for node in ctx.nodes({"preproc_function_def"}):
        name, params, value = (node.child_by_field_name(f) for f in ("name", "parameters", "value"))
        if name is None or params is None or value is None:
            continue
        allowed = {ctx.text(p) for p in params.named_children} | _PURE | {"sizeof"}
        body = ctx.text(value)
        if not _SIDE_EFFECT.search(body) and set(_CALLED.findall(body)) <= allowed:
            found.add(ctx.text(name))
    return frozenset(found)


def pure(name: str, ctx: LintContext) -> bool:
    """A call that gives the same value for the same arguments and changes nothing."""
    return name in _PURE or _PURE_PREFIX.match(name) is not None or name in _memo(ctx, "pure-macros", _pure_macros)


def _host_visible(ctx: LintContext) -> frozenset[str]:
    found = {
        ctx.text(c)
        for n in ctx.nodes({"declaration"})
        if b"__managed__" in (n.text or b"")
        for d in n.children_by_field_name("declarator")
        for c in walk(d)
        if c.type == "identifier"
    }
    for call in ctx.nodes({"call_expression"}):
        if _HOST_VISIBLE.match(call_name(call, ctx)):
            arguments = call.child_by_field_name("arguments")
            first = next((a for a in arguments.named_children if a.type != "comment"), None) if arguments else None
            base = root_name(first, ctx) if first is not None else None
            if base:
                found.add(base)
    return frozenset(found)


def host_visible(ctx: LintContext) -> frozenset[str]:
    """Variables holding managed or mapped host memory (`hipMallocManaged(&p, ...)`, `__managed__`)."""
    return _memo(ctx, "host-visible", _host_visible)


def plain_declaration(node: Node, ctx: LintContext) -> bool:
    """A declaration whose evaluation is its initializers alone: numbers, pointers, `dim3`, sizes
    (no constructor that could do host work, no `static`, which a copy would make a second one)."""
    kind = node.child_by_field_name("type")
    if kind is None or any(c.type == "storage_class_specifier" for c in node.children):
        return False
    if (
        kind.type in ("primitive_type", "sized_type_specifier", "placeholder_type_specifier")
        or ctx.text(kind) in _PLAIN_TYPES
    ):
        return True
    declarators = node.children_by_field_name("declarator")
    return bool(declarators) and all(_declares_pointer(d) for d in declarators)


def _declares_pointer(declarator: Node) -> bool:
    """`*p` or `*p = ...` in a declaration."""
    target = declarator.child_by_field_name("declarator") if declarator.type == "init_declarator" else declarator
    return target is not None and target.type == "pointer_declarator"


def swapped(body: Node, ctx: LintContext) -> set[str]:
    """Variables the body swaps by hand: `t = a; a = b; b = t;` (or `T t = a;`)."""
    source: dict[str, str] = {}  # x -> y for `x = y` and `T x = y` between plain names
    for n in walk(body):
        left = right = None
        if n.type == "assignment_expression" and len(n.children) > 1 and n.children[1].type == "=":
            left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
        elif n.type == "init_declarator":
            left, right = n.child_by_field_name("declarator"), n.child_by_field_name("value")
            while left is not None and left.type in ("pointer_declarator", "reference_declarator"):
                inner = left.child_by_field_name("declarator")
                left = inner if inner is not None else (left.named_children[-1] if left.named_children else None)
        if left is not None and right is not None and left.type == right.type == "identifier":
            source.setdefault(ctx.text(left), ctx.text(right))
    found = {a for a, b in source.items() if source.get(b) in source and source.get(source[b]) == a}
    return found | {source[a] for a in found}
