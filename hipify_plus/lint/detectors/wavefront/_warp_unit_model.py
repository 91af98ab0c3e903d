"""What the warp-size unit analysis (HP102, HP105, HP110; see `_warp_units.py`) is built from:
a site a rule would rewrite, the file's functions with their thread-index variables and calls,
and the shapes of thread-index and thread-count arithmetic."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from hipify_plus.cuda.syntax import base_name, callee_text, descendants
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._patterns import _COUNT_NAMES, _HARDWARE_WARP, _LANE_NAME, _TILE_32
from hipify_plus.lint.detectors.wavefront._syntax import (
    _STATEMENT_END,
    _cache,
    _call_base,
    _function_kind,
    _function_name,
    _operator,
)
from hipify_plus.parse import Node


@dataclass
class _Site:
    rule: str
    node: Node  # where it is reported
    anchor: Node  # the node its detector runs on (the expression or the loop)
    function: Node | None
    message: str
    title: str = ""
    edits: list[Edit] = field(default_factory=list)
    consumed: tuple[int, ...] = ()  # start bytes of the literals the fix rewrites
    storage: bool = False  # an array bound sized by a warp count (harmless on its own)


@dataclass
class _Function:
    node: Node
    name: str
    kind: str
    thread_vars: set[str] | None = None  # computed on first use
    called: set[str] | None = None  # computed on first use

    def calls(self, ctx: LintContext) -> set[str]:
        """Names of the functions this one calls."""
        if self.called is None:
            body = self.node.child_by_field_name("body")
            nodes = descendants(body) if body is not None else ()
            self.called = {_call_base(n, ctx) for n in nodes if n.type == "call_expression"}
        return self.called


@dataclass
class _WarpSet:
    sites: dict[tuple[str, int, int], _Site]
    unsafe_reason: dict[int, str]  # function start byte -> why its warp-size fixes are unsafe ("" = safe)


def _thread_derived(node: Node, known: set[str], ctx: LintContext) -> bool:
    """True if an expression computes from the thread's index (not from data it indexes)."""
    stack = [node]
    while stack:
        current = stack.pop()
        kind = current.type
        if kind == "field_expression":
            base = current.child_by_field_name("argument")
            if base is not None and ctx.text(base) == "threadIdx":
                return True
        elif kind == "identifier":
            name = ctx.text(current)
            if name in known or _LANE_NAME.match(name) or name.startswith("hipThreadIdx_"):
                return True
        elif kind == "call_expression":
            name = base_name(callee_text(current))
            if name in ("__lane_id", "thread_rank", "__laneid", "lane_id", "laneid"):
                return True
            if name not in ("min", "max", "__mul24", "__umul24", "static_cast"):
                function = current.child_by_field_name("function")
                if function is not None and function.type == "field_expression":
                    stack.append(function)
                continue
        elif kind in ("subscript_argument_list", "sizeof_expression", "argument_list", "string_literal"):
            continue
        elif kind == "binary_expression" and _operator(current, ctx) in ("*", "<<"):
            floor = 0 if _operator(current, ctx) == "<<" else 1
            sides = (current.child_by_field_name("left"), current.child_by_field_name("right"))
            if any((ctx.int_value(side) or 0) > floor for side in sides):
                continue  # `4 * tid`: an element index, several per thread
        stack.extend(current.named_children)
    return False


def _thread_vars(function: Node, ctx: LintContext) -> set[str]:
    """Local variables computed from threadIdx (tid, lane, warp id, global index...)."""
    body = function.child_by_field_name("body")
    known: set[str] = set()
    if body is None:
        return known
    pairs: list[tuple[str, Node]] = []
    for node in descendants(body):
        if node.type == "init_declarator":
            name, value = node.child_by_field_name("declarator"), node.child_by_field_name("value")
        elif node.type == "assignment_expression":
            name, value = node.child_by_field_name("left"), node.child_by_field_name("right")
        else:
            continue
        if name is not None and name.type == "identifier" and value is not None:
            pairs.append((ctx.text(name), value))
    for _ in range(4):
        before = len(known)
        known |= {name for name, value in pairs if name not in known and _thread_derived(value, known, ctx)}
        if len(known) == before:
            break
    return known


def _functions(ctx: LintContext) -> dict[int, _Function]:
    cache = _cache(ctx)
    if "functions" not in cache:
        found: dict[int, _Function] = {}
        for node in ctx.nodes(frozenset({"function_definition"})):
            found[node.start_byte] = _Function(node, _function_name(node, ctx), _function_kind(node, ctx))
        cache["functions"] = found
    return cast("dict[int, _Function]", cache["functions"])


