"""Kernels and their launch sites as the launch rules see them: kernel definitions, whether a
kernel declares a block-size bound, the kernel and block size of a launch (through casts,
local constants and `dim3`), and the static `__shared__` bytes of a kernel body."""

from __future__ import annotations

import math
import re

from hipify_plus.cuda.syntax import base_name, call_args, callee_text, declarator_name, descendants
from hipify_plus.lint.context import Launch, LintContext
from hipify_plus.lint.detectors.launch._arch import _lds_limit, _tightest
from hipify_plus.lint.detectors.launch._constants import _int, _macro_value
from hipify_plus.parse import Node

ELEMENT_BYTES = {
    **dict.fromkeys(("char", "signed char", "unsigned char", "int8_t", "uint8_t", "bool", "char1", "uchar1"), 1),
    **dict.fromkeys(
        (
            "short",
            "unsigned short",
            "short int",
            "int16_t",
            "uint16_t",
            "half",
            "__half",
            "__nv_bfloat16",
            "__hip_bfloat16",
            "hip_bfloat16",
            "char2",
            "uchar2",
            "short1",
            "ushort1",
        ),
        2,
    ),
    **dict.fromkeys(("char3", "uchar3"), 3),
    **dict.fromkeys(
        (
            "int",
            "unsigned",
            "unsigned int",
            "signed",
            "signed int",
            "float",
            "int32_t",
            "uint32_t",
            "half2",
            "__half2",
            "__nv_bfloat162",
            "__hip_bfloat162",
            "char4",
            "uchar4",
            "short2",
            "ushort2",
            "int1",
            "uint1",
            "float1",
        ),
        4,
    ),
    **dict.fromkeys(("short3", "ushort3"), 6),
    **dict.fromkeys(
        (
            "double",
            "long long",
            "unsigned long long",
            "long long int",
            "long",
            "unsigned long",
            "int64_t",
            "uint64_t",
            "size_t",
            "float2",
            "int2",
            "uint2",
            "double1",
            "short4",
            "ushort4",
            "longlong1",
            "ulonglong1",
            "long1",
            "ulong1",
        ),
        8,
    ),
    **dict.fromkeys(("float3", "int3", "uint3"), 12),
    **dict.fromkeys(("float4", "int4", "uint4", "double2", "longlong2", "ulonglong2", "long2", "ulong2"), 16),
    **dict.fromkeys(("double3", "longlong3", "ulonglong3"), 24),
    **dict.fromkeys(("double4", "longlong4", "ulonglong4"), 32),
}

FUNC_SET_ATTRIBUTE = frozenset({"cudaFuncSetAttribute", "hipFuncSetAttribute", "cuFuncSetAttribute"})


def _referenced_kernel(node: Node, ctx: LintContext) -> str:
    """`k`, `&k`, `(const void*)k`, `reinterpret_cast<const void*>(&k)`, `k<T>` -> `k`."""
    text = re.sub(r"^HIP_KERNEL_NAME\((.*)\)$", r"\1", ctx.text(node).strip())
    text = re.sub(r"^\(\s*(const\s+)?void\s*\*\s*\)\s*|^reinterpret_cast<[^>]*>\(|^\(|\)$|^&", "", text)
    return base_name(text.lstrip("&").strip())


def _local_block_size(ctx: LintContext, block: Node) -> int | None:
    """A block argument naming a variable declared earlier in an enclosing block of the launch:
    `const int threads = 256;`, `constexpr int kBlock = 128;`, `dim3 block{16, 16};`."""
    if block.type != "identifier":
        return None
    name = ctx.text(block)
    statement = block
    while statement.parent is not None:
        scope = statement.parent
        if scope.type == "compound_statement":
            for sibling in scope.named_children:
                if sibling.start_byte >= statement.start_byte:
                    break
                if sibling.type == "declaration":
                    value = _declared_block_size(ctx, sibling, name)
                    if value is not None:
                        return value if value >= 0 else None
        if scope.type == "function_definition":
            return None
        statement = scope
    return None


