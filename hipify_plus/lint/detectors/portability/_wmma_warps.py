"""The warp-size arithmetic of a WMMA kernel: where it numbers 32-thread warps, and whether the
tool can prove a rewrite that gives each fragment one wavefront (64 lanes on CDNA, 32 on RDNA)
in the kernel (the host side is `_wmma_launches.py`).

Two kernel forms are rewritten:

- global warp index, `(blockIdx.x * blockDim.x + threadIdx.x) / 32` (or `/ warpSize`): warps
  are numbered across the grid, so the kernel divides by `warpSize` and the host grid math that
  counted 32 threads per fragment (`M * blockDim.x / 32`) divides by the device's wavefront size
  (`hipDeviceProp_t::warpSize`); the block's x size must be whole wavefronts;
- block-local warp index, `threadIdx.x / 32`, with the lanes numbered `threadIdx.x % 32` (the
  cuda-samples GEMMs: warps 0..7 of a block pick their tiles, lanes 0..31 copy data): the kernel
  divides by `warpSize`, the block gets one wavefront per CUDA warp (`B * (warpSize / 32)`
  threads), and the 32-lane copy code runs twice per wavefront on CDNA, each half computing the
  same addresses and values in the same instructions. That holds only when nothing else in the
  kernel tells the halves apart, so the kernel may use `threadIdx.x` only through those two
  expressions, and no `blockDim.x`, warp intrinsics, atomics or printf.

Anything else is a blocker, reported with what to change."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from hipify_plus.cuda.syntax import callee_name, declarator_name, descendants, named
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.parse import Node, parse

THREAD_X = "threadIdx.x"
WARP_INTRINSIC = re.compile(
    r"__shfl|__ballot|__any|__all|__activemask|__syncwarp|__match|__reduce_\w+_sync"
    r"|__lane_id|__lanemask|tiled_partition|coalesced_threads|thread_block_tile"
)
SIDE_EFFECTS = re.compile(r"atomic\w*|printf")
GLOBAL_INDEX = re.compile(
    r"^(?:(?:blockIdx\.x\*blockDim\.x|blockDim\.x\*blockIdx\.x)\+T|T\+(?:blockIdx\.x\*blockDim\.x"
    r"|blockDim\.x\*blockIdx\.x))$"
)
CONSTANT_CONTEXTS = frozenset(
    {
        "template_argument_list",
        "array_declarator",
        "static_assert_declaration",
        "case_statement",
        "enumerator",
        "bitfield_clause",
    }
)
MAX_THREADS = 1024


@dataclass
class WarpSite:
    node: Node  # `E / 32`, `E >> 5`, `E / warpSize`
    form: str  # global | local | ''
    rewrite: bool  # divides by 32 (a literal or a constant): the kernel's side of the port


@dataclass
class KernelPort:
    function: Node
    name: str
    form: str = ""  # global | local
    sites: list[WarpSite] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)
    # (where, why, kind): kind "kernel" (the kernel's own code) or "launch" (a launch's host side)
    blockers: list[tuple[tuple[int, int], str, str]] = field(default_factory=list)

    def block(self, where: Node | tuple[int, int], reason: str, kind: str = "kernel") -> None:
        span = where if isinstance(where, tuple) else (where.start_byte, where.end_byte)
        self.blockers.append((span, reason, kind))


_OPERATORS: dict[str, Callable[[int, int], int | None]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a // b if b else None,
    "%": lambda a, b: a % b if b else None,
    "<<": lambda a, b: a << b if 0 <= b < 64 else None,
    ">>": lambda a, b: a >> b if 0 <= b < 64 else None,
}


def fold(node: Node | None, ctx: LintContext, depth: int = 0) -> int | None:
    """An integer expression's value, also through object-like macros whose text is itself an
    expression (`#define THREADS_PER_BLOCK (WARP_SIZE * WARPS_PER_BLOCK)`), which
    `LintContext.int_value` does not fold."""
    if node is None or depth > 6:
        return None
    value = ctx.int_value(node)
    if value is not None:
        return value
    kind = node.type
    if kind == "identifier":
        text = _macro_text(ctx, ctx.text(node))
        if text is None:
            return None
        tree = parse(b"int hp_fold = (" + text.encode() + b");")
        declarator = next((n for n in descendants(tree.root_node) if n.type == "init_declarator"), None)
        return fold(declarator.child_by_field_name("value"), ctx, depth + 1) if declarator is not None else None
    if kind == "parenthesized_expression":
        inner = named(node)
        return fold(inner[0], ctx, depth) if len(inner) == 1 else None
    if kind == "binary_expression":
        operator = node.child_by_field_name("operator")
        left = fold(node.child_by_field_name("left"), ctx, depth)
        right = fold(node.child_by_field_name("right"), ctx, depth)
        function = _OPERATORS.get(ctx.text(operator)) if operator is not None else None
        return function(left, right) if function and left is not None and right is not None else None
    return None


def _macro_text(ctx: LintContext, name: str) -> str | None:
    """The text of an object-like #define written once in the file."""
    values = {
        re.sub(r"/\*.*?\*/|//[^\n]*", " ", ctx.text(value), flags=re.DOTALL).strip()
        for node in ctx.defines.get(name, ())
        if (value := node.child_by_field_name("value")) is not None
    }
    return values.pop() if len(values) == 1 else None