def _thread_indexish(node: Node, function: _Function | None, ctx: LintContext) -> bool:
    thread_vars: set[str] = set()
    if function is not None:
        if function.thread_vars is None:
            function.thread_vars = _thread_vars(function.node, ctx) if function.kind != "host" else set()
        thread_vars = function.thread_vars
    return _thread_derived(node, thread_vars, ctx)


def _count_name(name: str) -> bool:
    normalized = name.replace("_", "").lower()
    if normalized.startswith("k") and normalized[1:] in _COUNT_NAMES:
        return True
    return normalized in _COUNT_NAMES


def _countish(node: Node, ctx: LintContext) -> bool:
    """True if an expression is a number of threads (blockDim.x, threads, BLOCK_SIZE, ...)."""
    for inner in descendants(node):
        if inner.type == "field_expression":
            base = inner.child_by_field_name("argument")
            if base is not None and ctx.text(base) == "blockDim":
                return True
            if base is not None and base.type == "identifier" and _count_name(ctx.text(base)):
                return True
        elif inner.type == "identifier" and _count_name(ctx.text(inner)):
            return True
    return False


def _in_shared_array_size(node: Node) -> bool:
    child, parent = node, node.parent
    while parent is not None and parent.type not in _STATEMENT_END:
        if parent.type == "array_declarator" and child == parent.child_by_field_name("size"):
            declaration = parent.parent
            while declaration is not None and declaration.type not in ("declaration", "field_declaration"):
                declaration = declaration.parent
            return declaration is not None and any(
                c.type == "type_qualifier" and c.text == b"__shared__" for c in declaration.children
            )
        child, parent = parent, parent.parent
    return False


def _logical_32_warps(function_text: str) -> bool:
    """True if a function works through cooperative-groups tiles of 32 threads and no
    hardware-warp primitive: its 32-thread warp numbers match its tiles on every GPU."""
    return bool(_TILE_32.search(function_text)) and not _HARDWARE_WARP.search(function_text)


def _loop_parts(node: Node) -> tuple[Node, Node, Node, Node] | None:
    """(variable, initial value, condition, update) of `for (int o = A; cond; update)`."""
    init = node.child_by_field_name("initializer")
    condition = node.child_by_field_name("condition")
    update = node.child_by_field_name("update")
    if init is None or update is None or condition is None:
        return None
    if init.type == "declaration":
        declarators = init.children_by_field_name("declarator")
        declarator = next((c for c in declarators if c.type == "init_declarator"), None)
        if declarator is None:
            return None
        variable = declarator.child_by_field_name("declarator")
        start = declarator.child_by_field_name("value")
    elif init.type == "assignment_expression":
        variable, start = init.child_by_field_name("left"), init.child_by_field_name("right")
    else:
        return None
    if variable is None or start is None:
        return None
    return variable, start, condition, update


_ARITHMETIC = frozenset({"+", "-", "*", "/", "%", ">>", "<<"})


def _arithmetic_top(node: Node, ctx: LintContext) -> Node:
    """The largest arithmetic expression `node` is an operand of (through parentheses and casts)."""
    top = node
    while top.parent is not None and (
        top.parent.type in ("parenthesized_expression", "cast_expression")
        or (top.parent.type == "binary_expression" and _operator(top.parent, ctx) in _ARITHMETIC)
    ):
        top = top.parent
    return top


def _byte_count(expression: Node, ctx: LintContext) -> bool:
    """An amount of memory: multiplied by a `sizeof`, or a launch's shared-memory argument."""
    if any(n.type == "sizeof_expression" for n in descendants(expression)):
        return True
    parent = expression.parent
    if parent is not None and parent.type == "kernel_call_syntax":
        config = [c for c in parent.named_children if c.type != "comment"]
        return len(config) > 2 and config[2] == expression
    return False


def _sizes_memory_only(node: Node, ctx: LintContext) -> bool:
    """True if a count only sizes memory (`(threads / 32 + 1) * sizeof(float)`, or a local that
    is used only that way). More wavefront lanes mean fewer warps than CUDA counts, so memory
    sized by 32-thread warps is enough on AMD: it over-allocates."""
    top = _arithmetic_top(node, ctx)
    if _byte_count(top, ctx):
        return True
    parent = top.parent
    target = None
    if parent is not None and parent.type == "init_declarator":
        target = parent.child_by_field_name("declarator")
    elif parent is not None and parent.type == "assignment_expression" and _operator(parent, ctx) == "=":
        target = parent.child_by_field_name("left")
    if parent is None or target is None or target.type != "identifier":
        return False
    name = ctx.text(target)
    scope = parent
    while scope.parent is not None and scope.type not in ("compound_statement", "translation_unit"):
        scope = scope.parent
    uses = [
        n
        for n in descendants(scope)
        if n.type == "identifier" and ctx.text(n) == name and n.start_byte > target.end_byte
    ]
    return bool(uses) and all(_byte_count(_arithmetic_top(use, ctx), ctx) for use in uses)
