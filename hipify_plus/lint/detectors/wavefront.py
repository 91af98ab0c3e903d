"""HP1xx: code that assumes 32-lane warps; AMD CDNA GPUs run 64-lane wavefronts.

Most rules look at one node. The warp-size rewrites (HP102, HP105, HP110) are only safe as a
set: `_warp_set` finds every such site of a file once, groups functions into units (a kernel,
the device helpers it calls, the host code that launches it) and lets a unit's fixes be safe
only when nothing else in the unit still assumes 32 lanes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector, file_detector
from hipify_plus.lint.suppressions import parse_suppressions
from hipify_plus.literals import FULL_32BIT, is_full_32bit_mask, parse_int
from hipify_plus.parse import Node
from hipify_plus.registry import get_rule

SYNC_INTRINSICS = frozenset({
    "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__ballot_sync",
    "__any_sync", "__all_sync", "__match_any_sync", "__match_all_sync", "__syncwarp",
    "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync",
    "__reduce_or_sync", "__reduce_xor_sync",
})
SHUFFLES = frozenset({
    "__shfl_xor_sync", "__shfl_down_sync", "__shfl_xor", "__shfl_down", "__shfl_sync", "__shfl",
})
SCAN_SHUFFLES = SHUFFLES | {"__shfl_up_sync", "__shfl_up"}
WIDE_MASK = "~0ull"

# Calls whose result is a lane mask: 64-bit on AMD, 32-bit in CUDA.
MASK_SOURCES = frozenset({
    "__ballot", "__ballot_sync", "__ballot64", "__activemask", "__match_any_sync", "__match_all_sync",
    "__match_any", "__match_all", "__lanemask_lt", "__lanemask_le", "__lanemask_gt", "__lanemask_ge",
    "__lanemask_eq",
})
BIT_COUNTS = {"__popc": "__popcll", "__ffs": "__ffsll", "__clz": "__clzll", "__brev": "__brevll"}
# _sync builtins (and __activemask) that HIP only declares from ROCm 6.2, with their pre-6.2 forms.
PRE_62_FORMS = {
    "__shfl_sync": "__shfl", "__shfl_up_sync": "__shfl_up", "__shfl_down_sync": "__shfl_down",
    "__shfl_xor_sync": "__shfl_xor", "__ballot_sync": "__ballot", "__any_sync": "__any",
    "__all_sync": "__all", "__match_any_sync": None, "__match_all_sync": None, "__activemask": "__ballot",
}
WAVEFRONT_MACROS = frozenset({"__AMDGCN_WAVEFRONT_SIZE", "__AMDGCN_WAVEFRONT_SIZE__"})
CUB_WARP_PRIMITIVES = frozenset({"WarpReduce", "WarpScan"})

# The portable compile-time warp size injected by fixes (64 on gfx8/gfx9 and in the AMD host
# pass, 32 on gfx10+ and everywhere else), and a `__syncwarp()` that also builds with HIP.
WARP_SIZE_MACRO = "HP_WARP_SIZE"
WARP_SIZE_BLOCK = (
    "// HP_WARP_SIZE (hipify-plus): compile-time wavefront size of the device pass. The AMD host\n"
    "// pass sees 64 even for RDNA targets: host code must query hipDeviceAttributeWarpSize.\n"
    "#ifndef HP_WARP_SIZE\n"
    "#if defined(__HIP__) && (!defined(__HIP_DEVICE_COMPILE__) || defined(__GFX8__) || defined(__GFX9__))\n"
    "#define HP_WARP_SIZE 64\n"
    "#else\n"
    "#define HP_WARP_SIZE 32\n"
    "#endif\n"
    "#endif\n"
)
SYNCWARP_MACRO = "HP_SYNCWARP"
SYNCWARP_BLOCK = (
    "// HP_SYNCWARP (hipify-plus): __syncwarp() for a full warp; AMD lanes run in lockstep, so a\n"
    "// wavefront-scope fence pair around a wave barrier is enough.\n"
    "#ifndef HP_SYNCWARP\n"
    "#if defined(__HIP__)\n"
    "#define HP_SYNCWARP() (__builtin_amdgcn_fence(__ATOMIC_RELEASE, \"wavefront\"), "
    "__builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, \"wavefront\"))\n"
    "#else\n"
    "#define HP_SYNCWARP() __syncwarp()\n"
    "#endif\n"
    "#endif\n"
)

_WARP_CONTEXT = re.compile(
    r"\b(__shfl\w*|__ballot\w*|__any_sync|__all_sync|__activemask|__syncwarp|__match_\w+|"
    r"__reduce_\w+_sync|__lane_id|__lanemask_\w+|warpSize|tiled_partition|thread_block_tile|"
    r"Warp(Reduce|Scan))\b"
)
_HARDWARE_WARP = re.compile(
    r"\b(__shfl\w*|__ballot\w*|__activemask|__any_sync|__all_sync|__any|__all|__syncwarp|__match_\w+|"
    r"__lane_id|__lanemask_\w+|__reduce_\w+_sync|warpSize)\b"
)
_TILE_32 = re.compile(r"\b(tiled_partition|thread_block_tile)\s*<\s*32\s*>")
_MASK_CONTEXT = re.compile(r"\b(__ballot\w*|__activemask|__match_\w+|__lanemask_\w+|\w+_sync)\s*\(")
_LANE_NAME = re.compile(
    r"(?i)^(lane(_?(id|idx|index|no|num))?|laneid|lid|tid|gtid|ltid|tidx|tx|thread_?(id|idx|index)|"
    r"global_?(tid|thread_?(id|idx|index)|id|idx)|local_?(tid|id|idx)|linear_?(tid|id|idx)|"
    r"flat_?(tid|id|idx))$"
)
_LANE_ONLY = re.compile(r"(?i)^(lane(_?(id|idx|index|no|num))?|laneid|my_?lane)$")
_WARPISH = re.compile(r"(?i)lane|warp|wave|^w_?id$")
_WARP_SIZE_NAME = re.compile(
    r"(?i)warp_?(size|sz|threads|width|len)|threads_?per_?(warp|wave)|lanes_?per_?(warp|wave)|"
    r"wave(front)?_?(size|sz|width)|^k?_?warp$"
)
_NOT_HARDWARE_WIDTH = re.compile(r"(?i)sub|logical|half|log2?_|_log|tile|shift|mask|bits|^hp_")
_WARP_COUNT_NAME = re.compile(r"(?i)num_?warps|n_?warps|warps_?per|warp_?count|warps_?in|^k?_?warps$")
_COUNT_NAMES = frozenset({
    "threads", "nthreads", "numthreads", "nthread", "threadcount", "blocksize", "blockdim", "blockthreads",
    "threadsperblock", "tpb", "block", "bs", "ctasize", "maxthreads", "numthreadsperblock", "nthr",
})
_CUB_WARP = re.compile(r"\bWarp(Reduce|Scan|Exchange|Load|Store|MergeSort)\b")
_CONSTANT_CONTEXTS = frozenset({
    "template_argument_list", "static_assert_declaration", "case_statement", "enumerator",
    "alignas_qualifier", "launch_bounds", "template_parameter_list", "bitfield_clause",
})
_STATEMENT_END = frozenset({
    "expression_statement", "declaration", "return_statement", "compound_statement", "if_statement",
    "for_statement", "while_statement", "function_definition", "field_declaration", "translation_unit",
})
_AMD_ONLY_MACROS = frozenset({
    "__HIP_PLATFORM_AMD__", "__HIP_PLATFORM_HCC__", "__HIP__", "__HIPCC__", "__AMDGCN__", "__HCC__",
})
_NVIDIA_ONLY_MACROS = frozenset({"__HIP_PLATFORM_NVIDIA__", "__HIP_PLATFORM_NVCC__", "__NVCC__"})
_AMD_BUILD_FLAG = re.compile(r"(?i)(^|_)(rocm|hip|amd|hcc)(_|$)")
_NOT_PLATFORM_FLAG = re.compile(r"(?i)nvidia|nvcc|enable|disable|no_|device_compile|version|__has")
_WAVE_AWARE = re.compile(r"(?i)__GFX\d|AMDGCN|HIP|ROCM|HCC|WAVEFRONT|__NVCC__|(^|_)AMD(_|$)")
_RDNA = re.compile(r"^gfx1[0-2]\d")


# -- small tree helpers ------------------------------------------------------------------------

def call_name(node: Node, ctx: LintContext) -> str:
    function = node.child_by_field_name("function")
    return ctx.text(function) if function is not None else ""


def call_args(node: Node) -> list[Node]:
    arguments = node.child_by_field_name("arguments")
    return [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []


def _base_name(text: str) -> str:
    return text.split("<")[0].split("::")[-1].strip()


def _unparen(node: Node | None) -> Node | None:
    while node is not None and node.type == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        if len(inner) != 1:
            return node
        node = inner[0]
    return node


def _up(node: Node) -> Node | None:
    """The parent, skipping parentheses around `node`."""
    parent = node.parent
    while parent is not None and parent.type == "parenthesized_expression":
        parent = parent.parent
    return parent


def _walk(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


def _op_literal(node: Node, ctx: LintContext) -> tuple[str, int | None]:
    """(operator, right-hand literal) of a binary expression: ("%", 32) for `x % 32`."""
    return _operator(node, ctx), _literal(node.child_by_field_name("right"), ctx)


def _parenthesized(node: Node, ctx: LintContext) -> list[Edit]:
    """Edits that wrap an operand in parentheses when a tighter operator will replace its own."""
    inner = _unparen(node)
    if node.type == "parenthesized_expression" or inner is None or inner.type not in (
            "binary_expression", "conditional_expression", "assignment_expression"):
        return []
    if _operator(inner, ctx) in ("*", "/", "%"):
        return []
    return [Edit(node.start_byte, node.start_byte, b"("), Edit(node.end_byte, node.end_byte, b")")]


def _literal(node: Node | None, ctx: LintContext) -> int | None:
    """The value of an integer literal (through parentheses), not of a named constant."""
    node = _unparen(node)
    if node is None or node.type != "number_literal":
        return None
    return parse_int(ctx.text(node))


def _operator(node: Node, ctx: LintContext) -> str:
    operator = node.child_by_field_name("operator")
    return ctx.text(operator) if operator is not None else ""


def _function_of(node: Node) -> Node | None:
    parent = node.parent
    while parent is not None and parent.type != "function_definition":
        parent = parent.parent
    return parent


def _function_kind(function: Node | None) -> str:
    """kernel | device | host (a `__host__ __device__` function counts as device code)."""
    if function is None:
        return "host"
    kinds = {c.type for c in function.children}
    if "__global__" in kinds:
        return "kernel"
    return "device" if "__device__" in kinds else "host"


def _function_name(function: Node, ctx: LintContext) -> str:
    declarator = function.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    name = declarator.child_by_field_name("declarator") if declarator is not None else None
    return _base_name(ctx.text(name)) if name is not None else ""


def _assigned_name(node: Node, ctx: LintContext) -> str:
    """The variable an expression initialises or is assigned to, if it is one directly."""
    parent = _up(node)
    if parent is None:
        return ""
    if parent.type == "init_declarator":
        name = parent.child_by_field_name("declarator")
        return ctx.text(name) if name is not None and name.type == "identifier" else ""
    if parent.type == "assignment_expression":
        left = parent.child_by_field_name("left")
        return ctx.text(left) if left is not None and left.type == "identifier" else ""
    return ""


def _constant_context(node: Node, ctx: LintContext) -> bool:
    """True where only a compile-time constant may appear (array bounds, template arguments,
    static_assert, constexpr initialisers, case labels, alignas, ...)."""
    child, parent = node, node.parent
    while parent is not None and parent.type not in _STATEMENT_END:
        if parent.type in _CONSTANT_CONTEXTS:
            return True
        if parent.type == "array_declarator" and child == parent.child_by_field_name("size"):
            return True
        if parent.type == "init_declarator":
            declaration = parent.parent
            if declaration is not None and any(
                c.type == "type_qualifier" and ctx.text(c) == "constexpr" for c in declaration.children
            ):
                return True
        child, parent = parent, parent.parent
    if parent is not None and parent.type == "if_statement" and child.type == "condition_clause":
        return any(ctx.text(c) == "constexpr" for c in parent.children if not c.is_named)
    return False


def _cache(ctx: LintContext) -> dict:
    """Per-file results shared by this module's detectors (the context lives for one file)."""
    return vars(ctx).setdefault("_wavefront_cache", {})