def _squashed(node: Node, ctx: LintContext) -> str:
    return re.sub(r"[\s()]", "", ctx.text(node))


def _thread_aliases(function: Node, ctx: LintContext) -> tuple[set[str], set[str]]:
    """Locals initialised to `threadIdx.x` (casts allowed), and locals initialised to the
    global linear index `blockIdx.x * blockDim.x + threadIdx.x`."""
    plain, linear = set(), set()
    for node in descendants(function):
        if node.type != "init_declarator":
            continue
        name, value = node.child_by_field_name("declarator"), node.child_by_field_name("value")
        if name is None or value is None or name.type != "identifier":
            continue
        text = re.sub(r"\((?:unsigned|int|const|size_t|\s)+\)|static_cast<[^>]*>", "", _squashed(value, ctx))
        if text == THREAD_X:
            plain.add(ctx.text(name))
        elif GLOBAL_INDEX.match(text.replace(THREAD_X, "T")):
            linear.add(ctx.text(name))
    return plain, linear


def _divisor(node: Node, ctx: LintContext) -> str:
    """'32' for `/ 32` (or a constant that folds to 32) and `>> 5`, 'warpSize', or ''."""
    operator = node.child_by_field_name("operator")
    right = node.child_by_field_name("right")
    if operator is None or right is None:
        return ""
    op = ctx.text(operator)
    if op == "/" and ctx.text(right).strip() == "warpSize":
        return "warpSize"
    value = ctx.int_value(right) if right.type != "type_descriptor" else None
    if (op, value) in (("/", 32), (">>", 5)):
        return "32"
    return ""


def _site_form(left: Node, plain: set[str], linear: set[str], ctx: LintContext) -> str:
    text = _squashed(left, ctx)
    for alias in plain:
        text = re.sub(rf"\b{re.escape(alias)}\b", THREAD_X, text)
    if text == THREAD_X:
        return "local"
    if text in linear or GLOBAL_INDEX.match(text.replace(THREAD_X, "T")):
        return "global"
    return ""


def _mentions_thread(node: Node, plain: set[str], linear: set[str], ctx: LintContext) -> bool:
    text = ctx.text(node)
    return THREAD_X in re.sub(r"\s", "", text) or any(re.search(rf"\b{re.escape(a)}\b", text) for a in plain | linear)


