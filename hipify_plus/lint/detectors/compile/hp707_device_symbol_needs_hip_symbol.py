"""HP707: device variables passed to HIP's symbol functions.

`hipMemcpyToSymbol`, `hipMemcpyFromSymbol` (and their `Async` forms), `hipGetSymbolAddress` and
`hipGetSymbolSize` have C++ templates on AMD that take the variable by reference, so `sym` is right
there; HIP's NVIDIA platform declares only `const void*` and needs `HIP_SYMBOL(sym)` (its address),
which HIPIFY writes and which expands to `sym` on AMD. The graph memcpy-node functions have no
template on either platform: a scalar or pointer variable must be passed as `&sym` (`HIP_SYMBOL`
does not help on AMD, where it is `sym`)."""

from __future__ import annotations

from hipify_plus.cuda.declarations import Declared, lookup
from hipify_plus.cuda.syntax import call_args, callee_name, callee_node, named, node_text, unparenthesized
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

# function -> the argument that is the symbol
TEMPLATED = {
    "hipMemcpyToSymbol": 0,
    "hipMemcpyToSymbolAsync": 0,
    "hipMemcpyFromSymbol": 1,
    "hipMemcpyFromSymbolAsync": 1,
    "hipGetSymbolAddress": 1,
    "hipGetSymbolSize": 1,
}
ADDRESS_ONLY = {
    "hipGraphAddMemcpyNodeToSymbol": 4,
    "hipGraphAddMemcpyNodeFromSymbol": 5,
    "hipGraphMemcpyNodeSetParamsToSymbol": 1,
    "hipGraphMemcpyNodeSetParamsFromSymbol": 2,
    "hipGraphExecMemcpyNodeSetParamsToSymbol": 2,
    "hipGraphExecMemcpyNodeSetParamsFromSymbol": 3,
}
_NAMES = frozenset({"identifier", "qualified_identifier"})


def _declared(name: Node) -> Declared | None:
    return lookup(name) if name.type == "identifier" else None


def _string_symbol(ctx: LintContext, function: str, symbol: Node) -> None:
    ctx.report(
        "HP707",
        symbol,
        f"`{function}` with a symbol name in a string: CUDA 5.0 removed string "
        "symbols and HIP never looked them up; pass the `__device__`/`__constant__` variable itself",
    )


def _templated(ctx: LintContext, function: str, symbol: Node) -> None:
    inner = unparenthesized(symbol)
    if inner.type in ("string_literal", "concatenated_string"):
        _string_symbol(ctx, function, symbol)
        return
    if inner.type not in _NAMES:
        return  # HIP_SYMBOL(x), &x, a cast, a `const void*` expression: an address already
    declared = _declared(inner)
    if declared is not None and not declared.device_variable:
        return  # a variable or parameter of this file holding a symbol's address
    text = node_text(symbol)
    where = "declared here as a device variable" if declared is not None else "declared in another file"
    fix = ctx.fix(
        "HP707",
        f"Wrap the symbol: `HIP_SYMBOL({text})`",
        [Edit(symbol.start_byte, symbol.end_byte, f"HIP_SYMBOL({text})".encode())],
    )
    ctx.report(
        "HP707",
        symbol,
        f"`{text}` ({where}) is passed to `{function}` as a bare symbol: right on AMD, "
        f"where a C++ template takes it by reference, but HIP's NVIDIA platform declares `const void*` "
        f"only; write `HIP_SYMBOL({text})` (it is `{text}` on AMD and `&{text}` on NVIDIA)",
        fix,
        severity="warning",
    )


def _address_only(ctx: LintContext, function: str, symbol: Node) -> None:
    inner = unparenthesized(symbol)
    if inner.type in ("string_literal", "concatenated_string"):
        _string_symbol(ctx, function, symbol)
        return
    wrapped = inner.type == "call_expression" and callee_name(inner) == "HIP_SYMBOL"
    if wrapped:
        arguments = named(inner.child_by_field_name("arguments"))
        if len(arguments) != 1:
            return
        inner = unparenthesized(arguments[0])
    if inner.type not in _NAMES:
        return
    declared = _declared(inner)
    text = node_text(inner)
    if declared is not None and (not declared.device_variable or declared.array):
        return  # an address held in a variable, or an array (it decays to its address)
    if declared is None:
        ctx.report(
            "HP707",
            symbol,
            f"`{function}` takes the symbol's address and has no template that takes "
            f"the variable (on AMD `HIP_SYMBOL({text})` is `{text}`): if `{text}` is a device variable "
            f"that is not an array, pass `&{text}`; it is declared in another file, so it is left as it is",
        )
        return
    fix = ctx.fix(
        "HP707",
        f"Pass the symbol's address: `&{text}`",
        [Edit(symbol.start_byte, symbol.end_byte, f"&{text}".encode())],
    )
    effect = "passes the pointer's value, not the variable's address" if declared.pointers else "does not compile"
    ctx.report(
        "HP707",
        symbol,
        f"`{function}` takes the symbol's address and HIP has no template for it that "
        f"takes the variable: `{node_text(symbol)}` {effect} on AMD (`HIP_SYMBOL(x)` is `x` there); "
        f"pass `&{text}`, right on AMD and on NVIDIA",
        fix,
    )


@detector("call_expression", emits=("HP707",), names=("Symbol",))
def device_symbol(node: Node, ctx: LintContext) -> None:
    callee = callee_node(node)
    if callee is None or callee.type != "identifier":
        return
    function = node_text(callee)
    index = TEMPLATED.get(function)
    check = _templated
    if index is None:
        index, check = ADDRESS_ONLY.get(function), _address_only
    if index is None:
        return
    args = call_args(node)
    if len(args) > index:
        check(ctx, function, args[index])