def _suppressed(ctx: LintContext, rule_id: str, node: Node) -> bool:
    cache = _cache(ctx)
    if "suppressions" not in cache:
        comments = ctx.nodes({"comment"}) if b"hipify-plus" in ctx.data else []
        cache["suppressions"] = parse_suppressions(ctx.source, [(c.start_byte, c.end_byte) for c in comments])
    line = node.start_point[0] + 1
    name = get_rule(rule_id).name
    return any((s.file_level or s.line == line) and s.covers(rule_id, name) for s in cache["suppressions"])


# -- preprocessor branches ---------------------------------------------------------------------

def _branch_conditions(node: Node) -> Iterator[tuple[Node, bool]]:
    """(condition, wanted value) for each #if/#ifdef/#elif around `node`: the node is compiled
    only where every condition has its wanted value."""
    child, parent = node, node.parent
    while parent is not None:
        if parent.type in ("preproc_if", "preproc_ifdef", "preproc_elif"):
            condition = _condition_of(parent)
            if child == parent.child_by_field_name("alternative"):
                yield parent, False
            elif child != condition:
                yield parent, True
        child, parent = parent, parent.parent


def _hip_version_values(ctx: LintContext) -> dict[str, int]:
    major, minor, patch = ctx.settings.target_rocm
    return {
        "HIP_VERSION": major * 10_000_000 + minor * 100_000 + patch, "HIP_VERSION_MAJOR": major,
        "HIP_VERSION_MINOR": minor, "ROCM_VERSION_MAJOR": major, "ROCM_VERSION_MINOR": minor,
        "ROCM_VERSION": major * 10_000 + minor * 100 + patch,
    }


def _amd_value(node: Node | None, ctx: LintContext) -> int | bool | None:
    """What a preprocessor condition evaluates to when compiling for AMD at the target ROCm:
    True/False, an integer, or None when it depends on things we cannot see."""
    node = _unparen(node)
    if node is None:
        return None
    kind = node.type
    if kind == "preproc_defined":
        names = [c for c in node.named_children if c.type == "identifier"]
        return _defined_on_amd(ctx.text(names[0])) if names else None
    if kind == "number_literal":
        return parse_int(ctx.text(node))
    if kind == "identifier":
        name = ctx.text(node)
        versions = _hip_version_values(ctx)
        if name in versions:
            return versions[name]
        return True if name in _AMD_ONLY_MACROS else (0 if name in _NVIDIA_ONLY_MACROS else None)
    if kind == "unary_expression" and _operator(node, ctx) == "!":
        value = _amd_value(node.child_by_field_name("argument"), ctx)
        return None if value is None else not value
    if kind == "binary_expression":
        operator = _operator(node, ctx)
        left = _amd_value(node.child_by_field_name("left"), ctx)
        right = _amd_value(node.child_by_field_name("right"), ctx)
        if operator == "&&":
            return False if left is False or right is False or left == 0 or right == 0 else (
                True if left is not None and right is not None else None)
        if operator == "||":
            return True if (left not in (None, False, 0)) or (right not in (None, False, 0)) else (
                False if left is not None and right is not None else None)
        if left is None or right is None:
            return None
        compare = {"==": left == right, "!=": left != right, "<": left < right, "<=": left <= right,
                   ">": left > right, ">=": left >= right}
        return compare.get(operator)
    return None


def _defined_on_amd(name: str) -> bool | None:
    """Whether a macro is defined in an AMD build: the HIP/clang platform macros, and the build
    flags projects use for their ROCm port (USE_ROCM, USE_AMD_ROCM, GGML_USE_HIP, ...)."""
    if name in _AMD_ONLY_MACROS:
        return True
    if name in _NVIDIA_ONLY_MACROS:
        return False
    if _AMD_BUILD_FLAG.search(name) and not _NOT_PLATFORM_FLAG.search(name):
        return True
    return None


def _inactive_on_amd(node: Node, ctx: LintContext) -> bool:
    """True inside a preprocessor branch that is not compiled for AMD (`#if 0`, the CUDA side of
    a platform switch, a HIP_VERSION test that fails at the target ROCm)."""
    for condition_node, wanted in _branch_conditions(node):
        if condition_node.type == "preproc_ifdef":
            name = condition_node.child_by_field_name("name")
            value = _defined_on_amd(ctx.text(name)) if name is not None else None
            if value is not None and ctx.text(condition_node).startswith("#ifndef"):
                value = not value
        else:
            value = _amd_value(condition_node.child_by_field_name("condition"), ctx)
        if value is not None and bool(value) != wanted:
            return True
    return False


def _condition_of(branch: Node) -> Node | None:
    return branch.child_by_field_name("condition") or branch.child_by_field_name("name")


def _in_platform_switch(node: Node, ctx: LintContext) -> bool:
    """True inside an #if/#ifdef whose condition names an AMD, wavefront or platform macro: the
    author already chose a width per platform there."""
    for condition_node, _ in _branch_conditions(node):
        condition = _condition_of(condition_node)
        if condition is not None and _WAVE_AWARE.search(ctx.text(condition)):
            return True
    return False


# -- injected portable macros -------------------------------------------------------------------

def _prelude_end(ctx: LintContext) -> int:
    """Where injected macros go: after the leading #include block (inside an include guard)."""
    cache = _cache(ctx)
    if "prelude" in cache:
        return cache["prelude"]
    container = ctx.tree.root_node
    significant = [c for c in container.named_children if c.type not in ("comment", "preproc_call")]
    if len(significant) == 1 and significant[0].type == "preproc_ifdef":
        container = significant[0]
    position = None
    children = container.named_children
    name = container.child_by_field_name("name") if container.type == "preproc_ifdef" else None
    for child in children:
        if child == name or child.type in ("comment", "preproc_call"):
            continue
        if container.type == "preproc_ifdef" and child.type == "preproc_def" and position is None:
            guard = child.child_by_field_name("name")
            if name is not None and guard is not None and ctx.text(guard) == ctx.text(name):
                position = _next_line(ctx, child.end_byte)
                continue
        if child.type == "preproc_include":
            position = _next_line(ctx, child.end_byte)
            continue
        if position is None:
            position = child.start_byte
        break
    cache["prelude"] = position if position is not None else 0
    return cache["prelude"]


def _with_warp_size_macro(ctx: LintContext, span: Node | tuple[int, int]) -> list[Edit] | None:
    """Replace `span` by HP_WARP_SIZE, inserting its definition if the file lacks it."""
    start, end = (span.start_byte, span.end_byte) if not isinstance(span, tuple) else span
    edits = [Edit(start, end, WARP_SIZE_MACRO.encode())]
    return _with_macro(ctx, span, edits, WARP_SIZE_MACRO, WARP_SIZE_BLOCK)


def _next_line(ctx: LintContext, offset: int) -> int:
    newline = ctx.data.find(b"\n", max(offset - 1, 0))
    return len(ctx.data) if newline == -1 else newline + 1


def _with_macro(ctx: LintContext, node: Node | tuple[int, int], edits: list[Edit], macro: str,
                block: str) -> list[Edit] | None:
    """`edits` plus the insertion of a macro block if the file lacks it. None if the use comes
    before the place the block would go."""
    if re.search(rb"#\s*define\s+" + macro.encode() + rb"\b", ctx.data):
        return edits
    position = _prelude_end(ctx)
    start = node[0] if isinstance(node, tuple) else node.start_byte
    if start < position:
        return None
    text = "\n" + block if position > 0 and ctx.data[position - 2 : position] != b"\n\n" else block + "\n"
    return [Edit(position, position, text.encode()), *edits]


# -- shared warp-set analysis (HP102, HP105, HP110) ---------------------------------------------

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
            nodes = _walk(body) if body is not None else ()
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
            name = _base_name(call_name(current, ctx))
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
    for node in _walk(body):
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
            found[node.start_byte] = _Function(node, _function_name(node, ctx), _function_kind(node))
        cache["functions"] = found
    return cache["functions"]


def _call_base(call: Node, ctx: LintContext) -> str:
    function = call.child_by_field_name("function")
    if function is None:
        return ""
    if function.type == "field_expression":
        field_node = function.child_by_field_name("field")
        return ctx.text(field_node) if field_node is not None else ""
    return _base_name(ctx.text(function))