def _in_constant_context(node: Node) -> bool:
    parent = node.parent
    while parent is not None and parent.type not in ("compound_statement", "function_definition"):
        if parent.type in CONSTANT_CONTEXTS:
            return True
        if parent.type == "declaration" and any(
            c.type == "type_qualifier" and c.text == b"constexpr" for c in parent.children
        ):
            return True
        parent = parent.parent
    return False


def _division_edit(node: Node, divisor: bytes, ctx: LintContext) -> list[Edit]:
    """`E / 32` -> `E / D`; `E >> 5` -> `(E) / D` (a `+` in E binds tighter than `>>`, not `/`)."""
    operator, right, left = (node.child_by_field_name(f) for f in ("operator", "right", "left"))
    if operator is None or right is None or left is None:
        return []
    if ctx.text(operator) == "/":
        return [Edit(right.start_byte, right.end_byte, divisor)]
    edits = [Edit(operator.start_byte, right.end_byte, b"/ " + divisor)]
    if left.type not in ("parenthesized_expression", "identifier", "field_expression", "number_literal"):
        edits += [Edit(left.start_byte, left.start_byte, b"("), Edit(left.end_byte, left.end_byte, b")")]
    return edits


def _lane_use(use: Node, ctx: LintContext) -> bool:
    """`threadIdx.x % 32` / `threadIdx.x & 31` (the lane within a 32-thread warp)."""
    node = use
    while node.parent is not None and node.parent.type == "parenthesized_expression":
        node = node.parent
    parent = node.parent
    if parent is None or parent.type != "binary_expression":
        return False
    left = parent.child_by_field_name("left")
    return (
        left is not None
        and (left.start_byte, left.end_byte) == (node.start_byte, node.end_byte)
        and _lane_operator(parent, ctx)
    )


def _lane_operator(expression: Node, ctx: LintContext) -> bool:
    operator = expression.child_by_field_name("operator")
    right = expression.child_by_field_name("right")
    value = ctx.int_value(right) if right is not None and right.type != "type_descriptor" else None
    return operator is not None and (ctx.text(operator), value) in (("%", 32), ("&", 31))


def _inside(node: Node, spans: list[tuple[int, int]]) -> bool:
    return any(start <= node.start_byte and node.end_byte <= end for start, end in spans)


def _file_functions(ctx: LintContext) -> dict[str, Node]:
    found: dict[str, Node] = {}
    for definition in ctx.nodes({"function_definition"}):
        name = declarator_name(definition)
        if name is not None:
            found.setdefault(ctx.text(name).split("::")[-1].split("<")[0], definition)
    return found


def analyse_kernel(function: Node, name: str, ctx: LintContext) -> KernelPort:
    """The kernel's side of the port: its warp-index sites and what stops the rewrite."""
    port = KernelPort(function, name)
    plain, linear = _thread_aliases(function, ctx)
    consumed: list[tuple[int, int]] = []  # spans whose threadIdx.x uses a site accounts for
    for node in descendants(function):
        if node.type != "binary_expression":
            continue
        divisor = _divisor(node, ctx)
        left = node.child_by_field_name("left")
        if not divisor or left is None or not _mentions_thread(left, plain, linear, ctx):
            continue
        form = _site_form(left, plain, linear, ctx)
        site = WarpSite(node, form, divisor == "32")
        port.sites.append(site)
        consumed.append((left.start_byte, left.end_byte))
        if not form:
            port.block(
                node,
                f"`{' '.join(ctx.text(node).split())}` numbers warps from an expression the tool "
                "does not recognise (it rewrites `threadIdx.x / 32` and "
                "`(blockIdx.x * blockDim.x + threadIdx.x) / 32`)",
            )
        elif site.rewrite and _in_constant_context(node):
            port.block(
                node,
                f"`{' '.join(ctx.text(node).split())}` is in a constant expression, where "
                "`warpSize` is not a constant from ROCm 7.0",
            )
        elif site.rewrite:
            port.edits += _division_edit(node, b"warpSize", ctx)
    forms = {s.form for s in port.sites if s.form}
    if len(forms) > 1:
        port.block(function_name_span(function), "the kernel numbers warps both per block and across the grid")
    port.form = forms.pop() if len(forms) == 1 else "local"
    _check_thread_uses(port, plain, linear, consumed, ctx)
    _check_calls(port, ctx)
    return port


