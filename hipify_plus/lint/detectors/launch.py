"""HP2xx: launch configuration, launch bounds, register and LDS limits that mean something else
(or nothing) on AMD GPUs. Runs on CUDA sources and on their HIP ports alike."""

from __future__ import annotations

import math
import re
from pathlib import PurePath

from hipify_plus.edits import Edit
from hipify_plus.lint.context import Launch, LintContext
from hipify_plus.lint.registry import detector, file_detector
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node

KIB = 1024
DEFAULT_MAX_THREADS = 1024  # clang's default max flat work-group size when no bounds are given
SIMDS_PER_CU = 4
AMD_GUARD = "#if defined(__HIP_PLATFORM_AMD__)"
UNIFIED_REGISTER_FILE = frozenset({"gfx90a", "gfx940", "gfx941", "gfx942", "gfx950"})
HEADER_SUFFIXES = frozenset({".h", ".hpp", ".hh", ".hxx", ".cuh", ".inl"})

ELEMENT_BYTES = {
    **dict.fromkeys(("char", "signed char", "unsigned char", "int8_t", "uint8_t", "bool", "char1", "uchar1"), 1),
    **dict.fromkeys(("short", "unsigned short", "short int", "int16_t", "uint16_t", "half", "__half",
                     "__nv_bfloat16", "__hip_bfloat16", "hip_bfloat16", "char2", "uchar2", "short1", "ushort1"), 2),
    **dict.fromkeys(("char3", "uchar3"), 3),
    **dict.fromkeys(("int", "unsigned", "unsigned int", "signed", "signed int", "float", "int32_t", "uint32_t",
                     "half2", "__half2", "__nv_bfloat162", "__hip_bfloat162", "char4", "uchar4", "short2",
                     "ushort2", "int1", "uint1", "float1"), 4),
    **dict.fromkeys(("short3", "ushort3"), 6),
    **dict.fromkeys(("double", "long long", "unsigned long long", "long long int", "long", "unsigned long",
                     "int64_t", "uint64_t", "size_t", "float2", "int2", "uint2", "double1", "short4", "ushort4",
                     "longlong1", "ulonglong1", "long1", "ulong1"), 8),
    **dict.fromkeys(("float3", "int3", "uint3"), 12),
    **dict.fromkeys(("float4", "int4", "uint4", "double2", "longlong2", "ulonglong2", "long2", "ulong2"), 16),
    **dict.fromkeys(("double3", "longlong3", "ulonglong3"), 24),
    **dict.fromkeys(("double4", "longlong4", "ulonglong4"), 32),
}

CACHE_CONFIG_CALLS = frozenset({
    "cudaFuncSetCacheConfig", "cudaDeviceSetCacheConfig", "cudaThreadSetCacheConfig",
    "cudaDeviceSetSharedMemConfig", "cudaFuncSetSharedMemConfig",
    "cuFuncSetCacheConfig", "cuCtxSetCacheConfig", "cuFuncSetSharedMemConfig", "cuCtxSetSharedMemConfig",
    "hipFuncSetCacheConfig", "hipDeviceSetCacheConfig", "hipDeviceSetSharedMemConfig",
    "hipFuncSetSharedMemConfig", "hipCtxSetCacheConfig", "hipCtxSetSharedMemConfig",
})
FUNC_SET_ATTRIBUTE = frozenset({"cudaFuncSetAttribute", "hipFuncSetAttribute", "cuFuncSetAttribute"})
MAX_DYNAMIC_SMEM_ATTRIBUTES = frozenset({
    "cudaFuncAttributeMaxDynamicSharedMemorySize", "hipFuncAttributeMaxDynamicSharedMemorySize",
    "CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES", "HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES",
})
CARVEOUT_ATTRIBUTES = frozenset({
    "cudaFuncAttributePreferredSharedMemoryCarveout", "hipFuncAttributePreferredSharedMemoryCarveout",
    "CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT", "HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT",
})
JIT_MAX_REGISTERS = frozenset({
    "hipJitOptionMaxRegisters", "CU_JIT_MAX_REGISTERS", "cudaJitMaxRegisters", "HIPRTC_JIT_MAX_REGISTERS",
    "hiprtcJitMaxRegisters",
})

# HP211: NVIDIA per-SM numbers, each with the name words that say which resource a literal is.
_REG = frozenset({"reg", "register", "regfile"})
_SMEM = frozenset({"smem", "shmem", "shm", "shared", "sharedmem", "smemsize"})
_SM = frozenset({"sm", "mp", "smx", "multiprocessor"})
NVIDIA_RESOURCES: tuple[tuple[frozenset[int], tuple[frozenset[str], ...], bool, str], ...] = (
    # values, word groups that must all match, also in arithmetic/comparisons, what it is
    (frozenset({65536, 32768}), (_REG,), True,
     "NVIDIA's registers per SM (64 K): a gfx90a CU has 4 SIMDs x 512 VGPRs per lane x 64 lanes"),
    (frozenset({255}), (_REG,), False,
     "NVIDIA's 255-register per-thread limit: AMD allows 256 VGPRs per lane, 512 with AGPRs on gfx90a/gfx94x"),
    (frozenset({2048, 1536}), (frozenset({"thread"}), _SM), True,
     "NVIDIA's resident threads per SM: on AMD it depends on the GPU (waves per SIMD x SIMDs x wave size)"),
    (frozenset({64, 48}), (frozenset({"warp"}), _SM), True,
     "NVIDIA's resident warps per SM: AMD counts 64-lane waves per SIMD (8 on gfx90a/gfx942, 10 on gfx908)"),
    (frozenset({32, 16}), (frozenset({"block", "cta"}), _SM), True,
     "NVIDIA's resident blocks per SM: AMD limits workgroups per CU differently"),
    (frozenset({49152}), (_SMEM,), True,
     "CUDA's 48 KiB default shared-memory limit: AMD gives a workgroup up to 64 KiB of LDS with no opt-in, "
     "and no more"),
    (frozenset({98304, 101376, 102400, 166912, 167936, 232448, 233472}), (_SMEM,), True,
     "an NVIDIA opt-in shared-memory size: AMD workgroups address at most 64 KiB of LDS (160 KiB on gfx950)"),
)
_RESOURCE_VALUES = frozenset().union(*(values for values, _, _, _ in NVIDIA_RESOURCES))
_ARITHMETIC = frozenset({"/", "*", "-", "+", "<", "<=", ">", ">=", "==", "!="})
_NAME_WORDS = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