def _thread_indexish(node: Node, function: _Function | None, ctx: LintContext) -> bool:
    if function is not None and function.thread_vars is None:
        function.thread_vars = _thread_vars(function.node, ctx) if function.kind != "host" else set()
    return _thread_derived(node, function.thread_vars if function is not None else set(), ctx)


def _count_name(name: str) -> bool:
    normalized = name.replace("_", "").lower()
    if normalized.startswith("k") and normalized[1:] in _COUNT_NAMES:
        return True
    return normalized in _COUNT_NAMES


def _countish(node: Node, ctx: LintContext) -> bool:
    """True if an expression is a number of threads (blockDim.x, threads, BLOCK_SIZE, ...)."""
    for inner in _walk(node):
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
                c.type == "type_qualifier" and c.text == b"__shared__" for c in declaration.children)
        child, parent = parent, parent.parent
    return False


def _bitset_operands(function: Node, ctx: LintContext) -> set[str]:
    """Left operands of `x % 32` / `x & 31` whose bit `1u << (x % 32)` is written into a memory
    word (`atomicOr(&bits[x / 32], ...)`, `bits[x / 32] |= ...`): a bitmap, not lanes."""
    cache = _cache(ctx).setdefault("bitset", {})
    if function.start_byte in cache:
        return cache[function.start_byte]
    found: set[str] = set()
    body = function.child_by_field_name("body")
    for node in _walk(body) if body is not None else ():
        if node.type != "binary_expression" or _operator(node, ctx) != "<<":
            continue
        amount = _unparen(node.child_by_field_name("right"))
        if amount is None or amount.type != "binary_expression":
            continue
        if _op_literal(amount, ctx) not in (("%", 32), ("&", 31)):
            continue
        into_word = _into_memory_word(node, ctx)
        operand = amount.child_by_field_name("left")
        if into_word and operand is not None:
            found.add(ctx.text(operand).replace(" ", ""))
    cache[function.start_byte] = found
    return found


def _into_memory_word(shift: Node, ctx: LintContext) -> bool:
    """True if a bit is written into a word in memory (`atomicOr(&w[i], bit)`, `w[i] |= bit`)."""
    parent = _up(shift)
    if parent is not None and parent.type == "argument_list" and parent.parent is not None:
        return call_name(parent.parent, ctx).startswith(("atomicOr", "atomicAnd", "atomicXor"))
    if parent is not None and parent.type == "assignment_expression" \
            and _operator(parent, ctx) in ("|=", "&=", "^="):
        left = parent.child_by_field_name("left")
        return left is not None and left.type in ("subscript_expression", "pointer_expression")
    return False


def _logical_32_warps(function_text: str) -> bool:
    """True if a function works through cooperative-groups tiles of 32 threads and no
    hardware-warp primitive: its 32-thread warp numbers match its tiles on every GPU."""
    return bool(_TILE_32.search(function_text)) and not _HARDWARE_WARP.search(function_text)


def _lane_index_site(node: Node, ctx: LintContext, functions: dict[int, _Function]) -> _Site | None:
    """HP102: `tid & 31`, `tid % 32`, `tid / 32`, `tid >> 5` on a thread's lane or warp index."""
    operator = _operator(node, ctx)
    right = node.child_by_field_name("right")
    value = _literal(right, ctx)
    if (operator, value) not in (("&", 31), ("%", 32), ("/", 32), (">>", 5)):
        return None
    function_node = _function_of(node)
    function = functions.get(function_node.start_byte) if function_node is not None else None
    if function is None or function.kind == "host":
        return None
    left = node.child_by_field_name("left")
    if left is None or not _thread_indexish(left, function, ctx):
        return None
    body_text = ctx.text(function_node)
    if not (_WARP_CONTEXT.search(body_text) or _WARPISH.search(_assigned_name(node, ctx))
            or _WARPISH.search(function.name)):
        return None
    if _logical_32_warps(body_text):
        return None
    if ctx.text(left).replace(" ", "") in _bitset_operands(function_node, ctx):
        return None
    if _inactive_on_amd(node, ctx):
        return None
    text = ctx.text(node)
    assert right is not None
    if operator == "&":
        replacement, edits = "& (warpSize - 1)", [Edit(right.start_byte, right.end_byte, b"(warpSize - 1)")]
        what = "a lane index"
    elif operator == "%":
        replacement, edits = "% warpSize", [Edit(right.start_byte, right.end_byte, b"warpSize")]
        what = "a lane index"
    else:
        replacement = "/ warpSize"
        what = "a warp index"
        if operator == "/":
            edits = [Edit(right.start_byte, right.end_byte, b"warpSize")]
        else:
            op_node = node.child_by_field_name("operator")
            assert op_node is not None
            edits = [*_parenthesized(left, ctx), Edit(op_node.start_byte, right.end_byte, b"/ warpSize")]
    consequence = ("lanes 32-63 get the numbers of lanes 0-31" if what == "a lane index"
                   else "each wavefront gets two warp numbers")
    message = (f"`{text}` computes {what} for 32-lane warps: a wavefront has 64 lanes on CDNA "
               f"(MI100/MI200/MI300), so {consequence}")
    return _Site("HP102", node, node, function_node, message, f"Use `{replacement}`", edits,
                 (right.start_byte,))


def _warp_count_site(node: Node, ctx: LintContext, functions: dict[int, _Function]) -> _Site | None:
    """HP110: a number of warps computed as `threads / 32` (or `>> 5`, `(n + 31) / 32`)."""
    operator = _operator(node, ctx)
    right = node.child_by_field_name("right")
    value = _literal(right, ctx)
    if (operator, value) not in (("/", 32), (">>", 5)):
        return None
    left = node.child_by_field_name("left")
    if left is None or right is None:
        return None
    function_node = _function_of(node)
    function = functions.get(function_node.start_byte) if function_node is not None else None
    if _thread_indexish(left, function, ctx):
        return None  # a thread's warp index: HP102
    assigned = _assigned_name(node, ctx)
    shared_size = _in_shared_array_size(node)
    if function_node is not None and _logical_32_warps(ctx.text(function_node)):
        return None
    if not (_countish(left, ctx) or _WARP_COUNT_NAME.search(assigned) or shared_size):
        return None
    if _inactive_on_amd(node, ctx):
        return None
    text = ctx.text(node)
    rounded = _unparen(left)
    round_up = None
    if operator == "/" and rounded is not None and rounded.type == "binary_expression" \
            and _operator(rounded, ctx) == "+" and _literal(rounded.child_by_field_name("right"), ctx) == 31:
        round_up = _unparen(rounded.child_by_field_name("right"))
    kind = _function_kind(function_node) if function_node is not None else "host"
    if kind == "host":
        message = (f"`{text}` counts 32-thread warps in host code: a wavefront has 64 threads on CDNA "
                   "and 32 on RDNA; query hipDeviceAttributeWarpSize for the device")
        return _Site("HP110", node, node, function_node, message)
    if shared_size or _constant_context(node, ctx):
        message = (f"`{text}` sizes per-warp storage for 32-thread warps: with 64-lane wavefronts "
                   "half of it is unused, and it must change together with the warp index math")
        return _Site("HP110", node, node, function_node, message, storage=shared_size)
    edits = [Edit(right.start_byte, right.end_byte, b"warpSize")]
    consumed = [right.start_byte]
    if operator == ">>":
        op_node = node.child_by_field_name("operator")
        assert op_node is not None
        edits = [*_parenthesized(left, ctx), Edit(op_node.start_byte, right.end_byte, b"/ warpSize")]
    if round_up is not None:
        edits.insert(0, Edit(round_up.start_byte, round_up.end_byte, b"warpSize - 1"))
        consumed.append(round_up.start_byte)
    message = (f"`{text}` counts 32-thread warps per block: a block of 256 threads has 4 wavefronts "
               "on CDNA, not 8")
    return _Site("HP110", node, node, function_node, message, "Count warps with `warpSize`", edits,
                 tuple(consumed))


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


def _has_width_argument(body: Node, names: frozenset[str], ctx: LintContext) -> bool:
    """True if a shuffle passes an explicit width other than warpSize (a logical sub-warp)."""
    for node in _walk(body):
        if node.type != "call_expression":
            continue
        name = call_name(node, ctx)
        if name in names:
            args = call_args(node)
            width_at = 3 if name.endswith("_sync") else 2
            if len(args) > width_at and "warpSize" not in ctx.text(args[width_at]):
                return True
    return False


def _reduction_site(node: Node, ctx: LintContext) -> _Site | None:
    """HP105: a shuffle loop whose offsets are fixed for 32 lanes: 16, 8, 4, 2, 1 or 1 ... 16."""
    parts = _loop_parts(node)
    body = node.child_by_field_name("body")
    if parts is None or body is None:
        return None
    variable, start, condition, update = parts
    name = ctx.text(variable)
    step = ctx.text(update).replace(" ", "")
    body_text = ctx.text(body)
    if name not in body_text:
        return None
    halving = step in (f"{name}>>=1", f"{name}/=2", f"{name}={name}/2", f"{name}={name}>>1")
    doubling = step in (f"{name}<<=1", f"{name}*=2", f"{name}={name}*2", f"{name}={name}<<1",
                        f"{name}+={name}")
    if halving and ctx.int_value(start) == 16:
        shuffles = SHUFFLES
        target, replacement = start, "warpSize / 2"
        message = ("warp reduction starts at offset 16: on a 64-lane wavefront it reduces each half "
                   "separately and lane 0 gets the sum of lanes 0-31 only")
        title = "Start the reduction at `warpSize / 2`"
    elif doubling and ctx.int_value(start) == 1 and condition.type == "binary_expression":
        bound = condition.child_by_field_name("right")
        op = _operator(condition, ctx)
        value = ctx.int_value(bound)
        if bound is None or (op, value) not in (("<", 32), ("<=", 16)):
            return None
        shuffles = SCAN_SHUFFLES
        target = bound
        replacement = "warpSize" if op == "<" else "warpSize / 2"
        message = (f"shuffle loop stops at offset {value}: it combines only 32 lanes, so on a 64-lane "
                   "wavefront each half is scanned or reduced separately")
        title = f"Bound the loop by `{replacement}`"
    else:
        return None
    if not any(shuffle + "(" in body_text for shuffle in shuffles):
        return None
    if _has_width_argument(body, shuffles, ctx) or _inactive_on_amd(node, ctx):
        return None
    return _Site("HP105", target, node, _function_of(node), message, title,
                 [Edit(target.start_byte, target.end_byte, replacement.encode())], (target.start_byte,))