def function_name_span(function: Node) -> tuple[int, int]:
    name = declarator_name(function)
    node = name if name is not None else function
    return node.start_byte, node.end_byte


def _check_thread_uses(
    port: KernelPort, plain: set[str], linear: set[str], consumed: list[tuple[int, int]], ctx: LintContext
) -> None:
    function = port.function
    for node in descendants(function):
        text = ctx.text(node) if node.type in ("field_expression", "identifier") else ""
        if node.type == "field_expression" and re.sub(r"\s", "", text) == THREAD_X:
            declared = _initialiser_of(node, plain | linear, ctx)
            if declared or _inside(node, consumed) or (port.form == "local" and _lane_use(node, ctx)):
                continue
            port.block(
                node,
                "`threadIdx.x` is used outside the warp and lane numbering, so the lanes of one "
                "wavefront cannot be shown to share their fragment",
            )
            return
        if node.type == "field_expression" and re.sub(r"\s", "", text) == "blockDim.x" and not _inside(node, consumed):
            port.block(
                node,
                "`blockDim.x` is read in the kernel: the port changes how many threads a block has"
                if port.form == "local"
                else "`blockDim.x` is read outside the warp numbering",
            )
            return
        if (
            node.type == "identifier"
            and text in plain | linear
            and not _inside(node, consumed)
            and not _declaring(node)
        ):
            if text in plain and port.form == "local" and _lane_use(node, ctx):
                continue
            port.block(node, f"`{text}` (a thread index) is used outside the warp and lane numbering")
            return


def _declaring(node: Node) -> bool:
    """The name an init_declarator declares (`tid` in `int tid = threadIdx.x;`)."""
    parent = node.parent
    name = parent.child_by_field_name("declarator") if parent is not None and parent.type == "init_declarator" else None
    return name is not None and (name.start_byte, name.end_byte) == (node.start_byte, node.end_byte)


def _initialiser_of(node: Node, names: set[str], ctx: LintContext) -> bool:
    """`threadIdx.x` in the initialiser of a thread-index alias (`int tid = threadIdx.x;`)."""
    parent = node.parent
    while parent is not None and parent.type not in ("init_declarator", "compound_statement"):
        parent = parent.parent
    if parent is None or parent.type != "init_declarator":
        return False
    name = parent.child_by_field_name("declarator")
    return name is not None and ctx.text(name) in names


def _check_calls(port: KernelPort, ctx: LintContext, seen: set[str] | None = None) -> None:
    functions = _file_functions(ctx)
    seen = seen if seen is not None else {port.name}
    for node in descendants(port.function):
        if node.type == "gnu_asm_expression":
            port.block(node, "the kernel has inline assembly")
            return
        if node.type != "call_expression":
            continue
        name = callee_name(node).split("::")[-1]
        if WARP_INTRINSIC.match(name):
            port.block(node, f"`{name}` works on 32-lane warps in CUDA and on whole wavefronts on AMD")
            return
        if port.form == "local" and SIDE_EFFECTS.fullmatch(name):
            port.block(
                node,
                f"`{name}` would run twice per wavefront (both halves of a 64-lane wavefront run the 32-lane code)",
            )
            return
        helper = functions.get(name)
        if helper is not None and name not in seen:
            seen.add(name)
            body = ctx.text(helper)
            if (
                THREAD_X in body.replace(" ", "")
                or "blockDim" in body
                or WARP_INTRINSIC.search(body)
                or (port.form == "local" and SIDE_EFFECTS.search(body))
            ):
                port.block(node, f"`{name}`, which the kernel calls, numbers threads or lanes itself")
                return