# -- target architectures ----------------------------------------------------------------------

def _arch(name: str) -> str:
    return name.split(":")[0].lower()


def _major(arch: str) -> int:
    digits = arch.removeprefix("gfx")
    return int(digits[:-2]) if len(digits) >= 3 and digits[:-2].isdigit() else 9


def _wave_size(arch: str) -> int:
    return 64 if _major(arch) <= 9 else 32


def _max_waves_per_eu(arch: str) -> int:
    if arch in UNIFIED_REGISTER_FILE:
        return 8
    if arch.startswith("gfx101"):
        return 20
    return 16 if _major(arch) >= 10 else 10


def _vgpr_cap(arch: str, threads: int) -> int:
    """VGPRs per lane the compiler allows a kernel whose blocks have up to `threads` threads
    (LLVM's model: the register file shared by the waves one SIMD must hold)."""
    if arch in UNIFIED_REGISTER_FILE:
        registers, granule, addressable = 512, 8, 512
    elif _major(arch) <= 9:
        registers, granule, addressable = 256, 4, 256
    elif arch in ("gfx1100", "gfx1101"):
        registers, granule, addressable = 1536, 24, 256
    else:
        registers, granule, addressable = 1024, 16, 256
    waves_per_simd = max(1, math.ceil(math.ceil(threads / _wave_size(arch)) / SIMDS_PER_CU))
    return min(addressable, registers // waves_per_simd // granule * granule)


def _register_gain(ctx: LintContext, threads: int) -> tuple[str, int, int]:
    """(arch, VGPR cap at the default 1024 threads, cap at `threads`) for the target that gains
    most from launch bounds; the last is 0 when no target gains."""
    best = ("", 0, 0)
    for arch in _arches(ctx):
        default, bounded = _vgpr_cap(arch, DEFAULT_MAX_THREADS), _vgpr_cap(arch, threads)
        if bounded > default and bounded - default > best[2] - best[1]:
            best = (arch, default, bounded)
    return best


def _lds_limit(arch: str) -> int:
    return 160 * KIB if arch == "gfx950" else 64 * KIB


def _arches(ctx: LintContext) -> list[str]:
    return [_arch(a) for a in ctx.settings.arches] or ["gfx90a"]


def _tightest(ctx: LintContext, measure) -> tuple[str, int]:
    """The target arch with the smallest value of `measure`, and that value."""
    return min(((a, measure(a)) for a in _arches(ctx)), key=lambda item: item[1])


def _waves_for_blocks(max_threads: int, min_blocks: int, arch: str) -> int:
    """Min waves per SIMD that keeps `min_blocks` blocks of `max_threads` resident on one CU."""
    waves_per_block = math.ceil(max_threads / _wave_size(arch))
    return max(1, min(math.ceil(min_blocks * waves_per_block / SIMDS_PER_CU), _max_waves_per_eu(arch)))


def _effective_waves(max_threads: int, requested: int, arch: str) -> int:
    """The min waves per SIMD the compiler uses for `amdgpu_waves_per_eu(requested)`: a request
    below what the work-group size implies, or above the hardware maximum, is ignored."""
    implied = max(1, math.ceil(math.ceil(max_threads / _wave_size(arch)) / SIMDS_PER_CU))
    return requested if implied <= requested <= _max_waves_per_eu(arch) else implied


def _kib(size: int) -> str:
    return f"{size // KIB} KiB" if size % KIB == 0 else f"{size / KIB:.1f} KiB"


# -- small tree helpers ------------------------------------------------------------------------

def _call_name(node: Node, ctx: LintContext) -> str:
    function = node.child_by_field_name("function")
    return ctx.text(function) if function is not None else ""


def _call_args(node: Node) -> list[Node]:
    arguments = node.child_by_field_name("arguments")
    return [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []


def _is_kernel(node: Node) -> bool:
    return any(c.type == "__global__" for c in node.children)


def _declarator_name(node: Node) -> Node | None:
    """The name node of a function definition or declaration."""
    declarator = node.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    return declarator.child_by_field_name("declarator") if declarator is not None else None


def _short_name(text: str) -> str:
    return text.split("<")[0].split("::")[-1].strip()


def _referenced_kernel(node: Node, ctx: LintContext) -> str:
    """`k`, `&k`, `(const void*)k`, `reinterpret_cast<const void*>(&k)`, `k<T>` -> `k`."""
    text = re.sub(r"^HIP_KERNEL_NAME\((.*)\)$", r"\1", ctx.text(node).strip())
    text = re.sub(r"^\(\s*(const\s+)?void\s*\*\s*\)\s*|^reinterpret_cast<[^>]*>\(|^\(|\)$|^&", "", text)
    return _short_name(text.lstrip("&").strip())


def _item_start(node: Node) -> Node:
    """The outermost node of the declaration `node` starts (template<...>, extern "C" ...)."""
    while node.parent is not None and node.parent.type in ("template_declaration", "linkage_specification"):
        node = node.parent
    return node


def _block_insertion(ctx: LintContext, node: Node, block: str) -> Edit | None:
    """An edit that puts preprocessor lines just before the declaration of `node`; None where a
    directive cannot go (inside a macro body)."""
    item = _item_start(node)
    ancestor = item.parent
    while ancestor is not None:
        if ancestor.type in ("preproc_def", "preproc_function_def"):
            return None
        ancestor = ancestor.parent
    data = ctx.data
    line_start = data.rfind(b"\n", 0, item.start_byte) + 1
    if data[:line_start].rstrip(b"\n").endswith(b"\\"):
        return None
    if data[line_start:item.start_byte].strip():
        return Edit(item.start_byte, item.start_byte, ("\n" + block).encode())
    return Edit(line_start, line_start, block.encode())


def _bounds_arguments(node: Node, ctx: LintContext) -> list[tuple[int, int]]:
    """Byte spans of the top-level arguments of `__launch_bounds__(...)`, read from the bytes
    because the grammar gives the three-argument form an ERROR node."""
    data = ctx.data
    start = data.find(b"(", node.start_byte, node.end_byte)
    end = node.end_byte - 1
    if start < 0 or data[end:end + 1] != b")":
        return []
    spans: list[tuple[int, int]] = []
    depth, begin = 0, start + 1
    for index in range(start + 1, end):
        char = data[index:index + 1]
        if char in b"([{":
            depth += 1
        elif char in b")]}":
            depth -= 1
        elif char == b"," and depth == 0:
            spans.append((begin, index))
            begin = index + 1
    spans.append((begin, end))
    return [_strip_span(data, s, e) for s, e in spans if data[s:e].strip()]


def _strip_span(data: bytes, start: int, end: int) -> tuple[int, int]:
    text = data[start:end]
    return start + (len(text) - len(text.lstrip())), end - (len(text) - len(text.rstrip()))


def _span_value(ctx: LintContext, span: tuple[int, int]) -> int | None:
    node = ctx.tree.root_node.descendant_for_byte_range(*span)
    if node is not None and (node.start_byte, node.end_byte) == span:
        return ctx.int_value(node)
    return _fold_text(ctx, _span_text(ctx, span))


def _span_text(ctx: LintContext, span: tuple[int, int]) -> str:
    return ctx.data[span[0]:span[1]].decode("utf-8", "surrogateescape")


def _bounded_kernel_name(node: Node, ctx: LintContext) -> str:
    """The name of the kernel a launch_bounds node belongs to ('' if unknown)."""
    owner = node.parent
    if owner is None:
        return ""
    name = _declarator_name(owner)
    return _short_name(ctx.text(name)) if name is not None else ""


def _macro_name(ctx: LintContext, stem: str, kernel: str, node: Node) -> str:
    """`HP_<stem>_<kernel>`, numbered when other kernels of that name need a different macro."""
    base = f"HP_{stem}_{re.sub(r'[^A-Za-z0-9_]', '_', kernel) or 'kernel'}"
    mine = ctx.text(node)
    others = [n for n in ctx.nodes({"launch_bounds"})
              if _bounded_kernel_name(n, ctx) == kernel and ctx.text(n) != mine]
    if not others:
        return base
    earlier = {ctx.text(n) for n in others if n.start_byte < node.start_byte}
    return f"{base}_{len(earlier) + 1}"


def _platform_definitions(ctx: LintContext, name: str) -> tuple[Node, Node] | None | bool:
    """For a macro defined once per platform under `#if defined(__HIP_PLATFORM_AMD__) ... #else`:
    its (AMD, other) preproc_arg nodes. False if `name` has other #defines (chosen some other
    way); None if it has no #define here."""
    definitions = [n for n in ctx.nodes({"preproc_def"})
                   if (d := n.child_by_field_name("name")) is not None and ctx.text(d) == name]
    if len(definitions) < 2:
        return None
    if len(definitions) != 2:
        return False
    first, second = definitions
    branch = first.parent
    if branch is None or branch.type not in ("preproc_if", "preproc_ifdef") or second.parent is None \
            or second.parent.type != "preproc_else" or second.parent.parent != branch:
        return False
    condition = branch.child_by_field_name("condition") or branch.child_by_field_name("name")
    condition_text = ctx.text(condition) if condition is not None else ""
    if "__HIP_PLATFORM_AMD__" not in condition_text or "!" in condition_text \
            or (branch.type == "preproc_ifdef" and ctx.text(branch.children[0]) != "#ifdef"):
        return False
    amd, other = first.child_by_field_name("value"), second.child_by_field_name("value")
    if amd is None or other is None:
        return False
    return amd, other


def _fold_text(ctx: LintContext, text: str, seen: frozenset[str] = frozenset()) -> int | None:
    """A #define value's integer: literals, known constants, `a * b`, `a << b`, parentheses."""
    text = re.sub(r"/\*.*?\*/|//.*", "", text, flags=re.DOTALL).strip()
    while text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    value = parse_int(text)
    if value is not None:
        return value
    if re.fullmatch(r"[A-Za-z_]\w*", text):
        known = ctx.constants.get(text)
        return known if known is not None else _macro_value(ctx, text, seen)
    match = re.fullmatch(r"(.+?)\s*(\*|<<)\s*(.+)", text)
    if match:
        left, right = _fold_text(ctx, match.group(1), seen), _fold_text(ctx, match.group(3), seen)
        if left is not None and right is not None:
            if match.group(2) == "*":
                return left * right
            return left << right if 0 <= right < 64 else None
    return None


def _macro_value(ctx: LintContext, name: str, seen: frozenset[str] = frozenset()) -> int | None:
    """The value of an object-like #define written once in this file, also when a comment follows
    it on the line (the grammar keeps such comments in the macro's text)."""
    if name in seen:
        return None
    values = {
        _fold_text(ctx, ctx.text(value), seen | {name})
        for node in ctx.nodes({"preproc_def"})
        if (macro := node.child_by_field_name("name")) is not None and ctx.text(macro) == name
        and (value := node.child_by_field_name("value")) is not None
    }
    return values.pop() if len(values) == 1 else None


def _int(ctx: LintContext, node: Node | None) -> int | None:
    value = ctx.int_value(node)
    if value is None and node is not None and node.type == "identifier":
        value = _macro_value(ctx, ctx.text(node))
    return value


def _stripped_node_span(ctx: LintContext, node: Node) -> tuple[int, int]:
    return _strip_span(ctx.data, node.start_byte, node.end_byte)


# -- launch sites ------------------------------------------------------------------------------

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
    """The block size a declaration gives `name`; -1 if it declares `name` without a constant."""
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
            folded = ctx.int_value(value)
            return -1 if folded is None else folded
        return -1
    return None


def _block_size(ctx: LintContext, launch: Launch) -> int | None:
    if launch.threads is not None or len(launch.config) < 2:
        return launch.threads
    block = launch.config[1]
    if block.type == "identifier":
        local = _local_block_size(ctx, block)
        return local if local is not None else _macro_value(ctx, ctx.text(block))
    if block.type == "call_expression" and _call_name(block, ctx) == "dim3":
        sizes = [_int(ctx, a) for a in _call_args(block)]
        return math.prod(sizes) if sizes and None not in sizes else None  # type: ignore[arg-type]
    return None


def _launched(ctx: LintContext, launch: Launch) -> str:
    """The launched kernel's name, also through casts such as `(const void*)k`."""
    if any(c.type == "kernel_call_syntax" for c in launch.node.children):
        return launch.kernel
    args = _call_args(launch.node)
    return _referenced_kernel(args[0], ctx) if args else launch.kernel


def _shared_bytes_argument(ctx: LintContext, launch: Launch) -> Node | None:
    """The dynamic shared memory argument of a launch, if written."""
    if any(c.type == "kernel_call_syntax" for c in launch.node.children):
        index = 2
    else:
        index = 2 if _call_name(launch.node, ctx) == "hipLaunchKernelGGL" else 3
    return launch.config[index] if len(launch.config) > index else None


# -- kernels -----------------------------------------------------------------------------------

def _kernel_definitions(ctx: LintContext) -> list[Node]:
    return [n for n in ctx.nodes({"function_definition"}) if _is_kernel(n)]


def _amd_attribute_values(ctx: LintContext, node: Node, attribute: str) -> list[int | None] | None:
    """Arguments of `__attribute__((<attribute>(...)))` / `[[clang::<attribute>(...)]]` on a
    kernel, or None if it has none."""
    for child in node.children:
        if child.type not in ("attribute_specifier", "attribute_declaration"):
            continue
        for call in _nodes_in(child, ("call_expression", "attribute")):
            name = call.child_by_field_name("function") if call.type == "call_expression" else \
                call.child_by_field_name("name")
            if name is not None and ctx.text(name) == attribute:
                arguments = call.child_by_field_name("arguments") or next(
                    (c for c in call.children if c.type == "argument_list"), None)
                return [ctx.int_value(a) for a in (arguments.named_children if arguments else ())
                        if a.type != "comment"]
    return None


def _nodes_in(node: Node, types: tuple[str, ...]) -> list[Node]:
    found, stack = [], [node]
    while stack:
        current = stack.pop()
        if current.type in types:
            found.append(current)
        stack.extend(reversed(current.children))
    return found


def _max_threads(ctx: LintContext, kernel: Node) -> int | None:
    """The kernel's declared max threads per block: `__launch_bounds__(N, ...)` or
    `amdgpu_flat_work_group_size(lo, N)`; None if it declares none (or not as a constant)."""
    bounds = next((c for c in kernel.children if c.type == "launch_bounds"), None)
    if bounds is not None:
        spans = _bounds_arguments(bounds, ctx)
        return _span_value(ctx, spans[0]) if spans else None
    flat = _amd_attribute_values(ctx, kernel, "amdgpu_flat_work_group_size")
    return flat[1] if flat is not None and len(flat) == 2 else None


def _has_bounds(ctx: LintContext, kernel: Node) -> bool:
    """True if the kernel declares a block-size bound, or may through a macro the grammar could
    not place (an ERROR node among its specifiers)."""
    name = _declarator_name(kernel)
    head = ctx.data[kernel.start_byte:name.start_byte if name is not None else kernel.end_byte]
    return any(c.type in ("launch_bounds", "ERROR") for c in kernel.children) \
        or any(word in head for word in (b"launch_bounds", b"amdgpu_flat_work_group_size", b"__maxnreg__"))


def _static_shared_bytes(ctx: LintContext, kernel: Node) -> tuple[int, Node | None]:
    """Bytes of static `__shared__` arrays in a kernel body whose sizes are known here, and the
    declaration at which the running total first passes the tightest LDS limit."""
    body = kernel.child_by_field_name("body")
    if body is None:
        return 0, None
    _, limit = _tightest(ctx, _lds_limit)
    total, crossing = 0, None
    for declaration in _nodes_in(body, ("declaration",)):
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
    while declarator.type == "array_declarator":
        size = ctx.int_value(declarator.child_by_field_name("size"))
        if size is None:
            return None
        count *= size
        declarator = declarator.child_by_field_name("declarator")
    return count if declarator.type == "identifier" else None


def _static_shared_by_kernel(ctx: LintContext) -> dict[str, int]:
    totals: dict[str, int] = {}
    for kernel in _kernel_definitions(ctx):
        name = _declarator_name(kernel)
        if name is not None:
            totals[_short_name(ctx.text(name))] = _static_shared_bytes(ctx, kernel)[0]
    return totals


def _escaped_kernels(ctx: LintContext, names: set[str], launches: list[Launch]) -> set[str]:
    """Kernels whose name is used other than to launch, declare or query them (stored in a
    variable, passed to a helper): their launch sites cannot all be seen here."""
    launch_spans = []
    for launch in launches:
        function = launch.node.child_by_field_name("function")
        if any(c.type == "kernel_call_syntax" for c in launch.node.children) and function is not None:
            launch_spans.append((function.start_byte, function.end_byte))
        else:
            args = _call_args(launch.node)
            if args:
                launch_spans.append((args[0].start_byte, args[0].end_byte))
    escaped: set[str] = set()
    for identifier in ctx.nodes({"identifier"}):
        name = ctx.text(identifier)
        if name not in names or name in escaped:
            continue
        if any(s <= identifier.start_byte and identifier.end_byte <= e for s, e in launch_spans):
            continue
        parent = identifier.parent
        if parent is not None and parent.type == "function_declarator":
            continue  # the definition or a prototype
        call = parent
        while call is not None and call.type not in ("call_expression", "expression_statement", "declaration",
                                                      "compound_statement"):
            call = call.parent
        if call is not None and call.type == "call_expression" \
                and re.match(r"(cuda|hip|cu)[A-Z]", _call_name(call, ctx)):
            continue  # cudaFuncSetAttribute(k, ...), cudaOccupancy...(&n, k, ...)
        escaped.add(name)
    return escaped


# HP201
@file_detector(emits=("HP201",))
def missing_launch_bounds(ctx: LintContext) -> None:
    candidates: dict[str, list[Node]] = {}
    for kernel in _kernel_definitions(ctx):
        name = _declarator_name(kernel)
        if name is not None and not _has_bounds(ctx, kernel):
            candidates.setdefault(_short_name(ctx.text(name)), []).append(kernel)
    if not candidates:
        return
    launches = [launch for launch in ctx.launches if _launched(ctx, launch) in candidates]
    sizes: dict[str, list[int | None]] = {}
    for launch in launches:
        sizes.setdefault(_launched(ctx, launch), []).append(_block_size(ctx, launch))
    escaped = _escaped_kernels(ctx, set(sizes), launches)
    for kernel_name, blocks in sizes.items():
        if kernel_name in escaped or any(b is None or b <= 0 for b in blocks):
            continue
        largest = max(b for b in blocks if b is not None)
        if largest >= DEFAULT_MAX_THREADS or _register_gain(ctx, largest)[2] == 0:
            continue
        for kernel in candidates[kernel_name]:
            _report_missing_bounds(ctx, kernel, kernel_name, launches, blocks, largest)


def _report_missing_bounds(ctx: LintContext, kernel: Node, name: str, launches: list[Launch],
                           blocks: list[int | None], largest: int) -> None:
    declarator = kernel.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    name_node = _declarator_name(kernel)
    if declarator is None or name_node is None:
        return
    same = len(set(blocks)) == 1
    bound = _bound_text(ctx, kernel, [launch for launch in launches if _launched(ctx, launch) == name]) \
        if same else None
    bound = bound or str(largest)
    applicability = None
    in_header = PurePath(ctx.source.path).suffix.lower() in HEADER_SUFFIXES
    if not same or (in_header and not _internal_linkage(ctx, kernel)):
        applicability = "unsafe"
    title = f"Add `__launch_bounds__({bound})`"
    fix = ctx.fix("HP201", title, [Edit(declarator.start_byte, declarator.start_byte,
                                        f"__launch_bounds__({bound}) ".encode())], applicability)
    launched = f"{largest} thread{'s' if largest > 1 else ''}" if same else f"at most {largest} threads"
    arch, capped, allowed = _register_gain(ctx, largest)
    ctx.report("HP201", name_node, f"kernel `{name}` has no `__launch_bounds__`, and every launch in this file "
               f"uses {launched} per block: AMD compiles it for {DEFAULT_MAX_THREADS}-thread blocks, which caps "
               f"it at {capped} VGPRs per lane on {arch} instead of {allowed}; a kernel that needs more spills to "
               "scratch memory", fix)


def _bound_text(ctx: LintContext, kernel: Node, launches: list[Launch]) -> str | None:
    """The block argument's name when every launch writes the same constant name and that name is
    a #define or namespace-scope constant defined before the kernel."""
    texts = {ctx.text(launch.config[1]) for launch in launches if len(launch.config) > 1}
    if len(texts) != 1:
        return None
    text = texts.pop()
    if not re.fullmatch(r"[A-Za-z_]\w*", text) or (text not in ctx.constants and _macro_value(ctx, text) is None):
        return None
    start = _item_start(kernel).start_byte
    for node in ctx.nodes({"preproc_def", "declaration"}):
        if node.start_byte >= start:
            break
        if node.type == "preproc_def":
            name = node.child_by_field_name("name")
            if name is not None and ctx.text(name) == text:
                return text
        elif node.parent is not None and node.parent.type in ("translation_unit", "declaration_list"):
            for declarator in node.children_by_field_name("declarator"):
                target = declarator.child_by_field_name("declarator")
                if declarator.type == "init_declarator" and target is not None and ctx.text(target) == text:
                    return text
    return None


def _internal_linkage(ctx: LintContext, kernel: Node) -> bool:
    if any(c.type == "storage_class_specifier" and ctx.text(c) == "static" for c in kernel.children):
        return True
    ancestor = kernel.parent
    while ancestor is not None:
        if ancestor.type == "namespace_definition" and ancestor.child_by_field_name("name") is None:
            return True
        ancestor = ancestor.parent
    return False


# HP202
@file_detector(emits=("HP202",))
def launch_exceeds_launch_bounds(ctx: LintContext) -> None:
    bounded: dict[str, int | None] = {}
    for kernel in _kernel_definitions(ctx):
        name = _declarator_name(kernel)
        if name is not None and _has_bounds(ctx, kernel):
            key = _short_name(ctx.text(name))
            bounded[key] = _max_threads(ctx, kernel) if key not in bounded else None
    for launch in ctx.launches:
        kernel = _launched(ctx, launch)
        limit = bounded.get(kernel)
        threads = _block_size(ctx, launch)
        if limit is None or threads is None or threads <= limit or len(launch.config) < 2:
            continue
        ctx.report("HP202", launch.config[1], f"launch of `{kernel}` with {threads} threads per block "
                   f"exceeds its launch bounds ({limit}): the HIP runtime refuses it with "
                   "`hipErrorLaunchFailure` (\"Launch params ... are larger than launch bounds\")")


# HP203
@detector("launch_bounds", emits=("HP203",))
def launch_bounds_min_blocks_reinterpreted(node: Node, ctx: LintContext) -> None:
    spans = _bounds_arguments(node, ctx)
    if len(spans) != 2:
        return  # one argument: nothing to reinterpret; three: HP205 first
    max_threads = _span_value(ctx, spans[0])
    min_text = _span_text(ctx, spans[1])
    platform = _platform_definitions(ctx, min_text) if re.fullmatch(r"[A-Za-z_]\w*", min_text) else None
    if platform is False:
        return  # the file already picks the value by preprocessor
    if platform is None:
        amd_value = cuda_value = _span_value(ctx, spans[1])
        cuda_text = min_text
    else:
        amd_node, cuda_node = platform
        cuda_text = ctx.text(cuda_node).split(",")[0].strip()
        amd_value, cuda_value = _fold_text(ctx, ctx.text(amd_node)), _fold_text(ctx, cuda_text)
    bounds_text = f"__launch_bounds__({_span_text(ctx, spans[0])}, {cuda_text})"
    if max_threads is None or amd_value is None or cuda_value is None:
        ctx.report("HP203", node, f"`{bounds_text}`: HIP passes the second argument (min blocks per SM on "
                   "NVIDIA) as `amdgpu_waves_per_eu`, min waves per SIMD, a different unit")
        return
    wanted = {a: _waves_for_blocks(max_threads, cuda_value, a) for a in _arches(ctx)}
    differs = [a for a in wanted
               if _effective_waves(max_threads, amd_value, a) != _effective_waves(max_threads, wanted[a], a)]
    waves = min(wanted.values())
    if not differs or amd_value == waves:
        return  # with several targets the smallest value is the one asked for (see the docs)
    arch = differs[0]
    kernel = _bounded_kernel_name(node, ctx) or "kernel"
    needed = math.ceil(cuda_value * math.ceil(max_threads / _wave_size(arch)) / SIMDS_PER_CU)
    beyond = f" ({_max_waves_per_eu(arch)} at most)" if needed > _max_waves_per_eu(arch) else ""
    message = (f"`{bounds_text}`: HIP passes {amd_value} as `amdgpu_waves_per_eu({amd_value})` (min waves per "
               f"SIMD), but {cuda_value} resident blocks of {max_threads} threads per CU need "
               f"{max(needed, 1)} waves per SIMD on {arch}{beyond}")
    if platform is None:
        edits = [] if "/" in min_text else \
            _platform_macro_edits(ctx, node, spans[1], "MIN_BLOCKS", kernel, str(waves), " ".join(min_text.split()))
    else:
        start, end = _stripped_node_span(ctx, platform[0])
        edits = [Edit(start, end, str(waves).encode())]
    fix = ctx.fix("HP203", f"Use `amdgpu_waves_per_eu({waves})` on AMD, keep {cuda_text} blocks on NVIDIA",
                  edits) if edits else None
    ctx.report("HP203", node, message, fix)


def _platform_macro_edits(ctx: LintContext, bounds: Node, span: tuple[int, int], stem: str, kernel: str,
                          amd_text: str, cuda_text: str) -> list[Edit]:
    """Replace a `__launch_bounds__` argument by a macro defined per platform just above the
    kernel; [] where no #if can go there."""
    macro = _macro_name(ctx, stem, kernel, bounds)
    owner = bounds.parent or bounds
    block = (f"{AMD_GUARD}  // hipify-plus: HIP reads this as min waves per SIMD\n"
             f"#define {macro} {amd_text}\n#else\n#define {macro} {cuda_text}\n#endif\n")
    insertion = _block_insertion(ctx, owner, block)
    if insertion is None:
        return []
    return [insertion, Edit(span[0], span[1], macro.encode())]


# HP204
@detector("launch_bounds", emits=("HP204",))
def waves_per_eu_out_of_range_in_launch_bounds(node: Node, ctx: LintContext) -> None:
    spans = _bounds_arguments(node, ctx)
    if len(spans) < 2:
        return
    value = _span_value(ctx, spans[1])
    arch, limit = _tightest(ctx, _max_waves_per_eu)
    if value is None or value <= limit:
        return
    ctx.report("HP204", spans[1], f"HIP passes {value} as `amdgpu_waves_per_eu({value})`, above the {limit} waves "
               f"per SIMD of {arch}: the compiler silently ignores the request")


# HP204
@detector("call_expression", "attribute", emits=("HP204",))
def waves_per_eu_out_of_range(node: Node, ctx: LintContext) -> None:
    name = node.child_by_field_name("function" if node.type == "call_expression" else "name")
    if name is None or ctx.text(name) != "amdgpu_waves_per_eu":
        return
    arguments = node.child_by_field_name("arguments") or next(
        (c for c in node.children if c.type == "argument_list"), None)
    values = [a for a in (arguments.named_children if arguments else ()) if a.type != "comment"]
    arch, limit = _tightest(ctx, _max_waves_per_eu)
    over = [a for a in values if (v := ctx.int_value(a)) is not None and v > limit]
    if not over:
        return
    fix = ctx.fix("HP204", f"Clamp to {limit} waves per SIMD",
                  [Edit(a.start_byte, a.end_byte, str(limit).encode()) for a in over])
    ctx.report("HP204", node, f"`{ctx.text(node)}` asks for more than the {limit} waves per SIMD of {arch}: "
               "the compiler silently ignores the whole request", fix)


# HP205
@detector("launch_bounds", emits=("HP205",))
def launch_bounds_cluster_argument(node: Node, ctx: LintContext) -> None:
    spans = _bounds_arguments(node, ctx)
    if len(spans) != 3:
        return
    kernel = _bounded_kernel_name(node, ctx) or "kernel"
    min_text = " ".join(_span_text(ctx, spans[1]).split())
    rest = " ".join(ctx.data[spans[1][0]:spans[2][1]].decode("utf-8", "surrogateescape").split())
    macro = _macro_name(ctx, "MIN_BLOCKS_CLUSTER", kernel, node)
    block = (f"{AMD_GUARD}  // hipify-plus: no block clusters on AMD\n"
             f"#define {macro} {min_text}\n#else\n#define {macro} {rest}\n#endif\n")
    insertion = _block_insertion(ctx, node.parent or node, block)
    fix = None
    if insertion is not None and "/" not in rest:
        fix = ctx.fix("HP205", "Drop the cluster argument on AMD",
                      [insertion, Edit(spans[1][0], spans[2][1], macro.encode())])
    ctx.report("HP205", node, f"`{ctx.text(node)}`: the third argument (max blocks per cluster, CUDA 12) does "
               "not compile with HIP's two-argument `__launch_bounds__` (\"expected unqualified-id\")", fix)


# HP206
@file_detector(emits=("HP206",))
def maxnreg_attribute(ctx: LintContext) -> None:
    if b"__maxnreg__" not in ctx.data:
        return
    uses, defined = [], False
    for identifier in ctx.nodes({"identifier"}):
        if ctx.text(identifier) != "__maxnreg__":
            continue
        parent = identifier.parent
        if parent is not None and parent.type in ("preproc_def", "preproc_function_def"):
            defined = True
        elif parent is not None and parent.type not in ("preproc_defined", "preproc_ifdef"):
            uses.append(identifier)
    if defined or not uses:
        return
    constant = all(_maxnreg_value(ctx, u) is not None for u in uses)
    insertion = _block_insertion(ctx, _maxnreg_owner(uses[0]), _MAXNREG_COMPAT)
    for use in uses:
        arguments = use.next_named_sibling
        end = arguments.end_byte if arguments is not None and arguments.type == "argument_list" else use.end_byte
        value = _maxnreg_value(ctx, use)
        fix = None
        if insertion is not None:
            fix = ctx.fix("HP206", "Define `__maxnreg__` as `amdgpu_num_vgpr` on AMD", [insertion],
                          None if constant else "display")
        shown = f"__maxnreg__({value})" if value is not None else "__maxnreg__"
        ctx.report("HP206", (use.start_byte, end), f"`{shown}` (CUDA 12.4) is not defined by HIP: the kernel "
                   "does not compile (\"variable has incomplete type 'void'\"); the AMD register cap is "
                   "`amdgpu_num_vgpr`", fix)


_MAXNREG_COMPAT = """\
// hipify-plus: CUDA's __maxnreg__(N) caps registers per thread; amdgpu_num_vgpr is the AMD cap. On gfx90a and
// gfx94x the VGPR and AGPR files are unified and the request is doubled, so N/2 gives N registers in all.
#if defined(__HIP_PLATFORM_AMD__) && !defined(__maxnreg__)
#if defined(__gfx90a__) || defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__) || defined(__gfx950__)
#define __maxnreg__(n) __attribute__((amdgpu_num_vgpr((n) / 2)))
#else
#define __maxnreg__(n) __attribute__((amdgpu_num_vgpr(n)))
#endif
#endif
"""


def _maxnreg_value(ctx: LintContext, use: Node) -> int | None:
    arguments = use.next_named_sibling
    if arguments is None or arguments.type != "argument_list":
        return None
    values = [a for a in arguments.named_children if a.type != "comment"]
    return ctx.int_value(values[0]) if len(values) == 1 else None


def _maxnreg_owner(use: Node) -> Node:
    node = use
    while node.parent is not None and node.parent.type not in ("translation_unit", "declaration_list",
                                                               "preproc_if", "preproc_ifdef", "preproc_else",
                                                               "preproc_elif"):
        node = node.parent
    return node


# HP207
@detector("function_definition", emits=("HP207",))
def static_lds_over_limit(node: Node, ctx: LintContext) -> None:
    if not _is_kernel(node) or b"__shared__" not in ctx.data[node.start_byte:node.end_byte]:
        return
    total, crossing = _static_shared_bytes(ctx, node)
    if crossing is None:
        return
    arch, limit = _tightest(ctx, _lds_limit)
    name = _declarator_name(node)
    kernel = _short_name(ctx.text(name)) if name is not None else "kernel"
    ctx.report("HP207", crossing, f"static `__shared__` memory in `{kernel}` reaches {_kib(total)} ({total} bytes), "
               f"over the {_kib(limit)} of LDS a workgroup can address on {arch}: hipcc fails with "
               f"\"local memory ({total}) exceeds limit ({limit})\"")


# HP208
@detector("call_expression", emits=("HP208",))
def dynamic_shared_memory_opt_in_over_limit(node: Node, ctx: LintContext) -> None:
    if _call_name(node, ctx) not in FUNC_SET_ATTRIBUTE:
        return
    args = _call_args(node)
    if len(args) != 3 or ctx.text(args[1]).split("::")[-1] not in MAX_DYNAMIC_SMEM_ATTRIBUTES:
        return
    requested = ctx.int_value(args[2])
    if requested is None:
        return
    kernel = _referenced_kernel(args[0], ctx)
    static = _static_shared_by_kernel(ctx).get(kernel, 0)
    _report_shared_over_limit(ctx, args[2], requested, static, f"`{_call_name(node, ctx)}` opts `{kernel}` into")


# HP208
@file_detector(emits=("HP208",))
def launch_shared_memory_over_limit(ctx: LintContext) -> None:
    static: dict[str, int] | None = None
    for launch in ctx.launches:
        argument = _shared_bytes_argument(ctx, launch)
        requested = ctx.int_value(argument)
        if argument is None or requested is None or requested <= 0:
            continue
        static = _static_shared_by_kernel(ctx) if static is None else static
        kernel = _launched(ctx, launch)
        _report_shared_over_limit(ctx, argument, requested, static.get(kernel, 0),
                                  f"the launch of `{kernel}` asks for")


# HP208
@detector("assignment_expression", emits=("HP208",))
def launch_config_shared_memory_over_limit(node: Node, ctx: LintContext) -> None:
    left = node.child_by_field_name("left")
    if left is None or left.type != "field_expression":
        return
    field = left.child_by_field_name("field")
    if field is None or ctx.text(field) != "dynamicSmemBytes":
        return
    requested = ctx.int_value(node.child_by_field_name("right"))
    if requested is not None:
        _report_shared_over_limit(ctx, node.child_by_field_name("right"), requested, 0,
                                  "the launch configuration asks for")


def _report_shared_over_limit(ctx: LintContext, span: Node, requested: int, static: int, what: str) -> None:
    arch, limit = _tightest(ctx, _lds_limit)
    if requested + static <= limit:
        return
    with_static = f" (+ {_kib(static)} static)" if static else ""
    ctx.report("HP208", span, f"{what} {_kib(requested)} of dynamic shared memory{with_static}: a workgroup on "
               f"{arch} addresses at most {_kib(limit)} of LDS, so HIP returns `hipErrorInvalidValue`; "
               "size the tile from `hipDeviceAttributeMaxSharedMemoryPerBlock`")


# HP209
@detector("call_expression", emits=("HP209",))
def cache_config_no_effect(node: Node, ctx: LintContext) -> None:
    name = _call_name(node, ctx)
    if name in CACHE_CONFIG_CALLS:
        ctx.report("HP209", node, f"`{name}` has no effect on AMD GPUs: LDS and L1 are separate fixed-size "
                   "memories, and HIP ignores the setting")
        return
    if name in FUNC_SET_ATTRIBUTE:
        args = _call_args(node)
        if len(args) == 3 and ctx.text(args[1]).split("::")[-1] in CARVEOUT_ATTRIBUTES:
            ctx.report("HP209", node, f"`{ctx.text(args[1])}` has no effect on AMD GPUs: the LDS size is fixed "
                       "and not carved out of L1")


# HP211
@detector("number_literal", emits=("HP211",))
def hardcoded_nvidia_sm_resources(node: Node, ctx: LintContext) -> None:
    first = parse_int(ctx.text(node))
    in_expression = node.parent is not None and node.parent.type == "binary_expression"
    if first is None or (first not in _RESOURCE_VALUES and not in_expression):
        return
    top = node
    while top.parent is not None and top.parent.type in ("binary_expression", "parenthesized_expression") \
            and ctx.int_value(top.parent) is not None:
        top = top.parent
    if top is not node and _nodes_in(top, ("number_literal",))[0] != node:
        return  # `48 * 1024` is looked at once, from its first literal
    value = ctx.int_value(top)
    if value not in _RESOURCE_VALUES:
        return
    owner, operands = _literal_context(ctx, top)
    for values, groups, in_expressions, meaning in NVIDIA_RESOURCES:
        if value not in values:
            continue
        words = _words(owner) if owner else set()
        matched = owner if owner and _matches(words, owner, groups) else None
        if matched is None and in_expressions:
            matched = next((name for name in operands if _matches(_words(name), name, groups)), None)
        if matched is not None:
            ctx.report("HP211", top, f"`{ctx.text(top)}` next to `{matched}` looks like {meaning}; query the "
                       "device (`hipDeviceGetAttribute`, `hipOccupancyMaxActiveBlocksPerMultiprocessor`) instead")
            return


# HP211
@detector("preproc_def", emits=("HP211",))
def hardcoded_nvidia_sm_resources_macro(node: Node, ctx: LintContext) -> None:
    name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
    if name is None or value is None:
        return
    folded = _fold_text(ctx, ctx.text(value))
    if folded not in _RESOURCE_VALUES:
        return
    macro = ctx.text(name)
    for values, groups, _, meaning in NVIDIA_RESOURCES:
        if folded in values and _matches(_words(macro), macro, groups):
            shown = re.sub(r"/\*.*?\*/|//.*", "", ctx.text(value), flags=re.DOTALL).strip()
            start = _stripped_node_span(ctx, value)[0]
            ctx.report("HP211", (start, start + len(shown.encode())), f"`{macro}` = {shown} looks "
                       f"like {meaning}; query the device (`hipDeviceGetAttribute`) instead")
            return


def _literal_context(ctx: LintContext, top: Node) -> tuple[str, list[str]]:
    """The name a constant is given (declared, #defined, assigned to), and the names in the
    arithmetic or comparison it is an operand of."""
    operands: list[str] = []
    node = top
    while node.parent is not None and node.parent.type in ("binary_expression", "parenthesized_expression"):
        node = node.parent
        operator = node.child_by_field_name("operator")
        if node.type == "binary_expression" and (operator is None or ctx.text(operator) not in _ARITHMETIC):
            return "", []
    if node is not top:
        operands = [ctx.text(n) for n in _nodes_in(node, ("identifier", "field_identifier"))]
    parent = node.parent
    if parent is None:
        return "", operands
    if parent.type == "init_declarator":
        target = parent.child_by_field_name("declarator")
        return (ctx.text(target) if target is not None else ""), operands
    if parent.type == "assignment_expression" and parent.child_by_field_name("right") == node:
        left = parent.child_by_field_name("left")
        if left is not None and left.type == "field_expression":
            left = left.child_by_field_name("field")
        return (ctx.text(left) if left is not None else ""), operands
    if parent.type in ("enumerator", "field_declaration"):
        target = parent.child_by_field_name("name") or parent.child_by_field_name("declarator")
        return (ctx.text(target) if target is not None else ""), operands
    return "", operands


def _words(name: str) -> set[str]:
    words = set()
    for word in _NAME_WORDS.findall(name.split("::")[-1].split(".")[-1].split("->")[-1]):
        word = word.lower()
        if len(word) >= 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        words.add(word)
    return words


def _matches(words: set[str], name: str, groups: tuple[frozenset[str], ...]) -> bool:
    lowered = name.lower()
    return all(words & group or any(len(w) > 3 and w in lowered for w in group) for group in groups)


# HP212
@detector("call_expression", "attribute", emits=("HP212",))
def num_vgpr_doubled_on_unified_register_file(node: Node, ctx: LintContext) -> None:
    name = node.child_by_field_name("function" if node.type == "call_expression" else "name")
    if name is None or ctx.text(name) != "amdgpu_num_vgpr":
        return
    unified = [a for a in _arches(ctx) if a in UNIFIED_REGISTER_FILE]
    if not unified:
        return
    arguments = node.child_by_field_name("arguments") or next(
        (c for c in node.children if c.type == "argument_list"), None)
    values = [ctx.int_value(a) for a in (arguments.named_children if arguments else ()) if a.type != "comment"]
    count = values[0] if len(values) == 1 else None
    budget = f"{2 * count} VGPRs and AGPRs in all" if count is not None else "twice that in VGPRs and AGPRs"
    ctx.report("HP212", node, f"`{ctx.text(node)}` on {unified[0]} gives a budget of {budget}: the VGPR and AGPR "
               "files are unified there and the request is doubled (on gfx908 and RDNA it is the exact VGPR count)")


# HP213
@file_detector(emits=("HP213",))
def jit_max_registers_ignored(ctx: LintContext) -> None:
    if not any(name.encode() in ctx.data for name in JIT_MAX_REGISTERS):
        return
    for identifier in ctx.nodes({"identifier"}):
        name = ctx.text(identifier)
        if name in JIT_MAX_REGISTERS:
            ctx.report("HP213", identifier, f"`{name}` is ignored on AMD: `hipModuleLoadDataEx` drops JIT options "
                       "and behaves like `hipModuleLoadData`; cap registers per kernel with `__launch_bounds__` "
                       "or `amdgpu_waves_per_eu`")