def _warp_set(ctx: LintContext) -> _WarpSet:
    cache = _cache(ctx)
    if "warp_set" in cache:
        return cache["warp_set"]
    sites: dict[tuple[str, int, int], _Site] = {}
    candidates = [
        n for n in ctx.nodes(frozenset({"binary_expression", "for_statement"}))
        if (n.type == "for_statement" and b"__shfl" in ctx.data[n.start_byte:n.end_byte])
        or (n.type == "binary_expression" and _literal(n.child_by_field_name("right"), ctx) in (5, 31, 32))
    ]
    functions = _functions(ctx) if candidates else {}
    for node in candidates:
        if node.type == "for_statement":
            site = _reduction_site(node, ctx)
        else:
            site = _lane_index_site(node, ctx, functions) or _warp_count_site(node, ctx, functions)
        if site is not None:
            sites[(site.rule, site.anchor.start_byte, site.anchor.end_byte)] = site
    # Per-warp storage only matters next to 32-lane index math; with warpSize indexing it
    # merely over-allocates on wave64.
    indexed = {s.function.start_byte for s in sites.values() if s.function is not None and not s.storage
               and s.rule in ("HP102", "HP110")}
    sites = {k: s for k, s in sites.items() if not s.storage or s.function.start_byte in indexed}
    consumed: set[int] = set()
    for site in sites.values():
        enabled = ctx.settings.enabled(site.rule, ctx.source.path)
        if site.edits and enabled and not _suppressed(ctx, site.rule, site.node):
            consumed.update(site.consumed)
    reasons = _unit_reasons(ctx, functions, sites, consumed) if any(s.edits for s in sites.values()) else {}
    cache["warp_set"] = _WarpSet(sites, reasons)
    return cache["warp_set"]


def _line(ctx: LintContext, node: Node) -> int:
    return node.start_point[0] + 1


def _tainted_names(ctx: LintContext) -> dict[str, str]:
    """Macros and file-scope constants whose value spells a 32-lane assumption: name -> value."""
    cache = _cache(ctx)
    if "tainted" in cache:
        return cache["tainted"]
    found: dict[str, str] = {}
    pattern = re.compile(r"(?<![\w.])(32|31|0[xX]1[fF]|0[xX]20)[uUlL]*(?![\w.])|>>\s*5\b|<<\s*5\b")
    for node in ctx.nodes(frozenset({"preproc_def", "preproc_function_def", "declaration"})):
        if node.type == "declaration":
            if _function_of(node) is not None:
                continue
            for declarator in node.children_by_field_name("declarator"):
                if declarator.type != "init_declarator":
                    continue
                name, value = declarator.child_by_field_name("declarator"), declarator.child_by_field_name("value")
                if name is not None and value is not None and name.type == "identifier":
                    text = ctx.text(value)
                    if pattern.search(text) or _WARP_SIZE_NAME.search(text):
                        found[ctx.text(name)] = text
            continue
        name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        if name is None or value is None or ctx.text(name) in (WARP_SIZE_MACRO, SYNCWARP_MACRO):
            continue
        text = ctx.text(value)
        if pattern.search(text) or (_WARP_SIZE_NAME.search(text) and WARP_SIZE_MACRO not in text):
            found[ctx.text(name)] = text
    cache["tainted"] = found
    return found


def _function_blocker(function: _Function, ctx: LintContext, consumed: set[int], defined: set[str],
                      site_parts: set[int]) -> str:
    """Why this function still assumes 32 lanes once its fixable sites are rewritten ("" if not).
    `site_parts` are the parts every site would rewrite; those not in `consumed` (rule not
    selected, finding suppressed) stay as they are."""
    body = function.node.child_by_field_name("body")
    if body is None:
        return ""
    tainted = _tainted_names(ctx)
    arrays: dict[str, Node] = {}
    locals_: dict[str, Node] = {}
    for node in _walk(body):
        kind = node.type
        reason = ""
        if kind == "init_declarator":
            name, value = node.child_by_field_name("declarator"), node.child_by_field_name("value")
            if name is not None and value is not None and name.type == "identifier":
                locals_[ctx.text(name)] = value
        elif kind == "number_literal" and node.start_byte not in consumed:
            value = parse_int(ctx.text(node))
            parent = node.parent
            if value in (31, 32):
                array = _sized_array(node)
                if array is not None:
                    arrays.setdefault(ctx.text(array), node)
                    continue
                reason = f"`{ctx.text(parent or node)}`"
            elif value == 5 and parent is not None and _operator(parent, ctx) in ("<<", ">>", "<<=", ">>=") \
                    and parent.child_by_field_name("right") == node:
                reason = f"`{ctx.text(parent)}`"
            elif value == 16 and _half_warp_use(node, function, ctx):
                reason = f"`{ctx.text(parent or node)}`"
        kept = node.start_byte in site_parts and node.start_byte not in consumed
        if kept and kind in ("number_literal", "identifier"):
            reason = f"`{ctx.text(node.parent or node)}`, which is not rewritten here,"
        elif kind == "identifier":
            name = ctx.text(node)
            if name in ("warpSize", WARP_SIZE_MACRO) or (name in locals_ and not _WARP_COUNT_NAME.search(name)):
                continue
            if _WARP_SIZE_NAME.search(name) and not _NOT_HARDWARE_WIDTH.search(name):
                reason = f"`{name}`"
            elif name in tainted:
                reason = f"`{name}` (`{tainted[name].strip()}`)"
            elif _WARP_COUNT_NAME.search(name) and not _local_from_fixed(locals_.get(name), consumed):
                reason = f"`{name}`"
        elif kind == "call_expression":
            name = _call_base(node, ctx)
            if name and name not in defined and not name.startswith("__") and _WARPISH.search(name) \
                    and not name.startswith(("tiled_partition", "this_")) and not _inactive_on_amd(node, ctx):
                return (f"`{name}()` on line {_line(ctx, node)} is defined in another file and may "
                        "assume 32 lanes")
            elif name in SYNC_INTRINSICS:
                args = call_args(node)
                mask = _literal(args[0], ctx) if args else None
                if mask is not None and mask not in (FULL_32BIT, 2**64 - 1):
                    reason = f"the partial mask `{ctx.text(args[0])}`"
        if reason and not _inactive_on_amd(node, ctx):
            return f"{reason} on line {_line(ctx, node)} also assumes 32 lanes"
    if arrays:
        warp_ids = _warp_id_vars(function, ctx, consumed)
        for node in _walk(body):
            if node.type != "subscript_expression":
                continue
            array = node.child_by_field_name("argument")
            if array is None or ctx.text(array) not in arrays:
                continue
            indices = node.child_by_field_name("indices")
            index = _unparen(indices.named_children[0]) if indices and indices.named_children else None
            if index is None or not (_warp_id_index(index, ctx, consumed, warp_ids)
                                     or _guarded_by_warp_count(node, index, ctx, consumed)):
                return (f"`{ctx.text(node)}` on line {_line(ctx, node)} indexes an array sized for 32-lane "
                        "warps with something other than a warp index")
    return ""


def _sized_array(node: Node) -> Node | None:
    """The array whose bound contains this literal, if it does."""
    child, parent = node, node.parent
    while parent is not None and parent.type not in _STATEMENT_END:
        if parent.type == "array_declarator" and child == parent.child_by_field_name("size"):
            name = parent.child_by_field_name("declarator")
            while name is not None and name.type == "array_declarator":
                name = name.child_by_field_name("declarator")
            return name if name is not None and name.type == "identifier" else None
        child, parent = parent, parent.parent
    return None


def _half_warp_use(node: Node, function: _Function, ctx: LintContext) -> bool:
    """A literal 16 as a shuffle offset or compared with a lane index (half a 32-lane warp)."""
    parent = _up(node)
    if parent is None:
        return False
    call = parent.parent if parent.type == "argument_list" else None
    if call is not None and call.type == "call_expression":
        return call_name(call, ctx) in SCAN_SHUFFLES
    if parent.type == "binary_expression" and _operator(parent, ctx) in ("<", "<=", ">", ">=", "==", "!="):
        other = parent.child_by_field_name("left")
        if other is not None and _unparen(other) == node:
            other = parent.child_by_field_name("right")
        return other is not None and _thread_indexish(other, function, ctx)
    return False


def _local_from_fixed(value: Node | None, consumed: set[int]) -> bool:
    """True if a local's initialiser is rewritten by the set (or already uses warpSize)."""
    if value is None:
        return False
    return b"warpSize" in value.text or any(n.start_byte in consumed for n in _walk(value))


def _warp_id_index(index: Node, ctx: LintContext, consumed: set[int], warp_ids: set[str]) -> bool:
    if index.type == "identifier":
        return ctx.text(index) in warp_ids
    if index.type == "binary_expression":
        right = index.child_by_field_name("right")
        return _operator(index, ctx) in ("/", ">>") and right is not None and (
            right.start_byte in consumed or ctx.text(right) == "warpSize")
    return False


def _guarded_by_warp_count(access: Node, index: Node, ctx: LintContext, consumed: set[int]) -> bool:
    """True if `a[i]` runs only where `i < <a warp count being rewritten>` (`i < blockDim.x / 32`),
    so after the rewrite `i` stays below the number of warps the array was sized for."""
    if index.type != "identifier":
        return False
    name = ctx.text(index)
    child, parent = access, access.parent
    while parent is not None and parent.type != "function_definition":
        guarded = {"conditional_expression": "consequence", "if_statement": "consequence",
                   "while_statement": "body", "for_statement": "body"}.get(parent.type)
        condition = parent.child_by_field_name("condition") \
            if guarded and child == parent.child_by_field_name(guarded) else None
        for node in _walk(condition) if condition is not None else ():
            if node.type == "binary_expression" and _operator(node, ctx) in ("<", "<="):
                left = _unparen(node.child_by_field_name("left"))
                bound = node.child_by_field_name("right")
                if left is not None and ctx.text(left) == name and _local_from_fixed(bound, consumed):
                    return True
        child, parent = parent, parent.parent
    return False