def _declared_block_size(ctx: LintContext, declaration: Node, name: str) -> int | None:
    """The block size a declaration gives `name`; -1 if it declares `name` without a constant,
    or a `dim3` that is not const and that its function uses other than to launch (`block.x = n`)."""
    kind = declaration.child_by_field_name("type")
    type_text = ctx.text(kind) if kind is not None else ""
    qualifiers = {ctx.text(c) for c in declaration.children if c.type == "type_qualifier"}
    for declarator in declaration.children_by_field_name("declarator"):
        target = declarator.child_by_field_name("declarator") if declarator.type == "init_declarator" else declarator
        if target is None or ctx.text(target) != name:
            continue
        value = declarator.child_by_field_name("value") if declarator.type == "init_declarator" else None
        if value is None:
            return -1
        if type_text == "dim3":
            if not ctx.keeps_initial_value(declaration, target):
                return -1
            if value.type in ("argument_list", "initializer_list"):
                folded = 1
                for part in (a for a in value.named_children if a.type != "comment"):
                    size = ctx.int_value(part)
                    if size is None:
                        return -1
                    folded *= size
                return folded
            threads = ctx.threads(value)
            return -1 if threads is None else threads
        if qualifiers & {"const", "constexpr"}:
            constant = ctx.int_value(value)
            return -1 if constant is None else constant
        return -1
    return None


def _block_size(ctx: LintContext, launch: Launch) -> int | None:
    """The threads per block a launch asks for, if a constant says (HP201 and HP202 both ask:
    worked out once per launch of a file)."""
    if launch.threads is not None or len(launch.config) < 2:
        return launch.threads
    known: dict[int, tuple[Launch, int | None]] = vars(ctx).setdefault("_launch_block_sizes", {})
    entry = known.get(id(launch))
    if entry is None or entry[0] is not launch:  # the entry holds its launch: an id is not reused
        entry = known[id(launch)] = (launch, _written_block_size(ctx, launch))
    return entry[1]


def _written_block_size(ctx: LintContext, launch: Launch) -> int | None:
    block = launch.config[1]
    if block.type == "identifier":
        local = _local_block_size(ctx, block)
        return local if local is not None else _macro_value(ctx, ctx.text(block))
    if block.type == "call_expression" and callee_text(block) == "dim3":
        sizes = [_int(ctx, a) for a in call_args(block)]
        return math.prod(sizes) if sizes and None not in sizes else None  # type: ignore[arg-type]
    return None


def _launched(ctx: LintContext, launch: Launch) -> str:
    """The launched kernel's name, also through casts such as `(const void*)k`."""
    if not launch.config or launch.chevrons:
        return launch.kernel  # a `<<<>>>` launch, or one clang found in a macro's expansion
    args = call_args(launch.node)
    return _referenced_kernel(args[0], ctx) if args else launch.kernel


def _kernel_definitions(ctx: LintContext) -> list[Node]:
    return [n for n in ctx.nodes({"function_definition"}) if "__global__" in ctx.execution_space(n)]


def _has_bounds(ctx: LintContext, kernel: Node) -> bool:
    """True if the kernel declares a block-size bound, or may through a macro the grammar could
    not place (an ERROR node among its specifiers)."""
    name = declarator_name(kernel)
    head = ctx.data[kernel.start_byte : name.start_byte if name is not None else kernel.end_byte]
    return any(c.type in ("launch_bounds", "ERROR") for c in kernel.children) or any(
        word in head for word in (b"launch_bounds", b"amdgpu_flat_work_group_size", b"__maxnreg__")
    )


def _static_shared_bytes(ctx: LintContext, kernel: Node) -> tuple[int, Node | None]:
    """Bytes of static `__shared__` arrays in a kernel body whose sizes are known here, and the
    declaration at which the running total first passes the tightest LDS limit."""
    body = kernel.child_by_field_name("body")
    if body is None:
        return 0, None
    _, limit = _tightest(ctx, _lds_limit)
    total, crossing = 0, None
    for declaration in (n for n in descendants(body) if n.type == "declaration"):
        if not any(c.type == "type_qualifier" and ctx.text(c) == "__shared__" for c in declaration.children):
            continue
        if any(c.type == "storage_class_specifier" and ctx.text(c) == "extern" for c in declaration.children):
            continue
        kind = declaration.child_by_field_name("type")
        element = ELEMENT_BYTES.get(" ".join(ctx.text(kind).split())) if kind is not None else None
        if element is None:
            continue
        for declarator in declaration.children_by_field_name("declarator"):
            count = _element_count(ctx, declarator)
            if count is None:
                continue
            total += element * count
            if crossing is None and total > limit:
                crossing = declaration
    return total, crossing


def _element_count(ctx: LintContext, declarator: Node) -> int | None:
    count = 1
    current: Node | None = declarator
    while current is not None and current.type == "array_declarator":
        size = ctx.int_value(current.child_by_field_name("size"))
        if size is None:
            return None
        count *= size
        current = current.child_by_field_name("declarator")
    return count if current is not None and current.type == "identifier" else None
