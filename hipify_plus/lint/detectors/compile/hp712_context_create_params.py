"""HP712: CUDA 13's `cuCtxCreate(&ctx, &params, flags, dev)` takes a `CUctxCreateParams*` (execution
affinity and CIG settings); HIP's `hipCtxCreate(&ctx, flags, dev)` has no such parameter and HIP has
no `CUctxCreateParams`, so renaming leaves a call and a type hip-clang rejects (cuda-samples'
`nvrtc_helper.h` and the driver-API samples write `CUctxCreateParams p = {};` and pass `&p`).

With no parameters set the CUDA call creates a plain context, which is what `hipCtxCreate` does:
where the second argument is a null pointer, or the address of a local `CUctxCreateParams`
initialised with `{}` (or `{0}`) and used for nothing but such calls, the fix writes
`hipCtxCreate(&ctx, flags, dev)` and deletes the declaration. Anything else is reported: the
parameters ask for what AMD has no counterpart for."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import call_args, callee_name, descendants, enclosing_function, node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

_CREATE = ("hipCtxCreate", "cuCtxCreate")  # renamed by convert, or written so
_NULL = re.compile(r"^(?:0|NULL|nullptr)$")
_EMPTY_INIT = re.compile(r"^\{\s*(?:0\s*)?\}$")
PARAMS_TYPE = "CUctxCreateParams"


def _line_span(node: Node, data: bytes) -> tuple[int, int]:
    """The declaration with its whole line when nothing else is on it."""
    start, end = node.start_byte, node.end_byte
    line_start = data.rfind(b"\n", 0, start) + 1
    line_end = data.find(b"\n", end)
    line_end = len(data) if line_end < 0 else line_end
    if not data[line_start:start].strip() and not data[end:line_end].strip():
        return line_start, min(line_end + 1, len(data))
    return start, end


def _empty_params(name: str, function: Node) -> tuple[Node | None, str]:
    """(the declaration to delete, '') when `name` is a `CUctxCreateParams name = {}` of the
    function used only as `&name` in cuCtxCreate calls; else (None, why not)."""
    declaration: Node | None = None
    for node in descendants(function):
        if node.type == "declaration":
            kind = node.child_by_field_name("type")
            for declarator in node.children_by_field_name("declarator"):
                inner = (
                    declarator.child_by_field_name("declarator") if declarator.type == "init_declarator" else declarator
                )
                if inner is None or node_text(inner) != name:
                    continue
                alone = len(node.children_by_field_name("declarator")) == 1
                if kind is None or node_text(kind) != PARAMS_TYPE or not alone:
                    return None, f"`{name}` is not declared alone as a {PARAMS_TYPE}"
                value = declarator.child_by_field_name("value")
                if value is None or not _EMPTY_INIT.match(" ".join(node_text(value).split())):
                    return None, f"`{name}` is not initialised with {{}}"
                if declaration is not None:
                    return None, f"the function declares `{name}` more than once"
                declaration = node
        elif (
            node.type == "identifier"
            and node_text(node) == name
            and declaration is not None
            and not declaration.start_byte <= node.start_byte < declaration.end_byte
        ):
            parent = node.parent
            use = parent if parent is not None and parent.type == "pointer_expression" else None
            arguments = use.parent if use is not None else None
            owner = arguments.parent if arguments is not None else None
            if (
                owner is None
                or owner.type != "call_expression"
                or callee_name(owner) not in _CREATE
                or len(call_args(owner)) != 4
                or call_args(owner)[1] != use
            ):
                return None, f"`{name}` is used for more than the context's parameters"
    if declaration is None:
        return None, f"`{name}` is not a local {PARAMS_TYPE}"
    return declaration, ""


# HP712
@detector("call_expression", emits=("HP712",), names=_CREATE)
def context_create_params(node: Node, ctx: LintContext) -> None:
    if callee_name(node) not in _CREATE or not ctx.is_hip:
        return
    args = call_args(node)
    if len(args) != 4:
        return
    params = args[1]
    text = " ".join(node_text(params).split())
    function = enclosing_function(node)
    why = "the parameters are not a null pointer or an empty local CUctxCreateParams"
    edits: list[Edit] = []
    if _NULL.match(text):
        why = ""
    elif params.type == "pointer_expression" and text.startswith("&") and function is not None:
        target = params.child_by_field_name("argument")
        if target is not None and target.type == "identifier":
            declaration, why = _empty_params(node_text(target), function)
            if declaration is not None:
                first = min(
                    (
                        n
                        for n in descendants(function)
                        if n.type == "call_expression"
                        and callee_name(n) in _CREATE
                        and len(call_args(n)) == 4
                        and node_text(call_args(n)[1]).replace(" ", "") == text.replace(" ", "")
                    ),
                    key=lambda n: n.start_byte,
                    default=node,
                )
                if first.start_byte == node.start_byte:  # the first call deletes the declaration
                    edits.append(Edit(*_line_span(declaration, ctx.data), b""))
    message = (
        "CUDA 13's cuCtxCreate takes context parameters; HIP's hipCtxCreate(ctx, flags, device) "
        "has none and HIP has no CUctxCreateParams"
    )
    if why:
        ctx.report(
            "HP712",
            node,
            f"{message}: {why}, so they may ask for execution affinity or CIG, which AMD "
            "has no counterpart for; create the context with hipCtxCreate(ctx, flags, device) by hand",
        )
        return
    name = node.child_by_field_name("function")
    if name is None:
        return
    edits += [Edit(name.start_byte, name.end_byte, b"hipCtxCreate"), Edit(params.start_byte, args[2].start_byte, b"")]
    ctx.report(
        "HP712",
        node,
        f"{message}: the parameters are empty, so the context is a plain one",
        ctx.fix("HP712", "Call hipCtxCreate(ctx, flags, device) and drop the empty parameters", edits),
    )