def _warp_id_vars(function: _Function, ctx: LintContext, consumed: set[int]) -> set[str]:
    """Locals holding a warp index (`w = tid / 32` being fixed, or `/ warpSize`) and loop
    variables bounded by a warp count being fixed (`for (w = 0; w < blockDim.x / 32; ...)`)."""
    found: set[str] = set()
    body = function.node.child_by_field_name("body")
    if body is None:
        return found
    for node in _walk(body):
        if node.type == "init_declarator":
            name, value = node.child_by_field_name("declarator"), _unparen(node.child_by_field_name("value"))
            if name is not None and value is not None and value.type == "binary_expression" \
                    and _warp_id_index(value, ctx, consumed, set()):
                found.add(ctx.text(name))
        elif node.type == "for_statement":
            parts = _loop_parts(node)
            if parts is None:
                continue
            variable, start, condition, _ = parts
            bound = condition.child_by_field_name("right") if condition.type == "binary_expression" else None
            if bound is not None and ctx.int_value(start) == 0 and _local_from_fixed(bound, consumed):
                found.add(ctx.text(variable))
    return found


def _file_scope_warp_array(ctx: LintContext) -> str:
    """A file-scope __shared__/__device__ array sized with 32: its users are not all visible."""
    tainted = _tainted_names(ctx)
    for node in ctx.tree.root_node.named_children:
        if node.type != "declaration":
            continue
        for inner in _walk(node):
            if inner.type == "array_declarator":
                size = inner.child_by_field_name("size")
                text = ctx.text(size) if size is not None else ""
                named = any(re.search(rf"\b{re.escape(t)}\b", text) for t in tainted)
                if named or re.search(r"\b(31|32)\b", text):
                    return (f"the file-scope array `{ctx.text(inner)}` on line {_line(ctx, inner)} "
                            "assumes 32 lanes")
    return ""


def _launch_blocker(ctx: LintContext, launcher: Node, launch, sites: dict) -> str:
    """Why the host code that launches a kernel still assumes 32 lanes ("" if it does not): the
    launch expression and the locals it is computed from, followed back through the launcher."""
    body = launcher.child_by_field_name("body")
    definitions: dict[str, list[Node]] = {}
    for node in _walk(body) if body is not None else ():
        if node.type == "init_declarator":
            name, value = node.child_by_field_name("declarator"), node.child_by_field_name("value")
        elif node.type == "assignment_expression":
            name, value = node.child_by_field_name("left"), node.child_by_field_name("right")
        else:
            continue
        if name is not None and value is not None and name.type == "identifier":
            definitions.setdefault(ctx.text(name), []).append(value)
    function = launch.node.child_by_field_name("function")
    parts = [c for c in launch.node.children if c != function]
    seen: set[str] = set()
    tainted = _tainted_names(ctx)
    host_sites = {(s.node.start_byte, s.node.end_byte): s for s in sites.values() if s.rule == "HP110"}
    while parts:
        part = parts.pop()
        for node in _walk(part):
            if (node.start_byte, node.end_byte) in host_sites:
                return (f"the launch of `{launch.kernel}` is sized by `{ctx.text(node)}` on line "
                        f"{_line(ctx, node)}, which counts 32-thread warps")
            if node.type == "number_literal" and parse_int(ctx.text(node)) in (31, 32):
                return (f"the launch of `{launch.kernel}` uses `{ctx.text(part)}` on line "
                        f"{_line(ctx, node)}, which assumes 32-lane warps")
            if node.type != "identifier":
                continue
            name = ctx.text(node)
            if _WARP_SIZE_NAME.search(name) or _WARP_COUNT_NAME.search(name) or name in tainted:
                return (f"the launch of `{launch.kernel}` uses `{name}` on line {_line(ctx, node)}, "
                        "which assumes 32-lane warps")
            if name not in seen:
                seen.add(name)
                parts.extend(definitions.get(name, ()))
    if launch.threads is None or launch.threads % 64:
        # A block that does not fill its last 64-lane wavefront leaves lanes inactive, and a
        # reduction over the whole wavefront would read them.
        size = "a run-time value" if launch.threads is None else str(launch.threads)
        return (f"the block size of the launch of `{launch.kernel}` on line {_line(ctx, launch.node)} "
                f"is {size}, not a known multiple of 64")
    return ""


def _launches(ctx: LintContext) -> list:
    """The file's launch sites. Without them every kernel counts as launched elsewhere (unsafe)."""
    try:
        return ctx.launches
    except RecursionError:  # LintContext folds `dim3 a = b;` by recursing into its own cache
        return []


def _unit_reasons(ctx: LintContext, functions: dict[int, _Function], sites: dict,
                  consumed: set[int]) -> dict[int, str]:
    """For each device function: "" if its warp-size fixes are safe, else why not."""
    by_name: dict[str, list[_Function]] = {}
    for function in functions.values():
        by_name.setdefault(function.name, []).append(function)
    defined = set(by_name)
    file_reason = ""
    if _CUB_WARP.search(ctx.data.decode("utf-8", "replace")):
        file_reason = "CUB/hipCUB warp primitives in this file keep their own width"
    file_reason = file_reason or _file_scope_warp_array(ctx)
    blockers: dict[int, str] = {}
    site_parts = {part for site in sites.values() for part in site.consumed}

    def blocker(function: _Function) -> str:
        if function.node.start_byte not in blockers:
            blockers[function.node.start_byte] = _function_blocker(
                function, ctx, consumed, defined, site_parts)
        return blockers[function.node.start_byte]

    launchers: dict[str, list[tuple[Node, object]]] = {}
    for launch in _launches(ctx):
        owner = _function_of(launch.node)
        if owner is not None:
            launchers.setdefault(launch.kernel, []).append((owner, launch))
    reasons: dict[int, str] = {}
    members_of: dict[int, list[_Function]] = {}
    for kernel in (f for f in functions.values() if f.kind == "kernel"):
        members: list[_Function] = []
        pending = [kernel]
        while pending:
            current = pending.pop()
            if any(m.node == current.node for m in members):
                continue
            members.append(current)
            for callee in current.calls(ctx):
                pending.extend(f for f in by_name.get(callee, ()) if f.kind != "host")
        reason = file_reason
        if not reason and kernel.name not in launchers:
            reason = (f"`{kernel.name}` is not launched in this file, so its launch configuration is "
                      "not visible")
        for member in members:
            reason = reason or blocker(member)
        for owner, launch in launchers.get(kernel.name, ()):
            reason = reason or _launch_blocker(ctx, owner, launch, sites)
        for member in members:
            members_of.setdefault(member.node.start_byte, []).append(kernel)
            previous = reasons.get(member.node.start_byte, "")
            reasons[member.node.start_byte] = previous or reason
    for function in functions.values():
        if function.kind != "host" and function.node.start_byte not in members_of:
            reasons[function.node.start_byte] = (
                f"no kernel in this file calls `{function.name}`, so its callers are not visible")
    return reasons


def _report_site(ctx: LintContext, site: _Site) -> None:
    if not site.edits:
        ctx.report(site.rule, site.node, site.message)
        return
    reason = _warp_set(ctx).unsafe_reason.get(site.function.start_byte, "no enclosing kernel") \
        if site.function is not None else "not inside a function"
    message = site.message
    if reason:
        message += f" (the fix is unsafe: {reason})"
    fix = ctx.fix(site.rule, site.title, site.edits, applicability="unsafe" if reason else None)
    ctx.report(site.rule, site.node, message, fix)


# -- rules --------------------------------------------------------------------------------------

# HP101
@detector("preproc_def", "declaration", "enumerator", emits=("HP101",))
def hardcoded_warp_size(node: Node, ctx: LintContext) -> None:
    for name, value in ctx.named_values(node):
        label = ctx.text(name)
        if not _WARP_SIZE_NAME.search(label) or _NOT_HARDWARE_WIDTH.search(label):
            continue
        if value.type == "preproc_arg":
            start, end = _value_span(value, ctx)
            number = parse_int(ctx.data[start:end].decode("utf-8", "replace").strip("()"))
        else:
            number = ctx.int_value(value)
        if number != 32:
            continue
        if _in_platform_switch(node, ctx) or _inactive_on_amd(node, ctx):
            continue
        message = (f"`{label}` hard-codes a warp size of 32: AMD wavefronts have 64 lanes on CDNA "
                   "(MI100/MI200/MI300) and 32 on RDNA")
        fix = None
        span = _value_span(value, ctx)
        if not _used_in_host_code(label, ctx):
            edits = _with_warp_size_macro(ctx, span)
            if edits is not None:
                fix = ctx.fix("HP101", f"Define `{label}` from the portable `{WARP_SIZE_MACRO}`", edits)
        else:
            message += "; host code uses it, where the width must come from hipDeviceAttributeWarpSize"
        ctx.report("HP101", span, message, fix)


def _value_span(value: Node, ctx: LintContext) -> tuple[int, int]:
    """The bytes of a value; for a macro, its body without surrounding blanks and comments."""
    if value.type != "preproc_arg":
        return value.start_byte, value.end_byte
    text = ctx.text(value)
    body = re.split(r"//|/\*", text, maxsplit=1)[0]
    start = value.start_byte + len(text.encode()) - len(text.lstrip().encode())
    return start, start + len(body.strip().encode())


def _used_in_host_code(name: str, ctx: LintContext) -> bool:
    """True if a name, or a macro or file-scope constant built from it, is used outside device
    code (where a compile-time warp size is the host pass's 64)."""
    names = {name}
    kinds = frozenset({"preproc_def", "preproc_function_def", "declaration"})
    definitions = [n for n in ctx.nodes(kinds)
                   if n.type != "declaration" or _function_of(n) is None]
    for _ in range(4):
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(names))) + r")\b")
        before = len(names)
        for node in definitions:
            for defined, value in ctx.named_values(node) if node.type != "preproc_function_def" else ():
                if pattern.search(ctx.text(value)):
                    names.add(ctx.text(defined))
            if node.type == "preproc_function_def":
                macro, value = node.child_by_field_name("name"), node.child_by_field_name("value")
                if macro is not None and value is not None and pattern.search(ctx.text(value)):
                    names.add(ctx.text(macro))
        if len(names) == before:
            break
    for node in ctx.nodes(frozenset({"identifier", "type_identifier"})):
        if ctx.text(node) not in names or _defines(node):
            continue
        function = _function_of(node)
        if function is not None:
            if _function_kind(function) == "host":
                return True
            continue
        declaration = node.parent
        while declaration is not None and declaration.type not in ("declaration", "translation_unit"):
            declaration = declaration.parent
        if declaration is None or declaration.type != "declaration":
            if not _in_preproc_condition(node):
                return True
            continue
        qualifiers = {ctx.text(c) for c in declaration.children if c.type == "type_qualifier"}
        if not qualifiers & {"__shared__", "__device__", "__constant__", "const", "constexpr"}:
            return True
    return False


def _defines(node: Node) -> bool:
    parent = node.parent
    if parent is None:
        return False
    field_name = {"preproc_def": "name", "preproc_function_def": "name", "enumerator": "name",
                  "init_declarator": "declarator"}.get(parent.type)
    return field_name is not None and parent.child_by_field_name(field_name) == node


# HP102
@detector("binary_expression", "preproc_arg", emits=("HP102",))
def lane_index_assumes_32(node: Node, ctx: LintContext) -> None:
    if node.type == "preproc_arg":
        _lane_index_in_macro(node, ctx)
        return
    right = node.child_by_field_name("right")
    if right is None or right.type != "number_literal" or ctx.text(right).rstrip("uUlL").lower() not in (
            "31", "32", "5", "0x1f"):
        return
    site = _warp_set(ctx).sites.get(("HP102", node.start_byte, node.end_byte))
    if site is not None:
        _report_site(ctx, site)


_MACRO_LANE_MATH = re.compile(
    r"threadIdx\.x\s*\)?\s*(&\s*(31|0[xX]1[fF])|%\s*32|/\s*32|>>\s*5)[uU]?(?![\w.])")
_MACRO_FIXES = {"&": "& (warpSize - 1)", "%": "% warpSize", "/": "/ warpSize", ">>": "/ warpSize"}


def _lane_index_in_macro(node: Node, ctx: LintContext) -> None:
    """`#define LANE_ID (threadIdx.x & 31)`: the macro body is text, so match it as text."""
    text = ctx.text(node)
    if "threadIdx" not in text or _inactive_on_amd(node, ctx):
        return
    for match in _MACRO_LANE_MATH.finditer(text):
        operator = match.group(1).split()[0].rstrip("0123456789xXfF")
        start = node.start_byte + len(text[: match.start(1)].encode())
        end = node.start_byte + len(text[: match.end()].encode())
        what = "a lane index" if operator in ("&", "%") else "a warp index"
        replacement = _MACRO_FIXES[operator]
        fix = ctx.fix("HP102", f"Use `{replacement}`", [Edit(start, end, replacement.encode())],
                      applicability="unsafe")
        ctx.report("HP102", (node.start_byte + len(text[: match.start()].encode()), end),
                   f"`{match.group(0)}` computes {what} for 32-lane warps in a macro: a wavefront has 64 "
                   "lanes on CDNA (the fix is unsafe: the code that uses the macro is not checked)", fix)


# HP103
@detector("call_expression", emits=("HP103",))
def mask_32bit_in_sync_intrinsic(node: Node, ctx: LintContext) -> None:
    name = call_name(node, ctx)
    if name not in SYNC_INTRINSICS:
        return
    args = call_args(node)
    if not args:
        return
    mask = args[0]
    text = ctx.text(mask)
    if _is_64bit_literal(text) or "__activemask" in text or "__ballot" in text:
        return
    value = _mask_value(mask, ctx)
    if value is None or _inactive_on_amd(node, ctx):
        return  # a variable or an unresolved macro (we cannot tell its width), or CUDA-only code
    if value == FULL_32BIT or value == -1:
        fix = ctx.fix("HP103", f"Widen the full mask to `{WIDE_MASK}`",
                      [Edit(mask.start_byte, mask.end_byte, WIDE_MASK.encode())])
        ctx.report("HP103", mask, f"`{text}` is a 32-bit full mask: `{name}` takes a 64-bit lane mask "
                   "on AMD (a static_assert fails from ROCm 6.3, and only lanes 0-31 take part)", fix)
    elif 0 <= value <= FULL_32BIT:
        fix = ctx.fix("HP103", "Widen the mask to 64 bits (review which lanes it names)",
                      [Edit(mask.start_byte, mask.end_byte, f"(unsigned long long)({text})".encode())],
                      applicability="unsafe")
        ctx.report("HP103", mask, f"`{text}` is a partial 32-bit lane mask passed to `{name}`: on a "
                   "64-lane wavefront it names only lanes 0-31", fix)


def _mask_value(node: Node, ctx: LintContext) -> int | None:
    """The value of a mask expression as a 32-bit quantity would see it, if constant."""
    if is_full_32bit_mask(ctx.text(node)):
        return FULL_32BIT
    return ctx.int_value(node)


def _is_64bit_literal(text: str) -> bool:
    lowered = text.lower().replace(" ", "").lstrip("~")
    match = re.fullmatch(r"(0x[0-9a-f']+|[0-9']+)([ul]*)", lowered)
    if match is None:
        return False
    digits, suffix = match.groups()
    return "ll" in suffix or (digits.startswith("0x") and len(digits[2:].lstrip("0")) > 8)


# HP104
@detector("function_definition", emits=("HP104",))
def lane_mask_truncated(node: Node, ctx: LintContext) -> None:
    if _function_kind(node) == "host":
        return
    body = node.child_by_field_name("body")
    if body is None:
        return
    body_text = ctx.text(body)
    if not _MASK_CONTEXT.search(body_text):
        return
    masks = _MaskVariables(ctx, body)
    for declaration, declarator in masks.narrow_declarations:
        _report_narrow_mask(ctx, masks, declaration, declarator)
    for call in masks.bit_counts:
        _report_bit_count(ctx, masks, call)
    for shift in masks.lane_bits:
        _report_lane_bit(ctx, shift)


_NARROW_TYPES = frozenset({
    "int", "unsigned", "unsigned int", "signed", "signed int", "uint32_t", "int32_t", "uint", "u32",
    "uint32", "short", "unsigned short",
})
_UNSIGNED_NARROW = frozenset({"unsigned", "unsigned int", "uint32_t", "uint", "u32", "uint32"})


class _MaskVariables:
    """Lane-mask variables of one function body: where they are declared, narrowed and counted."""

    def __init__(self, ctx: LintContext, body: Node) -> None:
        self.ctx = ctx
        self.body = body
        self.declared: dict[str, tuple[Node, Node]] = {}  # name -> (declaration, init_declarator)
        self.masks: set[str] = set()
        self.narrow_declarations: list[tuple[Node, Node]] = []
        self.bit_counts: list[Node] = []
        self.lane_bits: list[Node] = []
        assignments: list[Node] = []
        for node in _walk(body):
            if node.type == "declaration":
                for declarator in node.children_by_field_name("declarator"):
                    initialised = declarator.type == "init_declarator"
                    name = declarator.child_by_field_name("declarator") if initialised else declarator
                    if name is not None and name.type == "identifier":
                        self.declared.setdefault(ctx.text(name), (node, declarator))
                    value = declarator.child_by_field_name("value") if initialised else None
                    if name is not None and value is not None and self.is_mask(value):
                        self.masks.add(ctx.text(name))
                        if self.narrow_type(node) is not None:
                            self.narrow_declarations.append((node, declarator))
            elif node.type == "assignment_expression" and _operator(node, ctx) == "=":
                assignments.append(node)
            elif node.type == "call_expression" and call_name(node, ctx) in BIT_COUNTS:
                self.bit_counts.append(node)
            elif node.type == "binary_expression" and _operator(node, ctx) == "<<" and self.lane_bit(node):
                self.lane_bits.append(node)
        for node in assignments:
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is None or right is None or left.type != "identifier" or not self.is_mask(right):
                continue
            name = ctx.text(left)
            self.masks.add(name)
            if name in self.declared:
                declaration, declarator = self.declared[name]
                pair = (declaration, declarator)
                if self.narrow_type(declaration) is not None and pair not in self.narrow_declarations:
                    self.narrow_declarations.append(pair)
        self.bit_counts = [c for c in self.bit_counts if self.counts_mask(c)]

    def is_mask(self, node: Node | None) -> bool:
        """True if an expression's value is (a bitwise combination of) a lane mask."""
        node = _unparen(node)
        if node is None:
            return False
        if node.type == "call_expression":
            return call_name(node, self.ctx) in MASK_SOURCES
        if node.type == "identifier":
            return self.ctx.text(node) in self.masks
        if node.type == "binary_expression" and _operator(node, self.ctx) in ("&", "|", "^", ">>"):
            return self.is_mask(node.child_by_field_name("left")) or (
                _operator(node, self.ctx) != ">>" and self.is_mask(node.child_by_field_name("right")))
        if node.type == "conditional_expression":
            return self.is_mask(node.child_by_field_name("consequence")) or self.is_mask(
                node.child_by_field_name("alternative"))
        return False

    def narrow_type(self, declaration: Node) -> str | None:
        kind = declaration.child_by_field_name("type")
        if kind is None:
            return None
        text = " ".join(self.ctx.text(kind).split())
        return text if text in _NARROW_TYPES else None

    def counts_mask(self, call: Node) -> bool:
        args = call_args(call)
        return bool(args) and any(
            (n.type == "call_expression" and call_name(n, self.ctx) in MASK_SOURCES)
            or (n.type == "identifier" and self.ctx.text(n) in self.masks)
            for n in _walk(args[0]))

    def lane_bit(self, node: Node) -> bool:
        """`1u << lane` / `1 << lane`: a lane's bit built in 32 bits."""
        left, right = _unparen(node.child_by_field_name("left")), node.child_by_field_name("right")
        if left is None or right is None or left.type != "number_literal":
            return False
        text = self.ctx.text(left)
        if parse_int(text) != 1 or text.lower().rstrip("u") != "1":
            return False
        right = _unparen(right)
        if right is None:
            return False
        if right.type == "identifier":
            return bool(_LANE_ONLY.match(self.ctx.text(right)))
        if right.type == "call_expression":
            return _call_base(right, self.ctx) in ("__lane_id", "lane_id", "laneid", "__laneid")
        if right.type == "binary_expression":
            if _into_memory_word(node, self.ctx):
                return False  # a bitmap word in memory, not a lane mask
            op, value = _operator(right, self.ctx), _literal(right.child_by_field_name("right"), self.ctx)
            warp = self.ctx.text(right.child_by_field_name("right") or right)
            return (op, value) in (("&", 31), ("%", 32)) or (op in ("%", "&") and "warpSize" in warp)
        return False


def _negates(node: Node | None, ctx: LintContext) -> bool:
    """True if an operand contains `~x` or `-x`: widened, it would set the upper 32 bits."""
    return node is not None and any(
        n.type == "unary_expression" and _operator(n, ctx) in ("-", "~") for n in _walk(node))


def _width_neutral_use(use: Node, ctx: LintContext, masks: _MaskVariables) -> bool:
    """True if widening the mask variable to 64 bits leaves this use's value unchanged on NVIDIA,
    where the upper 32 bits are zero: bit tests, &, |, ^, >>, comparisons, `m &= m - 1`,
    __popc/__ffs (rewritten with it) and copies."""
    name = ctx.text(use)
    node = use
    while True:
        parent = _up(node)
        if parent is None:
            return False
        kind = parent.type
        if kind == "argument_list":
            call = parent.parent
            if call is None:
                return False
            callee = call_name(call, ctx)
            first = bool(call_args(call)) and _unparen(call_args(call)[0]) == node
            # the mask argument of a *_sync builtin is 32-bit in CUDA and 64-bit in HIP
            return callee in ("__popc", "__ffs", "__popcll", "__ffsll") or (
                first and (callee in SYNC_INTRINSICS or callee.endswith("_sync")))
        if kind in ("condition_clause", "expression_statement", "init_declarator"):
            return True
        if kind == "unary_expression":
            return _operator(parent, ctx) == "!"
        if kind == "conditional_expression":
            return _unparen(parent.child_by_field_name("condition")) == node
        if kind == "binary_expression":
            operator = _operator(parent, ctx)
            left, right = parent.child_by_field_name("left"), parent.child_by_field_name("right")
            on_left = _unparen(left) == node
            other = right if on_left else left
            if operator in ("&&", "||"):
                return True
            if operator in ("==", "!=", "<", ">", "<=", ">="):
                return not _negates(other, ctx)
            if operator == "-" and on_left and _literal(right, ctx) == 1:
                grand = _up(parent)  # `m & (m - 1)` / `m &= m - 1`: clear the lowest set lane
                if grand is None or _operator(grand, ctx) not in ("&", "&=") or name not in ctx.text(grand):
                    return False
                if grand.type == "assignment_expression":
                    return True
                node = grand
                continue
            keeps_bits = operator == "&" or (operator == ">>" and on_left)
            if keeps_bits or (operator in ("|", "^") and not _negates(other, ctx)):
                node = parent
                continue
            return False
        if kind == "assignment_expression":
            operator = _operator(parent, ctx)
            right = parent.child_by_field_name("right")
            if _unparen(parent.child_by_field_name("left")) != node:
                return operator in ("=", "&=", "|=", "^=")  # copied into another variable: same value
            if operator == "=":
                return masks.is_mask(right)
            return operator in ("&=", ">>=") or (operator in ("|=", "^=") and not _negates(right, ctx))
        return False


def _report_narrow_mask(ctx: LintContext, masks: _MaskVariables, declaration: Node, declarator: Node) -> None:
    kind = declaration.child_by_field_name("type")
    name_node = declarator.child_by_field_name("declarator") if declarator.type == "init_declarator" \
        else declarator
    if kind is None or name_node is None or _inactive_on_amd(declaration, ctx):
        return
    name = ctx.text(name_node)
    type_text = " ".join(ctx.text(kind).split())
    uses = [n for n in _walk(masks.body) if n.type == "identifier" and ctx.text(n) == name and n != name_node
            and n.start_byte > name_node.start_byte]
    safe = type_text in _UNSIGNED_NARROW and len(declaration.children_by_field_name("declarator")) == 1 \
        and all(_width_neutral_use(u, ctx, masks) for u in uses)
    fix = ctx.fix("HP104", "Declare the mask `unsigned long long`",
                  [Edit(kind.start_byte, kind.end_byte, b"unsigned long long")],
                  applicability=None if safe else "unsafe")
    ctx.report("HP104", kind, f"`{type_text} {name}` holds a lane mask: AMD masks are 64-bit, so lanes "
               "32-63 of the wavefront are dropped without a warning", fix)


def _report_bit_count(ctx: LintContext, masks: _MaskVariables, call: Node) -> None:
    function = call.child_by_field_name("function")
    if function is None or _inactive_on_amd(call, ctx):
        return
    name = ctx.text(function)
    wide = BIT_COUNTS[name]
    argument = call_args(call)[0]
    signed = False
    for node in _walk(argument):
        if node.type == "identifier" and ctx.text(node) in masks.declared:
            kind = masks.narrow_type(masks.declared[ctx.text(node)][0])
            signed = signed or (kind is not None and kind not in _UNSIGNED_NARROW)
    shifted = any(n.type == "binary_expression" and _operator(n, ctx) == "<<" and not masks.lane_bit(n)
                  for n in _walk(argument))
    changes_value = name in ("__clz", "__brev") or signed or shifted or _negates(argument, ctx)
    note = ""
    if name in ("__clz", "__brev"):
        note = f"; `{wide}` works on 64 bits, so constants such as `31 -` must change with it"
    fix = ctx.fix("HP104", f"Use `{wide}`", [Edit(function.start_byte, function.end_byte, wide.encode())],
                  applicability="unsafe" if changes_value else None)
    ctx.report("HP104", call, f"`{name}` takes 32 bits: on a lane mask it ignores lanes 32-63 of the "
               f"wavefront{note}", fix)


def _report_lane_bit(ctx: LintContext, shift: Node) -> None:
    left = _unparen(shift.child_by_field_name("left"))
    if left is None or _inactive_on_amd(shift, ctx):
        return
    wide = "1ULL" if ctx.text(left).endswith("U") else "1ull"
    node = shift
    parent = _up(node)
    # `(1u << lane) - 1` is the mask of the lanes below: judge the expression around it.
    if parent is not None and parent.type == "binary_expression" and _operator(parent, ctx) == "-" \
            and _literal(parent.child_by_field_name("right"), ctx) == 1:
        node, parent = parent, _up(parent)
    if parent is not None and parent.type == "unary_expression" and _operator(parent, ctx) == "~":
        node, parent = parent, _up(parent)
        safe = parent is not None and _operator(parent, ctx) in ("&", "&=")
    else:
        safe = parent is not None and _operator(parent, ctx) in ("&", "|", "^", "==", "!=", "&=", "|=", "^=")
    fix = ctx.fix("HP104", f"Build the lane bit as `{wide} << ...`",
                  [Edit(left.start_byte, left.end_byte, wide.encode())],
                  applicability=None if safe else "unsafe")
    ctx.report("HP104", shift, f"`{ctx.text(shift)}` builds a lane bit in 32 bits: for lanes 32-63 of a "
               "64-lane wavefront the shift is undefined", fix)


# HP105
@detector("for_statement", emits=("HP105",))
def reduction_starts_at_16(node: Node, ctx: LintContext) -> None:
    site = _warp_set(ctx).sites.get(("HP105", node.start_byte, node.end_byte))
    if site is not None:
        _report_site(ctx, site)


# HP106
@file_detector(emits=("HP106",))
def warp_size_as_constant(ctx: LintContext) -> None:
    # Identifiers are the most frequent nodes: look for the name in the bytes first.
    for node in _identifiers(ctx, "warpSize"):
        if _constant_context(node, ctx) and not _inactive_on_amd(node, ctx):
            _report_warp_size_constant(node, ctx)


def _identifiers(ctx: LintContext, *names: str) -> list[Node]:
    """Identifier (and type name) nodes spelling one of `names`, found only if the bytes contain one."""
    if not any(name.encode() in ctx.data for name in names):
        return []
    nodes = ctx.nodes(frozenset({"identifier", "type_identifier"}))
    return [n for n in nodes if ctx.text(n) in names]


def _report_warp_size_constant(node: Node, ctx: LintContext) -> None:
    function = _function_of(node) or _templated_function(node)
    in_device = function is not None and _function_kind(function) != "host"
    severity = "error" if ctx.settings.target_rocm >= (7, 0, 0) else "warning"
    message = ("`warpSize` used as a compile-time constant: from ROCm 7.0 it is a runtime value, so "
               "this no longer compiles")
    edits = _with_warp_size_macro(ctx, node)
    fix = None
    if edits is not None:
        if not in_device:
            message += ("; outside device code the constant is the AMD host pass's 64 even for RDNA "
                        "(choose a template <int WS> instance from hipDeviceAttributeWarpSize instead)")
        fix = ctx.fix("HP106", f"Use the portable `{WARP_SIZE_MACRO}`", edits,
                      applicability=None if in_device else "unsafe")
    ctx.report("HP106", node, message, fix, severity=severity)


def _templated_function(node: Node) -> Node | None:
    """The function a template parameter list belongs to (`template <int W = warpSize> f()`)."""
    parent = node.parent
    while parent is not None and parent.type != "template_declaration":
        if parent.type in _STATEMENT_END:
            return None
        parent = parent.parent
    if parent is None:
        return None
    return next((c for c in parent.named_children if c.type == "function_definition"), None)


# HP107
@file_detector(emits=("HP107",))
def wavefront_size_macro(ctx: LintContext) -> None:
    if b"__AMDGCN_WAVEFRONT_SIZE" not in ctx.data:
        return
    for node in ctx.nodes(frozenset({"identifier", "preproc_arg"})):
        _report_wavefront_macro(node, ctx)


def _report_wavefront_macro(node: Node, ctx: LintContext) -> None:
    if node.type == "preproc_arg":
        text = ctx.text(node)
        if "__AMDGCN_WAVEFRONT_SIZE" not in text:
            return
        for match in re.finditer(r"\b__AMDGCN_WAVEFRONT_SIZE(__)?\b", text):
            start = node.start_byte + len(text[: match.start()].encode())
            span = (start, start + len(match.group(0)))
            edits = _with_warp_size_macro(ctx, span)
            fix = ctx.fix("HP107", f"Use the portable `{WARP_SIZE_MACRO}`", edits, applicability="unsafe") \
                if edits is not None else None
            ctx.report("HP107", span, f"`{match.group(0)}` is deprecated, and where this macro is used "
                       "from host code it reads 64 even for RDNA", fix, severity="warning")
        return
    if node.end_byte - node.start_byte < 23 or ctx.text(node) not in WAVEFRONT_MACROS:
        return
    name = ctx.text(node)
    parent = node.parent
    if parent is not None and (parent.type == "preproc_defined" or (
            parent.type == "preproc_ifdef" and parent.child_by_field_name("name") == node)):
        ctx.report("HP107", node, f"`{name}` is deprecated: a test for it silently turns false once "
                   "the compiler drops it (test `__HIP_PLATFORM_AMD__` or `__AMDGCN__` instead)",
                   severity="warning")
        return
    function = _function_of(node)
    kind = _function_kind(function) if function is not None else None
    if kind == "host":
        ctx.report("HP107", node, f"`{name}` in host code is 64 even when the target is RDNA "
                   "(wave32); query hipDeviceAttributeWarpSize at run time", severity="error")
        return
    edits = _with_warp_size_macro(ctx, node)
    fix = None
    if edits is not None:
        fix = ctx.fix("HP107", f"Use the portable `{WARP_SIZE_MACRO}`", edits,
                      applicability=None if kind is not None or _in_preproc_condition(node) else "unsafe")
    ctx.report("HP107", node, f"`{name}` is deprecated (and reads 64 in the host pass even for RDNA)", fix,
               severity="warning")


def _in_preproc_condition(node: Node) -> bool:
    child, parent = node, node.parent
    while parent is not None:
        if parent.type in ("preproc_if", "preproc_elif"):
            return child == parent.child_by_field_name("condition")
        if parent.type in _STATEMENT_END:
            return False
        child, parent = parent, parent.parent
    return False


# HP108
@file_detector(emits=("HP108",))
def tile_size_vs_wavefront(ctx: LintContext) -> None:
    if b"tiled_partition" not in ctx.data and b"thread_block_tile" not in ctx.data:
        return
    kinds = frozenset({"template_function", "template_type", "identifier", "type_identifier"})
    for node in ctx.nodes(kinds):
        _report_tile_size(node, ctx)


def _report_tile_size(node: Node, ctx: LintContext) -> None:
    if node.type in ("identifier", "type_identifier"):
        if node.end_byte - node.start_byte != 17 or ctx.text(node) != "thread_block_tile":
            return
        if node.parent is not None and node.parent.type == "template_type":
            return  # a well-formed template type: handled as a template_type node
        match = re.match(rb"\s*<\s*([^<>;]+?)\s*>", ctx.data[node.end_byte : node.end_byte + 40])
        if match is None:
            return
        size_text = match.group(1).decode()
        size = parse_int(size_text) if parse_int(size_text) is not None else ctx.constants.get(size_text)
        span = (node.start_byte, node.end_byte + match.end())
        name = "thread_block_tile"
    else:
        name_node = node.child_by_field_name("name")
        arguments = node.child_by_field_name("arguments")
        if name_node is None or arguments is None:
            return
        name = ctx.text(name_node)
        if name not in ("tiled_partition", "thread_block_tile"):
            return
        values = [a for a in arguments.named_children if a.type != "comment"]
        if len(values) != 1:
            return
        argument = values[0]
        if argument.type == "type_descriptor":
            argument = argument.named_children[0] if argument.named_children else argument
        size = ctx.int_value(argument)
        span = (node.start_byte, node.end_byte)
    if size is None or size < 32 or _inactive_on_amd(node, ctx):
        return
    if name == "thread_block_tile" and "tiled_partition" in ctx.text(_statement_of(node)):
        return  # reported once, at the tiled_partition call
    rdna = [a for a in ctx.settings.arches if _RDNA.match(a)]
    if size > 64:
        ctx.report("HP108", span, f"a {size}-thread tile is larger than any AMD wavefront: HIP's "
                   "tiled_partition fails a static_assert on every target")
    elif size == 64 and rdna:
        ctx.report("HP108", span, f"a 64-thread tile does not compile for {', '.join(rdna)}: RDNA "
                   "wavefronts have 32 lanes and HIP asserts the tile fits in one wavefront")
    elif size == 32:
        function = _function_of(node)
        body = ctx.text(function) if function is not None else ""
        raw = _HARDWARE_WARP.search(body)
        if raw is None:
            return
        ctx.report("HP108", span, "a 32-thread tile is half a wavefront on CDNA: this function also "
                   f"uses `{raw.group(0)}`, which covers the whole 64-lane wavefront", severity="info")


def _statement_of(node: Node) -> Node:
    parent = node
    while parent.parent is not None and parent.type not in _STATEMENT_END:
        parent = parent.parent
    return parent


# HP109
@detector("call_expression", emits=("HP109",))
def syncwarp_missing(node: Node, ctx: LintContext) -> None:
    function = node.child_by_field_name("function")
    if function is None or function.type != "identifier" or ctx.text(function) != "__syncwarp":
        return
    if _inactive_on_amd(node, ctx) or re.search(rb"#\s*define\s+__syncwarp\b", ctx.data):
        return
    args = call_args(node)
    mask = _mask_value(args[0], ctx) if args else None
    full = not args or mask in (FULL_32BIT, -1, 2**64 - 1) or (
        mask is None and "__activemask" in ctx.text(args[0]))
    message = "`__syncwarp` is not declared by HIP (HIPIFY has no mapping for it)"
    fix = None
    if full:
        edits = _with_macro(ctx, node, [Edit(node.start_byte, node.end_byte, f"{SYNCWARP_MACRO}()".encode())],
                            SYNCWARP_MACRO, SYNCWARP_BLOCK)
        if edits is not None:
            fix = ctx.fix("HP109", f"Use `{SYNCWARP_MACRO}()` (a wavefront barrier on AMD)", edits)
    else:
        message += f"; the partial mask `{ctx.text(args[0])}` needs a manual translation"
    ctx.report("HP109", node, message, fix)


# HP110
@detector("binary_expression", emits=("HP110",))
def warp_count_assumes_32(node: Node, ctx: LintContext) -> None:
    right = node.child_by_field_name("right")
    if right is None or right.type != "number_literal" or ctx.text(right).rstrip("uUlL") not in ("32", "5"):
        return
    site = _warp_set(ctx).sites.get(("HP110", node.start_byte, node.end_byte))
    if site is not None:
        _report_site(ctx, site)


# HP111
@detector("template_type", emits=("HP111",))
def cub_warp_default_width(node: Node, ctx: LintContext) -> None:
    name_node = node.child_by_field_name("name")
    arguments = node.child_by_field_name("arguments")
    if name_node is None or arguments is None or ctx.text(name_node) not in CUB_WARP_PRIMITIVES:
        return
    values = [a for a in arguments.named_children if a.type != "comment"]
    if len(values) != 1 or _inactive_on_amd(node, ctx):
        return
    indexing = _warp32_indexing(ctx)
    if not indexing:
        return
    name = ctx.text(name_node)
    closing = arguments.end_byte - 1
    fix = ctx.fix("HP111", f"Give `{name}` an explicit logical width of 32",
                  [Edit(closing, closing, b", 32")])
    ctx.report("HP111", node, f"`{ctx.text(node)}` uses the hardware width by default (64 lanes with "
               f"hipCUB on CDNA), but this file indexes 32-thread warps ({indexing})", fix)


def _warp32_indexing(ctx: LintContext) -> str:
    """The first place the file numbers warps of 32 threads, or ""."""
    cache = _cache(ctx)
    if "warp32" not in cache:
        found = ""
        for site in sorted(_warp_set(ctx).sites.values(), key=lambda s: s.node.start_byte):
            if site.rule in ("HP102", "HP110") and not site.storage:
                found = f"`{ctx.text(site.node)}`, line {_line(ctx, site.node)}"
                break
        if not found:
            match = re.search(rb"threadIdx\.x\s*(/\s*32|>>\s*5|%\s*32|&\s*31)\b", ctx.data)
            if match is not None:
                found = f"`{match.group(0).decode()}`"
        cache["warp32"] = found
    return cache["warp32"]


# HP112
@detector("call_expression", emits=("HP112",))
def sync_builtin_before_rocm_62(node: Node, ctx: LintContext) -> None:
    if ctx.settings.target_rocm >= (6, 2, 0):
        return
    function = node.child_by_field_name("function")
    if function is None or function.type != "identifier":
        return
    name = ctx.text(function)
    if name not in PRE_62_FORMS or _inactive_on_amd(node, ctx) or _declared_here(name, ctx):
        return
    version = ".".join(map(str, ctx.settings.target_rocm[:2]))
    message = f"`{name}` does not exist before ROCm 6.2 (target: ROCm {version})"
    replacement = PRE_62_FORMS[name]
    args = call_args(node)
    fix = None
    arguments = node.child_by_field_name("arguments")
    if replacement is not None and arguments is not None:
        if name == "__activemask":
            fix = ctx.fix("HP112", "Use `__ballot(1)`",
                          [Edit(node.start_byte, node.end_byte, b"__ballot(1)")])
        elif args and _full_mask(args[0], ctx):
            rest = ctx.data[args[1].start_byte : arguments.end_byte - 1] if len(args) > 1 else b""
            fix = ctx.fix("HP112", f"Use `{replacement}` (all lanes of the wavefront take part)",
                          [Edit(node.start_byte, node.end_byte, replacement.encode() + b"(" + rest + b")")])
        else:
            message += (f"; its mask `{ctx.text(args[0])}` may name only some lanes, so the pre-6.2 form "
                        "needs a manual rewrite") if args else ""
    elif replacement is None:
        message += "; it has no pre-6.2 form"
    ctx.report("HP112", node, message, fix)


def _full_mask(node: Node, ctx: LintContext) -> bool:
    text = ctx.text(node).replace(" ", "")
    if text in ("__activemask()", "~0ull", "~0ULL", "~0llu", "~0", "~0u", "~0U", "-1"):
        return True
    return _mask_value(node, ctx) in (FULL_32BIT, -1, 2**64 - 1)


def _declared_here(name: str, ctx: LintContext) -> bool:
    """True if the file provides the builtin itself (a compatibility macro or function)."""
    cache = _cache(ctx).setdefault("declared", {})
    if name not in cache:
        cache[name] = bool(re.search(rb"#\s*define\s+" + name.encode() + rb"\b", ctx.data)) or any(
            f.name == name for f in _functions(ctx).values())
    return cache[name]
