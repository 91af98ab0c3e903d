"""HP5xx: CUDA features that AMD lacks or implements differently: inline PTX, `__CUDA_ARCH__`
guards, missing intrinsics, bf16/fp8 types, WMMA, async copies, cooperative-groups extras,
clusters, dynamic parallelism, MI300 textures, clocks, and NVTX/NCCL/CUB/Thrust. Runs on CUDA
sources and on already-ported HIP sources alike; code in preprocessor branches that an AMD build
never compiles (`#ifndef __HIP_PLATFORM_AMD__`, `#if __CUDA_ARCH__ >= 800`, ...) is left alone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from hipify_plus.edits import Edit, Fix
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector, file_detector
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node

MI300 = frozenset({"gfx940", "gfx941", "gfx942"})
CONDITIONALS = frozenset({"preproc_if", "preproc_ifdef", "preproc_elif", "preproc_elifdef"})
EXECUTION_SPACES = frozenset({"__global__", "__device__", "__host__"})
COOPERATIVE_API = {"cuda": "cudaLaunchCooperativeKernel", "hip": "hipLaunchCooperativeKernel"}
RUNTIME_LAUNCHES = {
    "cudaLaunchKernel": COOPERATIVE_API["cuda"], "hipLaunchKernel": COOPERATIVE_API["hip"],
}
DEVICE_GUARD = "defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)"
HOST_GUARD = "!defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)"
PRESENCE_TESTS = frozenset({"preproc_defined", "preproc_ifdef", "preproc_elifdef"})

# -- shared helpers ----------------------------------------------------------------------------

# Macros an AMD build never defines, and macros every hip-clang pass (host and device) defines.
NVIDIA_MACROS = frozenset({
    "__CUDA_ARCH__", "__NVCC__", "__HIP_PLATFORM_NVIDIA__", "__HIP_PLATFORM_NVCC__",
    "__CUDA_ARCH_LIST__",
})
AMD_PLATFORM_MACROS = frozenset({
    "__HIP_PLATFORM_AMD__", "__HIP_PLATFORM_HCC__", "__HIPCC__", "__HIP__", "__HIPCC_RTC__",
    "__HIP_ROCclr__", "USE_ROCM", "USE_HIP",
})
AMD_PROJECT_MACRO = re.compile(r"(?:\w+_)?(?:USE|WITH|ENABLE|BUILD)_(?:HIP|ROCM)\w*")
AMD_DEVICE_PASS_MACRO = re.compile(
    r"__HIP_DEVICE_COMPILE__|__AMDGCN\w*|__AMDGPU__|__gfx\w+__|__GFX\d+__|__HIP_ARCH_\w+"
)
DEVICE_PASS_MACROS = frozenset({"__HIP_DEVICE_COMPILE__", "__AMDGCN__", "__AMDGPU__"})
AMD_WORDS = frozenset({"HIP", "HIPCC", "ROCM", "AMD", "AMDGCN", "AMDGPU", "HCC"})
HIP_SOURCE = re.compile(
    rb'#\s*include\s*[<"](?:hip/|hipcub/|rocprim/|rocwmma/|rocblas|hipblas|miopen/|rccl)'
    rb"|\bhip(?:Malloc|Memcpy|LaunchKernelGGL|DeviceSynchronize|StreamCreate|GetLastError|Free)"
    rb"\w*\s*\("
)


def _same(a: Node | None, b: Node | None) -> bool:
    return (a is not None and b is not None and a.type == b.type
            and a.start_byte == b.start_byte and a.end_byte == b.end_byte)


def _raw(node: Node, ctx: LintContext) -> bytes:
    return ctx.data[node.start_byte : node.end_byte]


def _descendants(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


@lru_cache(maxsize=64)
def _contains(data: bytes, needle: bytes) -> bool:
    """`needle in data`, once per file (detectors run per node; the file does not change)."""
    return needle in data


@lru_cache(maxsize=8)
def _is_hip_source(data: bytes) -> bool:
    """Already-ported HIP code (includes a HIP header or calls the HIP runtime)."""
    return HIP_SOURCE.search(data) is not None


def _defined_on_amd(name: str) -> int | None:
    """`defined(name)` under hip-clang: 1 in every pass, 0 never, None when it depends."""
    if name in NVIDIA_MACROS:
        return 0
    if name in AMD_PLATFORM_MACROS or AMD_PROJECT_MACRO.fullmatch(name):
        return 1
    return None


def _is_amd_macro(name: str) -> bool:
    return name not in NVIDIA_MACROS and bool(
        AMD_DEVICE_PASS_MACRO.fullmatch(name) or AMD_WORDS & set(name.split("_"))
    )


def _mentions_amd(node: Node, ctx: LintContext) -> bool:
    return any(n.type == "identifier" and _is_amd_macro(ctx.text(n)) for n in _descendants(node))


_COMPARE = {
    "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b), "<": lambda a, b: int(a < b),
    ">": lambda a, b: int(a > b), "<=": lambda a, b: int(a <= b), ">=": lambda a, b: int(a >= b),
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "&": lambda a, b: a & b, "|": lambda a, b: a | b, "^": lambda a, b: a ^ b,
}


def _amd_value(node: Node | None, ctx: LintContext, device: bool = False) -> int | None:
    """A preprocessor condition's value under hip-clang (in its device pass if `device`), or
    None when it cannot be told."""
    if node is None:
        return None
    kind = node.type
    if kind == "number_literal":
        return parse_int(ctx.text(node))
    if kind == "identifier":
        name = ctx.text(node)
        if device and name in DEVICE_PASS_MACROS:
            return 1
        return 0 if name in NVIDIA_MACROS else None  # undefined macros read as 0
    if kind == "preproc_defined":
        name_node = next((c for c in node.children if c.type == "identifier"), None)
        if name_node is None:
            return None
        name = ctx.text(name_node)
        return 1 if device and name in DEVICE_PASS_MACROS else _defined_on_amd(name)
    if kind == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        return _amd_value(inner[0], ctx, device) if len(inner) == 1 else None
    if kind == "unary_expression":
        operator = node.child_by_field_name("operator")
        value = _amd_value(node.child_by_field_name("argument"), ctx, device)
        if operator is None or value is None or ctx.text(operator) != "!":
            return None
        return int(not value)
    if kind == "binary_expression":
        operator = node.child_by_field_name("operator")
        op = ctx.text(operator) if operator is not None else ""
        left = _amd_value(node.child_by_field_name("left"), ctx, device)
        right = _amd_value(node.child_by_field_name("right"), ctx, device)
        if op == "&&":
            return 0 if 0 in (left, right) else (None if None in (left, right) else 1)
        if op == "||":
            if (left is not None and left != 0) or (right is not None and right != 0):
                return 1
            return None if None in (left, right) else 0
        if left is None or right is None or op not in _COMPARE:
            return None
        return _COMPARE[op](left, right)
    return None


def _condition_value(directive: Node, ctx: LintContext, device: bool = False) -> int | None:
    if directive.type in ("preproc_ifdef", "preproc_elifdef"):
        name = directive.child_by_field_name("name")
        if name is None:
            return None
        text = ctx.text(name)
        value = 1 if device and text in DEVICE_PASS_MACROS else _defined_on_amd(text)
        if value is None:
            return None
        return 1 - value if directive.children[0].type in ("#ifndef", "#elifndef") else value
    return _amd_value(directive.child_by_field_name("condition"), ctx, device)


def _condition_of(directive: Node) -> Node | None:
    """The tested expression of an #if/#elif, or the name of an #ifdef/#ifndef."""
    return directive.child_by_field_name("condition") or directive.child_by_field_name("name")


def _is_condition(child: Node, directive: Node) -> bool:
    return _same(child, directive.child_by_field_name("condition")) or _same(
        child, directive.child_by_field_name("name"))


def _excluded_on_amd(node: Node, ctx: LintContext, stop: Node | None = None,
                     device: bool = False) -> bool:
    """True if an enclosing #if/#ifdef branch (below `stop`) is never compiled by hip-clang (by
    its device pass, if `device`: for device-code hazards)."""
    child, parent = node, node.parent
    while parent is not None and not _same(parent, stop):
        if parent.type in CONDITIONALS:
            if _same(child, parent.child_by_field_name("alternative")):
                if _condition_value(parent, ctx, device) == 1:
                    return True
            elif not _is_condition(child, parent) and _condition_value(parent, ctx, device) == 0:
                return True
        child, parent = parent, parent.parent
    return False


def _device_excluded(node: Node, ctx: LintContext, stop: Node | None = None) -> bool:
    return _excluded_on_amd(node, ctx, stop, device=True)


def _arch_switched(node: Node, ctx: LintContext, words: tuple[bytes, ...]) -> bool:
    """True if an enclosing #if tests one of `words` (the code already picks per target)."""
    parent = node.parent
    while parent is not None:
        if parent.type in CONDITIONALS:
            condition = _condition_of(parent)
            if condition is not None and any(w in _raw(condition, ctx) for w in words):
                return True
        parent = parent.parent
    return False


def _function_of(node: Node) -> Node | None:
    parent = node.parent
    while parent is not None:
        if parent.type == "function_definition":
            return parent
        if parent.type == "lambda_expression":
            return None  # its execution space is not visible to the grammar
        parent = parent.parent
    return None


def _execution_space(node: Node) -> frozenset[str]:
    """`__global__` / `__device__` / `__host__` on the function that contains `node`."""
    function = _function_of(node)
    if function is None:
        return frozenset()
    return frozenset(c.type for c in function.children if c.type in EXECUTION_SPACES)


def _in_device_code(node: Node) -> bool:
    return bool(_execution_space(node) & {"__global__", "__device__"})


def _call_name(node: Node, ctx: LintContext) -> str:
    function = node.child_by_field_name("function")
    if function is None:
        return ""
    if function.type == "template_function":
        function = function.child_by_field_name("name") or function
    return ctx.text(function).removeprefix("::")


def _call_args(node: Node) -> list[Node]:
    return _named(node.child_by_field_name("arguments"))


def _named(node: Node | None) -> list[Node]:
    """The named children of an argument list, without comments."""
    return [a for a in node.named_children if a.type != "comment"] if node is not None else []


def _qualified_path(node: Node, ctx: LintContext) -> list[str]:
    """`cg::plus<int>` -> [cg, plus]; `::cuda::std::barrier<T>` -> [cuda, std, barrier]."""
    parts: list[str] = []
    current: Node | None = node
    while current is not None and current.type == "qualified_identifier":
        scope = current.child_by_field_name("scope")
        if scope is not None:
            parts.append(ctx.text(scope).split("<")[0])
        current = current.child_by_field_name("name")
    if current is not None:
        if current.type in ("template_type", "template_function"):
            current = current.child_by_field_name("name") or current
        parts.append(ctx.text(current))
    return parts


def _outer_qualified(node: Node) -> bool:
    return node.parent is None or node.parent.type != "qualified_identifier"


@lru_cache(maxsize=8)
def _cg_scopes(data: bytes) -> frozenset[str]:
    aliases = re.findall(rb"namespace\s+(\w+)\s*=\s*(?:::)?cooperative_groups\s*;", data)
    return frozenset({"cg", "cooperative_groups", *(a.decode() for a in aliases)})


def _include_path(node: Node, ctx: LintContext) -> tuple[Node, str] | None:
    path = node.child_by_field_name("path")
    if path is None or path.type not in ("system_lib_string", "string_literal"):
        return None
    return path, ctx.text(path)[1:-1].strip()


def _swap_include(path: Node, ctx: LintContext, new: str) -> Edit:
    text = ctx.text(path)
    return Edit(path.start_byte, path.end_byte, f"{text[0]}{new}{text[-1]}".encode())


@lru_cache(maxsize=64)
def _definitions_in_file(data: bytes, name: str) -> tuple[int, ...]:
    """Where the file supplies `name` itself (a shim macro or function): byte offsets."""
    escaped = re.escape(name.encode())
    macro = rb"#\s*define\s+" + escaped + rb"\b"
    function = rb"\b\w+[\s*&]+" + escaped + rb"\s*\([^;{}]*\)\s*\{"
    return tuple(m.start() for m in re.finditer(macro + rb"|" + function, data))


def _defined_in_file(ctx: LintContext, name: str) -> bool:
    """The file supplies `name` itself where AMD compiles it, so it is not missing (a shim in a
    branch only nvcc takes, `#if __CUDACC_VER_MAJOR__ < 12 && __CUDA_ARCH__ ...`, does not count)."""
    offsets = _definitions_in_file(ctx.data, name)
    if not offsets:
        return False
    cache = vars(ctx).setdefault("_portability_cache", {}).setdefault("defined", {})
    if name not in cache:
        root = ctx.tree.root_node
        cache[name] = any(not _device_excluded(root.descendant_for_byte_range(o, o) or root, ctx)
                          for o in offsets)
    return cache[name]


# -- inline PTX ---------------------------------------------------------------------------------

PTX_SPECIAL_REGISTER = re.compile(
    r"%%?(laneid|warpid|nwarpid|smid|nsmid|gridid|globaltimer(?:_lo|_hi)?|clock(?:64|_hi)?"
    r"|lanemask_(?:eq|le|lt|ge|gt)|n?ctaid|ntid|tid|n?clusterid|cluster_n?ctaid|cluster_n?ctarank"
    r"|dynamic_smem_size|total_smem_size|envreg\d+)\b"
)
PTX_MNEMONIC = re.compile(
    r"(?<![\w.%$])(mov|ld|ldu|st|cvt|cvta|add|sub|mul|mad|mul24|mad24|fma|div|rem|abs|neg|min|max"
    r"|and|or|xor|not|cnot|shl|shr|shf|setp|selp|set|slct|prmt|lop3|shfl|vote|bar|barrier|membar"
    r"|fence|red|atom|cp|ldmatrix|stmatrix|movmatrix|mma|wmma|wgmma|mbarrier|bfe|bfi|brev|bfind"
    r"|popc|clz|prefetch|redux|isspacep|tex|tld4|suld|sust|nanosleep|activemask|elect"
    r"|griddepcontrol|setmaxnreg|tcgen05|bra|ret|rcp|sqrt|rsqrt|sin|cos|lg2|ex2|tanh|testp|dp4a"
    r"|dp2a|sad|addc|subc|madc|match|multimem)((?:\.[a-z0-9_]+)+)"
)
PTX_BARE = re.compile(r"(?<![\w.])(trap|exit|brkpt)\s*;|\.reg\s+\.")
PTX_CONSTRAINT_LETTERS = frozenset("lfhd")
STRING_TYPES = frozenset({"string_literal", "concatenated_string", "raw_string_literal"})
ASM_IN_MACRO = re.compile(r"\b(?:asm|__asm__|__asm)\b\s*(?:volatile|__volatile__)?\s*\(")
C_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
SPECIAL_REGISTER_REPLACEMENT = {
    "laneid": "`__lane_id()`", "globaltimer": "`wall_clock64()`", "clock": "`clock64()`",
    "clock64": "`clock64()`", "smid": "`__smid()`",
    "lanemask": "`__lanemask_lt()` and friends (64-bit)",
    "tid": "`threadIdx`", "ntid": "`blockDim`", "ctaid": "`blockIdx`", "nctaid": "`gridDim`",
}
MNEMONIC_REPLACEMENT = {
    "prmt": "`__byte_perm`", "lop3": "a plain C bitwise expression", "shfl": "`__shfl*`",
    "vote": "`__ballot`/`__any`/`__all`", "bar": "`__syncthreads()`",
    "barrier": "`__syncthreads()`",
    "membar": "`__threadfence*()`", "fence": "`__threadfence*()`", "red": "`atomic*()`",
    "atom": "`atomic*()`", "cp": "a synchronous load plus `__syncthreads()` at the wait",
    "ldmatrix": "rocWMMA or MFMA builtins", "stmatrix": "rocWMMA or MFMA builtins",
    "mma": "rocWMMA or MFMA builtins", "wmma": "rocWMMA or MFMA builtins",
    "wgmma": "rocWMMA or MFMA builtins", "brev": "`__brev`", "popc": "`__popc`", "clz": "`__clz`",
    "trap": "`__builtin_trap()`", "nanosleep": "`__builtin_amdgcn_s_sleep`",
}


def _ptx_idiom(assembly: str) -> str | None:
    """A short description of the first PTX marker in an asm template, with its AMD replacement."""
    special = PTX_SPECIAL_REGISTER.search(assembly)
    if special:
        register = special.group(1)
        key = register.removesuffix("_lo").removesuffix("_hi")
        key = "lanemask" if key.startswith("lanemask") else key
        hint = SPECIAL_REGISTER_REPLACEMENT.get(key)
        return f"PTX register `%{register}`" + (f" (use {hint})" if hint else "")
    mnemonic = PTX_MNEMONIC.search(assembly)
    if mnemonic:
        root, suffix = mnemonic.group(1), mnemonic.group(2)
        hint = MNEMONIC_REPLACEMENT.get(root)
        if root == "ld" and ".nc" in suffix:
            hint = "`__ldg`"
        elif root == "ld" and (".cs" in suffix or ".lu" in suffix):
            hint = "`__builtin_nontemporal_load`"
        elif root == "st" and ".cs" in suffix:
            hint = "`__builtin_nontemporal_store`"
        return f"PTX instruction `{root}{suffix}`" + (f" (use {hint})" if hint else "")
    bare = PTX_BARE.search(assembly)
    if bare:
        if bare.group(1):
            hint = MNEMONIC_REPLACEMENT.get(bare.group(1))
            return f"PTX instruction `{bare.group(1)}`" + (f" (use {hint})" if hint else "")
        return "PTX register declarations (`.reg`)"
    return None


def _asm_template(node: Node, ctx: LintContext) -> str | None:
    code = node.child_by_field_name("assembly_code")
    if code is None or code.type not in STRING_TYPES:
        return None
    return ctx.text(code)


def _ptx_constraints(node: Node, ctx: LintContext) -> list[str]:
    found = []
    for field in ("output_operands", "input_operands"):
        operands = node.child_by_field_name(field)
        for operand in operands.named_children if operands is not None else ():
            constraint = operand.child_by_field_name("constraint")
            if constraint is not None:
                letters = ctx.text(constraint).strip('"').lstrip("=+&")
                if set(letters) & PTX_CONSTRAINT_LETTERS:
                    found.append(letters)
    return found


def _ptx_in_asm(node: Node, ctx: LintContext) -> str | None:
    template = _asm_template(node, ctx)
    idiom = _ptx_idiom(template) if template is not None else None
    if idiom is None and _in_device_code(node):
        constraints = _ptx_constraints(node, ctx)
        if constraints:
            idiom = (f"PTX operand constraint `\"{constraints[0]}\"` (AMD has no l/f/h/d "
                     "register classes)")
    return idiom


def _ptx_in_macro(arg: Node, ctx: LintContext) -> Iterator[tuple[int, str]]:
    text = ctx.text(arg)
    for match in ASM_IN_MACRO.finditer(text):
        strings = "".join(m.group(0) for m in C_STRING.finditer(text, match.end()))
        idiom = _ptx_idiom(strings)
        if idiom is not None:
            yield arg.start_byte + len(text[: match.start()].encode()), idiom


# HP501
@detector("gnu_asm_expression", "preproc_arg", emits=("HP501",))
def inline_ptx(node: Node, ctx: LintContext) -> None:
    if node.type == "preproc_arg":
        if b"asm" not in _raw(node, ctx) or _device_excluded(node, ctx):
            return
        for start, idiom in _ptx_in_macro(node, ctx):
            ctx.report("HP501", (start, start + 3), f"macro contains inline {idiom}: PTX does not "
                       "assemble for AMD GPUs")
        return
    idiom = _ptx_in_asm(node, ctx)
    if idiom is None or _device_excluded(node, ctx):
        return
    ctx.report("HP501", node, f"inline {idiom}: PTX does not assemble for AMD GPUs; replace the "
               "asm block with a HIP intrinsic or AMDGCN builtin")


# -- __CUDA_ARCH__ ------------------------------------------------------------------------------

def _earlier_branches(directive: Node) -> Iterator[Node]:
    """The #if/#elif directives before `directive` in its #if ... #elif ... #else chain."""
    current = directive
    while current.parent is not None and current.parent.type in CONDITIONALS and _same(
            current, current.parent.child_by_field_name("alternative")):
        current = current.parent
        yield current


def _chain_root(directive: Node) -> Node:
    """The #if/#ifdef that starts the chain of `directive`."""
    return [directive, *_earlier_branches(directive)][-1]


def _earlier_branch_mentions_amd(directive: Node, ctx: LintContext) -> bool:
    """`#if defined(__HIP_DEVICE_COMPILE__) ... #elif defined(__CUDA_ARCH__)`: AMD comes first."""
    for branch in _earlier_branches(directive):
        condition = _condition_of(branch)
        if condition is not None and _mentions_amd(condition, ctx):
            return True
    return False


def _exposed_hazard(chain: Node, ctx: LintContext) -> str | None:
    """Code in the chain's branches that AMD cannot compile: switching the guard would expose it."""
    for node in _descendants(chain):
        if node.type == "gnu_asm_expression":
            idiom = _ptx_in_asm(node, ctx)
            if idiom is not None and not _device_excluded(node, ctx, stop=chain):
                return "inline PTX"
        elif node.type == "preproc_arg" and b"asm" in _raw(node, ctx):
            if any(_ptx_in_macro(node, ctx)) and not _device_excluded(node, ctx, stop=chain):
                return "inline PTX"
        elif node.type == "call_expression":
            name = _call_name(node, ctx)
            if (_missing_intrinsic(name) and not _defined_in_file(ctx, name)
                    and not _device_excluded(node, ctx, stop=chain)):
                return f"`{name}`, which HIP lacks"
    return None


def _guard_fix(node: Node, uses: list[Node], ctx: LintContext) -> list[Edit]:
    if node.type in ("preproc_ifdef", "preproc_elifdef"):
        keyword, name = node.children[0], node.child_by_field_name("name")
        negated = keyword.type in ("#ifndef", "#elifndef")
        directive = "#elif" if keyword.type.startswith("#elif") else "#if"
        return [Edit(keyword.start_byte, name.end_byte,
                     f"{directive} {HOST_GUARD if negated else DEVICE_GUARD}".encode())]
    condition = node.child_by_field_name("condition")
    edits = []
    for use in uses:
        test = use.parent
        text = DEVICE_GUARD if _same(test, condition) else f"({DEVICE_GUARD})"
        edits.append(Edit(test.start_byte, test.end_byte, text.encode()))
    return edits


# HP502
@detector("preproc_if", "preproc_ifdef", "preproc_elif", "preproc_elifdef", emits=("HP502",))
def cuda_arch_guard(node: Node, ctx: LintContext) -> None:
    if node.type in ("preproc_ifdef", "preproc_elifdef"):
        name = node.child_by_field_name("name")
        if name is None or _raw(name, ctx) != b"__CUDA_ARCH__":
            return
        uses, condition_text = [name], ctx.text(node.children[0]) + " __CUDA_ARCH__"
    else:
        condition = node.child_by_field_name("condition")
        if condition is None or b"__CUDA_ARCH__" not in _raw(condition, ctx):
            return
        if _mentions_amd(condition, ctx):
            return
        uses = [n for n in _descendants(condition)
                if n.type == "identifier" and _raw(n, ctx) == b"__CUDA_ARCH__"]
        condition_text = " ".join(ctx.text(condition).split())
    if not uses or _earlier_branch_mentions_amd(node, ctx) or _excluded_on_amd(node, ctx):
        return
    hazard = _exposed_hazard(_chain_root(node), ctx)
    severity = "error" if hazard else "warning"
    presence_only = all(u.parent is not None and u.parent.type in PRESENCE_TESTS for u in uses)
    where = f"`{condition_text}`: hip-clang"
    if not presence_only:
        ctx.report("HP502", uses[0], f"{where} never defines `__CUDA_ARCH__` (it reads as 0 here), "
                   "so AMD builds silently take the other branch; test an AMD target or feature "
                   "macro (`__gfx90a__`, `__gfx942__`, `__HIP_ARCH_HAS_*`) explicitly"
                   + (f"; the guarded code contains {hazard}" if hazard else ""), severity=severity)
        return
    if hazard:
        ctx.report("HP502", uses[0], f"{where} does not define `__CUDA_ARCH__`, and the code this "
                   f"guards contains {hazard}: port that code first, then also test "
                   "`__HIP_DEVICE_COMPILE__`", severity=severity)
        return
    fix = ctx.fix("HP502", "Also test `__HIP_DEVICE_COMPILE__`", _guard_fix(node, uses, ctx))
    ctx.report("HP502", uses[0], f"{where} does not define `__CUDA_ARCH__`, so AMD device code "
               "takes the host branch", fix, severity=severity)


def _in_condition(node: Node) -> bool:
    child, parent = node, node.parent
    while parent is not None:
        if parent.type in CONDITIONALS:
            return _is_condition(child, parent)
        if parent.type in ("preproc_def", "preproc_function_def", "preproc_call"):
            return True  # `#define __CUDA_ARCH__ ...` / `#undef __CUDA_ARCH__`
        child, parent = parent, parent.parent
    return False


# HP502
@detector("identifier", "preproc_arg", emits=("HP502",))
def cuda_arch_value(node: Node, ctx: LintContext) -> None:
    if node.type == "identifier":
        if node.end_byte - node.start_byte != 13 or _raw(node, ctx) != b"__CUDA_ARCH__":
            return
        if _in_condition(node) or _excluded_on_amd(node, ctx):
            return
        ctx.report("HP502", node, "`__CUDA_ARCH__` is not defined by hip-clang: this expression "
                   "does not compile for AMD; use an AMD target macro or a runtime device query")
        return
    text = ctx.text(node)
    if "__CUDA_ARCH__" not in text or node.parent is None or node.parent.type not in (
            "preproc_def", "preproc_function_def"):
        return
    if any(_is_amd_macro(word) for word in re.findall(r"\w+", text)) or _excluded_on_amd(node, ctx):
        return
    start = node.start_byte + len(text[: text.index("__CUDA_ARCH__")].encode())
    ctx.report("HP502", (start, start + 13), "macro tests `__CUDA_ARCH__`, which hip-clang never "
               "defines: every expansion takes the non-CUDA meaning on AMD", severity="warning")


# -- missing intrinsics -------------------------------------------------------------------------

MISSING_INTRINSICS = {
    "__nanosleep": "`__builtin_amdgcn_s_sleep(n)` (it counts 64-clock steps, not nanoseconds)",
    "__trap": "`__builtin_trap()`",
    "__brkpt": "`__builtin_debugtrap()`",
    "__ldlu": "`__builtin_nontemporal_load(p)`",
    "__ldcv": "a volatile load",
    "__stcg": "a plain store", "__stwb": "a plain store", "__stwt": "a plain store",
    "__stcs": "`__builtin_nontemporal_store(v, p)`",
    "__dp4a": "`__builtin_amdgcn_sdot4`/`udot4` where the target has dot instructions, or scalar "
              "code",
    "__dp2a_lo": "scalar code or `__builtin_amdgcn_sdot2`",
    "__dp2a_hi": "scalar code or `__builtin_amdgcn_sdot2`",
    "__isShared": "address-space casts (manual)", "__isGlobal": "address-space casts (manual)",
    "__isConstant": "address-space casts (manual)", "__isLocal": "address-space casts (manual)",
    "__isGridConstant": "address-space casts (manual)",
}
# Cache hints never change what a load does (PTX treats them as performance hints only).
HALF_ONLY_LOADS = {
    "__ldcg": "a plain load", "__ldca": "a plain load", "__ldcs": "`__builtin_nontemporal_load(p)`",
}
MISSING_FAMILIES = (
    (re.compile(r"__reduce_(?:add|min|max|and|or|xor)_sync"),
     "a shuffle reduction over `warpSize` lanes"),
    (re.compile(r"__cvta_\w+"), "address-space casts (manual)"),
    (re.compile(r"__v(?:abs(?:ss)?|absdiff[su]|add(?:ss|us)?|avg[su]|haddu|max[su]|min[su]"
                r"|neg(?:ss)?|sad[su]|sub(?:ss|us)?"
                r"|(?:cmp|set)(?:eq|ne|ge[su]|gt[su]|le[su]|lt[su]))[24]"),
     "a scalar per-byte/half-word loop"),
    (re.compile(r"__vi(?:add|b)?(?:max|min)3?_[su](?:16x2|32)(?:_relu)?"),
     "plain `max`/`min` code"),
)
SCOPED_ATOMIC = re.compile(r"(atomic(?:Add|Sub|Exch|Min|Max|Inc|Dec|CAS|And|Or|Xor))_block")
HALF_TYPE = re.compile(r"\b(?:__half2?|half2?)\b")
REDUCE_SYNC = re.compile(r"__reduce_\w+_sync")


def _missing_intrinsic(name: str) -> str | None:
    if name in MISSING_INTRINSICS:
        return MISSING_INTRINSICS[name]
    if name in HALF_ONLY_LOADS:
        return HALF_ONLY_LOADS[name]
    if name.startswith("atomic") and SCOPED_ATOMIC.fullmatch(name):
        return f"`{name[:-6]}` (device scope is a safe superset)"
    if name.startswith("__"):
        for pattern, replacement in MISSING_FAMILIES:
            if pattern.fullmatch(name):
                return replacement
    return None


def _pointee_type(argument: Node, ctx: LintContext) -> str | None:
    """The declared type behind a load's pointer argument (`&a[i]`, `p + i`, casts), if visible."""
    node: Node | None = argument
    while node is not None:
        kind = node.type
        if kind == "cast_expression":
            type_node = node.child_by_field_name("type")
            return ctx.text(type_node) if type_node is not None else None
        if kind == "call_expression":  # reinterpret_cast<const __half2*>(p)
            function = node.child_by_field_name("function")
            if function is None or function.type != "template_function":
                return None
            arguments = function.child_by_field_name("arguments")
            return ctx.text(arguments) if arguments is not None else None
        if kind == "identifier":
            return _declared_type(node, ctx)
        if kind in ("pointer_expression", "subscript_expression", "field_expression"):
            node = node.child_by_field_name("argument")
        elif kind == "binary_expression":
            node = node.child_by_field_name("left")
        elif kind == "parenthesized_expression":
            node = node.named_children[0] if node.named_children else None
        else:
            return None
    return None


def _declarator_name(declarator: Node | None) -> Node | None:
    while declarator is not None and declarator.type != "identifier":
        declarator = declarator.child_by_field_name("declarator")
    return declarator


def _declared_type(identifier: Node, ctx: LintContext) -> str | None:
    """The type of the parameter or local that `identifier` names, from its function."""
    function = _function_of(identifier)
    if function is None:
        return None
    name = _raw(identifier, ctx)
    for node in _descendants(function):
        if node.type not in ("parameter_declaration", "declaration"):
            continue
        for declarator in node.children_by_field_name("declarator"):
            found = _declarator_name(declarator)
            if found is not None and _raw(found, ctx) == name:
                type_node = node.child_by_field_name("type")
                return ctx.text(type_node) if type_node is not None else None
    return None


# The intrinsics HP503 defines for hip-clang in a block after the file's includes (templates/
# intrinsics/hip_device_intrinsics.h.j2), with what each becomes there.
SHIMMED_INTRINSICS = {
    "__ldcs": "a nontemporal load (`__builtin_nontemporal_load`)",
    "__ldlu": "a nontemporal load (`__builtin_nontemporal_load`)",
    "__ldcg": "a plain load", "__ldca": "a plain load",
    "__ldcv": "a volatile load (read again every time, past the non-coherent caches)",
    "__stcs": "a nontemporal store (`__builtin_nontemporal_store`)",
    "__stcg": "a plain store", "__stwb": "a plain store", "__stwt": "a plain store",
    "__trap": "`__builtin_trap()`",
    "__nanosleep": "`__builtin_amdgcn_s_sleep` steps counted at the target's clock",
}
# Peak engine clock (MHz) per device-pass arch macro, for __nanosleep's 64-clock sleep steps
# (AMD product specifications). A target missing here counts at DEFAULT_SLEEP_MHZ: fewer steps,
# a shorter sleep, which CUDA allows (it promises between 0 and 2*ns).
PEAK_ENGINE_CLOCK_MHZ = (
    ("__gfx906__", 1725), ("__gfx908__", 1502), ("__gfx90a__", 1700), ("__gfx940__", 2100),
    ("__gfx941__", 2100), ("__gfx942__", 2100), ("__gfx950__", 2400), ("__gfx1030__", 2250),
    ("__gfx1100__", 2500), ("__gfx1101__", 2430), ("__gfx1102__", 2655), ("__gfx1200__", 2460),
    ("__gfx1201__", 2970),
)
DEFAULT_SLEEP_MHZ = 1000
INTRINSICS_BLOCK = "intrinsics/hip_device_intrinsics.h.j2"


def _portability_cache(ctx: LintContext) -> dict:
    """Per-file results shared by this module's detectors (the context lives for one file)."""
    return vars(ctx).setdefault("_portability_cache", {})


def _missing_calls(ctx: LintContext) -> list[tuple[Node, str, str]]:
    """(call, name, replacement) for every call of an intrinsic HIP lacks that AMD compiles."""
    cache = _portability_cache(ctx)
    if "missing" in cache:
        return cache["missing"]
    found = []
    for node in ctx.nodes({"call_expression"}):
        name = _call_name(node, ctx)
        if not name.startswith(("__", "atomic")):
            continue
        replacement = _missing_intrinsic(name)
        if replacement is None or _defined_in_file(ctx, name) or _device_excluded(node, ctx):
            continue
        if name in HALF_ONLY_LOADS:
            args = _call_args(node)
            pointee = _pointee_type(args[0], ctx) if args else None
            if pointee is not None and HALF_TYPE.search(pointee):
                continue  # HIP has this load for __half/__half2
        found.append((node, name, replacement))
    cache["missing"] = found
    return found


def _intrinsics_block(ctx: LintContext) -> Edit | None:
    """The block defining, for hip-clang, every shimmed intrinsic the file calls (one edit, the
    same for each of their findings); None if a call comes before the place it would go."""
    cache = _portability_cache(ctx)
    if "intrinsics" not in cache:
        calls = [(n, name) for n, name, _ in _missing_calls(ctx) if name in SHIMMED_INTRINSICS]
        edit = None
        if calls:
            from hipify_plus.lint.support_blocks import insert_after_includes
            from hipify_plus.templates import render

            names = [n for n in SHIMMED_INTRINSICS if any(name == n for _, name in calls)]
            clocks: dict[int, list[str]] = {}
            for macro, mhz in PEAK_ENGINE_CLOCK_MHZ:
                clocks.setdefault(mhz, []).append(macro)
            block = render(INTRINSICS_BLOCK, names=names, clocks=list(clocks.items()),
                           default_mhz=DEFAULT_SLEEP_MHZ)
            edit = insert_after_includes(ctx, block, min(n.start_byte for n, _ in calls))
        cache["intrinsics"] = edit
    return cache["intrinsics"]


# HP503
@file_detector(emits=("HP503",))
def missing_intrinsic(ctx: LintContext) -> None:
    if b"__" not in ctx.data and b"_block" not in ctx.data:
        return
    for node, name, replacement in _missing_calls(ctx):
        function = node.child_by_field_name("function")
        fix = None
        if name in SHIMMED_INTRINSICS:
            block = _intrinsics_block(ctx)
            if block is not None:
                fix = ctx.fix("HP503", f"Define `{name}` for hip-clang as {SHIMMED_INTRINSICS[name]}",
                              [block])
        elif name.endswith("_block"):
            fix = ctx.fix("HP503", f"Use device-scope `{name[:-6]}`",
                          [Edit(function.end_byte - 6, function.end_byte, b"")])
        newer = REDUCE_SYNC.fullmatch(name) is not None and ctx.settings.target_rocm >= (7, 0, 0)
        if name in HALF_ONLY_LOADS:
            what = "exists in HIP only for `__half`/`__half2` pointers"
        elif newer:
            what = "is missing from HIP before ROCm 7 (newer headers may add it)"
        else:
            what = "has no HIP equivalent"
        ctx.report("HP503", node, f"`{name}` {what}: use {replacement}", fix,
                   severity="warning" if newer else None)


# -- bf16 -----------------------------------------------------------------------------------------

def _hip_bf16_type(raw: bytes) -> str | None:
    """HIP's name for a CUDA bf16 type (`__nv_bfloat16` -> `__hip_bfloat16`), from the mapping
    data the translator uses (rules/mappings/extra.tsv)."""
    if b"bfloat16" not in raw:
        return None
    from hipify_plus.mappings import load_mappings  # loaded only when bf16 is in use

    mapping = load_mappings().get(raw.decode("ascii", "replace"))
    return mapping.hip if mapping is not None and mapping.hip.startswith("__hip_bfloat16") else None


BF16_HEADERS = frozenset({"cuda_bf16.h", "cuda_bf16.hpp"})
CUDA_BF16_INTRINSIC = re.compile(
    rb"\b(?:__float2bfloat16\w*|__bfloat162float|__bfloat1622float2|__double2bfloat16"
    rb"|__float22bfloat162_rn|__floats2bfloat162_rn|__halves2bfloat162|__low2bfloat16"
    rb"|__high2bfloat16|__bfloat162bfloat162|__ushort_as_bfloat16|__bfloat16_as_ushort)\s*\("
)
CUDA_BF16_INCLUDE = re.compile(rb"#\s*include\s*[<\"]cuda_bf16\.h")
OLD_BF16 = re.compile(rb"\bhip_bfloat16\b")


@lru_cache(maxsize=8)
def _hipify_perl_bf16(data: bytes) -> bool:
    """`hip_bfloat16` used the way hipify-perl leaves it: with CUDA-named bf16 intrinsics and
    without any `__hip_bfloat16` (code on the new type uses the old struct only for libraries)."""
    return (OLD_BF16.search(data) is not None and b"__hip_bfloat16" not in data
            and bool(CUDA_BF16_INTRINSIC.search(data) or CUDA_BF16_INCLUDE.search(data)))


# HP504
@detector("type_identifier", "identifier", "preproc_include", emits=("HP504",))
def bf16_type_mapping(node: Node, ctx: LintContext) -> None:
    if node.type != "preproc_include" and b"bfloat16" not in _raw(node, ctx):
        return
    if ctx.settings.target_rocm < (6, 0, 0) or not _is_hip_source(ctx.data):
        return  # CUDA sources: see cuda_bf16_in_cuda_source
    if node.type == "preproc_include":
        found = _include_path(node, ctx)
        if found is None or b"bf" not in _raw(found[0], ctx):
            return
        path, header = found
        if header in BF16_HEADERS:
            message = f"`{header}` does not exist on AMD: include `<hip/hip_bf16.h>`"
            applicability = None
        elif header == "hip/hip_bfloat16.h" and _hipify_perl_bf16(ctx.data):
            message = ("`hip/hip_bfloat16.h` declares the old `hip_bfloat16` struct, which lacks "
                       "the CUDA bf16 intrinsics this file uses: include `<hip/hip_bf16.h>`")
            applicability = "unsafe"
        else:
            return
        if _excluded_on_amd(node, ctx):
            return
        edit = _swap_include(path, ctx, "hip/hip_bf16.h")
        ctx.report("HP504", path, message,
                   ctx.fix("HP504", "Include `<hip/hip_bf16.h>`", [edit], applicability))
        return
    raw = _raw(node, ctx)
    hip_type = _hip_bf16_type(raw)
    if hip_type is not None:
        new, applicability = hip_type, None
        message = (f"`{raw.decode()}` is CUDA's bf16 type: HIP's counterpart is `{new}` from "
                   "`<hip/hip_bf16.h>`")
    elif raw == b"hip_bfloat16" and _hipify_perl_bf16(ctx.data):
        new, applicability = "__hip_bfloat16", "unsafe"
        message = ("`hip_bfloat16` (hipify-perl's mapping of `__nv_bfloat16`) is the old bf16 "
                   "struct without the CUDA bf16 intrinsics this file calls: use `__hip_bfloat16`")
    else:
        return
    if _excluded_on_amd(node, ctx):
        return
    edit = Edit(node.start_byte, node.end_byte, new.encode())
    ctx.report("HP504", node, message, ctx.fix("HP504", f"Use `{new}`", [edit], applicability))


# HP504
@file_detector(emits=("HP504",))
def cuda_bf16_in_cuda_source(ctx: LintContext) -> None:
    if ctx.settings.target_rocm < (6, 0, 0) or b"bfloat16" not in ctx.data:
        return
    if _is_hip_source(ctx.data):
        return  # see bf16_type_mapping
    candidates = ctx.nodes({"preproc_include", "type_identifier"})
    includes = [n for n in candidates if n.type == "preproc_include"
                and (found := _include_path(n, ctx)) is not None and found[1] in BF16_HEADERS]
    uses = [n for n in candidates if n.type == "type_identifier" and _hip_bf16_type(_raw(n, ctx)) is not None]
    first = next((n for n in includes + uses if not _excluded_on_amd(n, ctx)), None)
    if first is None:
        return
    span = first.child_by_field_name("path") if first.type == "preproc_include" else first
    ctx.report("HP504", span, "CUDA bf16 in use: hipify-perl maps `__nv_bfloat16` to the old "
               "`hip_bfloat16` struct, which lacks the CUDA bf16 intrinsics; port to "
               "`__hip_bfloat16` from `<hip/hip_bf16.h>` (hipify-plus translate does)",
               severity="info")


# -- fp8 ------------------------------------------------------------------------------------------

CUDA_FP8 = re.compile(rb"__nv_fp8\w*|__nv_cvt_\w*fp8\w*")
FP8_SWITCH_WORDS = (b"gfx94", b"GFX94", b"FNUZ", b"fnuz", b"OCP", b"gfx950", b"gfx12")
HIP_OCP_FP8 = frozenset({
    b"__hip_fp8_e4m3", b"__hip_fp8_e5m2", b"__hip_fp8x2_e4m3", b"__hip_fp8x2_e5m2",
    b"__hip_fp8x4_e4m3", b"__hip_fp8x4_e5m2",
})


# HP505
@detector("type_identifier", "identifier", "preproc_include", emits=("HP505",))
def fp8_format_mismatch(node: Node, ctx: LintContext) -> None:
    if node.type != "preproc_include" and b"fp8" not in _raw(node, ctx):
        return
    if not MI300 & set(ctx.settings.arches):
        return  # other targets use the OCP encoding CUDA uses
    arches = ", ".join(sorted(MI300 & set(ctx.settings.arches)))
    if node.type == "preproc_include":
        found = _include_path(node, ctx)
        if found is None or found[1] != "cuda_fp8.h" or _excluded_on_amd(node, ctx):
            return
        ctx.report("HP505", found[0], f"CUDA FP8 (OCP E4M3/E5M2) does not match {arches}, which "
                   "computes in the FNUZ encoding (E4M3 max 240, not 448): values and checkpoints "
                   "need rescaling")
        return
    raw = _raw(node, ctx)
    if CUDA_FP8.fullmatch(raw):
        verb = "converts OCP FP8" if raw.startswith(b"__nv_cvt") else "is OCP FP8"
        message = (f"`{raw.decode()}` {verb}; {arches} implements FNUZ FP8 (`__hip_fp8_e4m3_fnuz`, "
                   "other bias, no infinities, one NaN): port with an arch switch and rescale")
    elif raw in HIP_OCP_FP8 and _in_device_code(node):
        if _device_excluded(node, ctx) or _arch_switched(node, ctx, FP8_SWITCH_WORDS):
            return
        message = (f"`{raw.decode()}` is the OCP FP8 type, which {arches} device code cannot use: "
                   "use the `_fnuz` type there (other bias and range)")
    else:
        return
    if not _excluded_on_amd(node, ctx):
        ctx.report("HP505", node, message)


# -- WMMA -----------------------------------------------------------------------------------------

# HP506
@file_detector(emits=("HP506",))
def wmma_without_hip_support(ctx: LintContext) -> None:
    if b"mma.h" not in ctx.data and b"nvcuda" not in ctx.data:
        return
    reported = False
    kinds = frozenset({"preproc_include", "namespace_identifier", "identifier"})
    for node in ctx.nodes(kinds):
        if node.type == "preproc_include":
            found = _include_path(node, ctx)
            if found is None or found[1] != "mma.h" or _excluded_on_amd(node, ctx):
                continue
            if found[0].type == "string_literal" and not _contains(ctx.data, b"wmma"):
                continue  # a project header that happens to be called mma.h
            span, what = found[0], "`<mma.h>`"
        elif not reported and _raw(node, ctx) == b"nvcuda" and not _excluded_on_amd(node, ctx):
            span, what = node, "`nvcuda::wmma`"
        else:
            continue
        ctx.report("HP506", span, f"{what}: HIP has no warp matrix (WMMA) API; port to rocWMMA "
                   "(`<rocwmma/rocwmma.hpp>`, `namespace wmma = rocwmma;`) and check each fragment "
                   "shape per target (HP507)")
        reported = True


UNMAPPED_SHAPES = {
    (32, 8, 16): "rocWMMA blocks are 16x16 or 32x32",
    (8, 32, 16): "rocWMMA blocks are 16x16 or 32x32",
    (8, 8, 4): "rocWMMA has f64 only as 16x16x4 (gfx90a/gfx94x)",
    (8, 8, 32): "sub-byte WMMA has no rocWMMA equivalent",
    (8, 8, 128): "sub-byte WMMA has no rocWMMA equivalent",
}
ROCWMMA_ALIAS = re.compile(
    rb"namespace\s+wmma\s*=\s*(?:::)?rocwmma\b|using\s+namespace\s+(?:::)?rocwmma\b"
)


@lru_cache(maxsize=8)
def _rocwmma_alias(data: bytes) -> bool:
    return ROCWMMA_ALIAS.search(data) is not None and b"nvcuda" not in data


def _template_int(argument: Node, ctx: LintContext) -> int | None:
    if argument.type == "type_descriptor":  # `WMMA_M` parses as a type name
        return ctx.constants.get(ctx.text(argument).strip())
    return ctx.int_value(argument)


# HP507
@detector("template_type", emits=("HP507",))
def wmma_shape_without_rocwmma(node: Node, ctx: LintContext) -> None:
    name = node.child_by_field_name("name")
    if name is None or _raw(name, ctx) != b"fragment" or not _contains(ctx.data, b"wmma"):
        return
    parent = node.parent
    qualified = parent.type == "qualified_identifier"
    scope = ctx.text(parent.child_by_field_name("scope")) if qualified else ""
    if "rocwmma" in scope:
        return
    if scope in ("", "wmma") and _rocwmma_alias(ctx.data):
        return  # `namespace wmma = rocwmma;`: rocWMMA checks its own shapes
    args = _named(node.child_by_field_name("arguments"))
    if len(args) < 5:
        return
    shape = tuple(_template_int(a, ctx) for a in args[1:4])
    element = ctx.text(args[4])
    retile = "re-tile into 16x16 blocks or call rocBLAS/hipBLASLt"
    reasons = []
    if "experimental" in element or any(f"precision::{t}" in element for t in ("b1", "s4", "u4")):
        kind = element.split("::")[-1]
        reasons.append(f"`{kind}` sub-byte types have no rocWMMA equivalent ({retile})")
    elif shape in UNMAPPED_SHAPES:
        reasons.append(f"shape {'x'.join(map(str, shape))}: {UNMAPPED_SHAPES[shape]} ({retile})")
    if element.endswith("precision::tf32"):
        other = sorted(set(ctx.settings.arches) - MI300)
        if other:
            reasons.append("tf32 maps to rocWMMA `xfloat32_t`, which only gfx940/941/942 have "
                           f"(not {', '.join(other)}): use f32 or bf16 inputs there")
    if reasons and not _device_excluded(node, ctx):
        ctx.report("HP507", node, "WMMA fragment with no rocWMMA equivalent: " + "; ".join(reasons))


WMMA_USE = re.compile(r"\bwmma::|\bmma_sync\s*\(|\bload_matrix_sync\s*\(|\bfragment\s*<")
THREAD_INDEX_NAME = re.compile(r"\b(\w+)\s*=\s*[^;,]*\bthreadIdx\.x\b")


# HP508
@detector("binary_expression", emits=("HP508",))
def wmma_tile_per_32_threads(node: Node, ctx: LintContext) -> None:
    operator = node.child_by_field_name("operator")
    op = _raw(operator, ctx) if operator is not None else b""
    if op not in (b"/", b">>") or not _contains(ctx.data, b"wmma"):
        return
    divisor = ctx.int_value(node.child_by_field_name("right"))
    if (op, divisor) not in ((b"/", 32), (b">>", 5)):
        return
    function = _function_of(node)
    if function is None:
        return
    body = ctx.text(function)
    left = ctx.text(node.child_by_field_name("left"))
    lane_names = set(THREAD_INDEX_NAME.findall(body))
    if "threadIdx.x" not in left and not lane_names & set(re.findall(r"\w+", left)):
        return
    if not WMMA_USE.search(body) or _device_excluded(node, ctx):
        return
    expression = " ".join(ctx.text(node).split())
    ctx.report("HP508", node, f"`{expression}` gives one WMMA tile to each 32 threads: on a "
               "64-lane wavefront two such 'warps' share one wavefront and one fragment; index "
               "tiles by `warpSize` (the wavefront)")


# -- async copies and cooperative groups ----------------------------------------------------------

ASYNC_HEADERS = frozenset({
    "cuda/pipeline", "cuda/barrier", "cuda/std/barrier", "cuda_pipeline.h",
    "cuda_pipeline_primitives.h", "cuda_awbarrier.h", "cuda_awbarrier_primitives.h",
    "cooperative_groups/memcpy_async.h",
})
ASYNC_CUDA_NAMES = frozenset({
    "pipeline", "make_pipeline", "memcpy_async", "barrier", "pipeline_shared_state",
    "pipeline_role", "pipeline_consumer_wait_prior", "pipeline_producer_commit", "memcpy_async_tx",
    "barrier_arrive_tx", "aligned_size_t",
})
ASYNC_CG_NAMES = frozenset({"memcpy_async", "wait", "wait_prior"})
PIPELINE_PRIMITIVES = frozenset({
    b"__pipeline_memcpy_async", b"__pipeline_commit", b"__pipeline_wait_prior",
    b"__pipeline_arrive_on",
})

# The cooperative-groups headers HIP lacks that a block from templates/ stands in for (the
# fix replaces the #include), the parts of the block each needs, and the guard of each part.
CG_BLOCK = "cooperative_groups/hip_cg_collectives.h.j2"
CG_BLOCK_PARTS = {
    "cooperative_groups/reduce.h": ("functional", "group", "reduce"),
    "cooperative_groups/scan.h": ("functional", "group", "scan"),
    "cooperative_groups/memcpy_async.h": ("group", "memcpy_async"),
}
CG_PART_GUARDS = {
    "functional": "HIP_PLUS_CG_FUNCTIONAL", "group": "HIP_PLUS_CG_GROUP",
    "reduce": "HIP_PLUS_CG_REDUCE", "scan": "HIP_PLUS_CG_SCAN",
    "memcpy_async": "HIP_PLUS_CG_MEMCPY_ASYNC",
}
CG_OPERATORS = frozenset({"plus", "less", "greater", "bit_and", "bit_or", "bit_xor"})
# cooperative_groups:: name -> the block parts that declare it
CG_PROVIDED = {
    "reduce": ("reduce",), "inclusive_scan": ("scan",), "exclusive_scan": ("scan",),
    "memcpy_async": ("memcpy_async",), "wait": ("memcpy_async",), "wait_prior": ("memcpy_async",),
    **{name: ("functional",) for name in CG_OPERATORS},
}
CG_MISSING = frozenset({
    "reduce", "reduce_update_async", "reduce_store_async", "inclusive_scan", "exclusive_scan",
    "invoke_one", "invoke_one_broadcast", "binary_partition", "labeled_partition",
    "block_tile_memory",
})
# What to write instead, for the names no block provides (the rest: shuffles over the tile).
CG_INSTEAD = {
    "binary_partition": "inside `if (predicate)` and its `else`, `cg::coalesced_threads()` is the "
                        "group of the active lanes (of the whole wavefront: restrict it to the "
                        "tile with a lane mask when the tile is smaller)",
    "labeled_partition": "group the lanes by hand: a `__match_any`-style loop over the labels, or "
                         "one `cg::coalesced_threads()` per label branch",
    "block_tile_memory": "HIP tiles stop at the wavefront (64 lanes on CDNA, 32 on RDNA): split a "
                         "larger tile into wavefront tiles and combine them through shared memory",
}
CG_HEADERS = frozenset({"cooperative_groups/reduce.h", "cooperative_groups/scan.h"})
STATEMENTS = frozenset({"expression_statement", "declaration", "compound_statement"})
QUOTED_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"', re.MULTILINE)


def _cg_includes(ctx: LintContext) -> dict[int, tuple[Node, str, Edit | None]]:
    """start byte -> (path node, header, fix edit) for each #include of a header in
    CG_BLOCK_PARTS that AMD compiles: the edit puts the block's parts in its place, without the
    parts an earlier include in the same scope (or a block already in the file) provides."""
    cache = _portability_cache(ctx)
    if "cg_includes" in cache:
        return cache["cg_includes"]
    found: dict[int, tuple[Node, str, Edit | None]] = {}
    if b"cooperative_groups/" in ctx.data:
        from hipify_plus.lint.support_blocks import defines, replace_include
        from hipify_plus.templates import render

        present = {part for part, guard in CG_PART_GUARDS.items() if defines(ctx, guard)}
        given: dict[tuple[int, int], set[str]] = {}  # parts already placed, per enclosing scope
        for node in ctx.nodes({"preproc_include"}):
            include = _include_path(node, ctx)
            if include is None or include[1] not in CG_BLOCK_PARTS or _excluded_on_amd(node, ctx):
                continue
            path, header = include
            scope = (node.parent.start_byte, node.parent.end_byte) if node.parent else (0, 0)
            done = given.setdefault(scope, set(present))
            parts = [p for p in CG_BLOCK_PARTS[header] if p not in done]
            done.update(parts)
            if parts:
                block = render(CG_BLOCK, header=header.removeprefix("cooperative_groups/"),
                               parts=parts)
            else:
                block = f"// hipify-plus: <{header}> is provided above".encode()
            found[node.start_byte] = (path, header, replace_include(ctx, node, block))
    cache["cg_includes"] = found
    return found


def _cg_provided(ctx: LintContext, name: str) -> bool:
    """A block provides `cooperative_groups::name` here: the file includes the CUDA header the
    fix replaces, has the block already, or includes project headers that may carry it."""
    parts = CG_PROVIDED.get(name)
    if parts is None:
        return False
    headers = {h for _, h, _ in _cg_includes(ctx).values()}
    if any(set(parts) & set(CG_BLOCK_PARTS[h]) for h in headers):
        return True
    from hipify_plus.lint.support_blocks import defines

    if any(defines(ctx, CG_PART_GUARDS[p]) for p in parts):
        return True
    return QUOTED_INCLUDE.search(ctx.data) is not None


def _cg_include_fix(ctx: LintContext, node: Node, rule: str) -> Fix | None:
    planned = _cg_includes(ctx).get(node.start_byte)
    if planned is None or planned[2] is None:
        return None
    return ctx.fix(rule, f"Put hipify-plus's implementation in place of `<{planned[1]}>`",
                   [planned[2]])


# HP509
@detector("preproc_include", "qualified_identifier", "identifier", emits=("HP509",))
def async_copy_pipeline(node: Node, ctx: LintContext) -> None:
    fix = None
    if node.type == "identifier":
        if _raw(node, ctx) not in PIPELINE_PRIMITIVES or _device_excluded(node, ctx):
            return
        what = f"`{ctx.text(node)}`"
        span: Node = node
    elif node.type == "preproc_include":
        found = _include_path(node, ctx)
        if found is None or found[1] not in ASYNC_HEADERS or _excluded_on_amd(node, ctx):
            return
        span, what = found[0], f"`<{found[1]}>`"
        if found[1] in CG_BLOCK_PARTS:
            fix = _cg_include_fix(ctx, node, "HP509")
            ctx.report("HP509", span, f"{what} does not exist in HIP: the fix puts a synchronous "
                       "`cg::memcpy_async` (the group copies at the call) and a `cg::wait`/"
                       "`cg::wait_prior` that synchronize the group in its place", fix)
            return
    else:
        if not _outer_qualified(node) or b"::" not in _raw(node, ctx):
            return
        path = _qualified_path(node, ctx)
        cuda = (path[0] == "cuda" and path[-1] in ASYNC_CUDA_NAMES
                and (len(path) == 2 or path[1] in ("std", "device")))
        cg = len(path) == 2 and path[0] in _cg_scopes(ctx.data) and path[1] in ASYNC_CG_NAMES
        if not (cuda or cg) or _device_excluded(node, ctx):
            return
        if cg and _cg_provided(ctx, path[1]):
            return  # the #include's fix provides it
        span, what = node, f"`{'::'.join(path)}`"
    ctx.report("HP509", span, f"{what}: HIP has no asynchronous global-to-shared copy pipeline or "
               "`cuda::barrier` (libhipcxx lacks them); copy synchronously and `__syncthreads()` "
               "at the wait", fix)


def _argument_of(node: Node, callees: frozenset[str], ctx: LintContext) -> bool:
    """True if `node` sits in the arguments of a call to one of `callees` (last name part)."""
    parent = node.parent
    while parent is not None and parent.type not in STATEMENTS:
        call = parent.parent
        if (parent.type == "argument_list" and call is not None and call.type == "call_expression"
                and _call_name(call, ctx).split("::")[-1] in callees):
            return True
        parent = call
    return False


# HP510
@detector("qualified_identifier", "preproc_include", emits=("HP510",))
def cooperative_groups_api_missing(node: Node, ctx: LintContext) -> None:
    if node.type == "preproc_include":
        found = _include_path(node, ctx)
        if found is None or found[1] not in CG_HEADERS or _excluded_on_amd(node, ctx):
            return
        what = "`cg::reduce`" if found[1].endswith("reduce.h") else "the scans"
        ctx.report("HP510", found[0], f"`<{found[1]}>` does not exist in HIP: the fix puts "
                   f"hipify-plus's {what} and the `cg::plus`/`less`/`greater`/`bit_*` operators in "
                   "its place (shuffles over the tile, right on 64- and 32-lane wavefronts; HIP's own "
                   "reduce where the headers have it)", _cg_include_fix(ctx, node, "HP510"))
        return
    if not _outer_qualified(node) or b"::" not in _raw(node, ctx):
        return
    path = _qualified_path(node, ctx)
    if len(path) != 2 or path[1] not in CG_MISSING | CG_OPERATORS:
        return
    if path[0] not in _cg_scopes(ctx.data):
        return
    if path[1] in CG_OPERATORS and _argument_of(node, CG_MISSING, ctx):
        return  # reported with the reduce/scan call it is passed to
    if _cg_provided(ctx, path[1]) or _device_excluded(node, ctx):
        return
    name = "::".join(path)
    if path[1] in CG_PROVIDED:
        header = "scan.h" if "scan" in path[1] else "reduce.h"
        message = (f"`{name}` is missing from HIP's cooperative groups and this file does not "
                   f"include `<cooperative_groups/{header}>`: include it (as CUDA requires), and "
                   "the fix of that #include provides it")
    else:
        instead = CG_INSTEAD.get(path[1], "reduce or scan with shuffles over the tile "
                                 "(`tile.shfl_down`, `tile.shfl_up`) and let one thread act")
        message = f"`{name}` is missing from HIP's cooperative groups: {instead}"
    ctx.report("HP510", node, message)


# -- grid sync ------------------------------------------------------------------------------------

THIS_GRID = re.compile(r"\bthis_grid\s*\(")
THIS_GRID_CALL = re.compile(r"(?:\w+::)*this_grid\s*\(\s*\)")


def _grid_syncs(kernel: Node, ctx: LintContext) -> list[Node]:
    """`grid.sync()` / `this_grid().sync()` / `cg::sync(grid)` calls in a kernel body."""
    grids: set[str] = set()
    calls: list[Node] = []
    for node in _descendants(kernel):
        if node.type == "init_declarator":
            value = node.child_by_field_name("value")
            target = node.child_by_field_name("declarator")
            if value is not None and target is not None and THIS_GRID.search(ctx.text(value)):
                grids.add(ctx.text(target))
        elif node.type == "declaration":
            kind = node.child_by_field_name("type")
            if kind is not None and ctx.text(kind).endswith("grid_group"):
                for declarator in node.children_by_field_name("declarator"):
                    name = declarator.child_by_field_name("declarator") or declarator
                    grids.add(ctx.text(name))
        elif node.type == "call_expression":
            calls.append(node)
    found = []
    for call in calls:
        function = call.child_by_field_name("function")
        if function is None:
            continue
        if function.type == "field_expression":
            field = function.child_by_field_name("field")
            target = function.child_by_field_name("argument")
            if field is None or target is None or ctx.text(field) != "sync":
                continue
            text = ctx.text(target)
            if text in grids or THIS_GRID_CALL.fullmatch(text):
                found.append(call)
        elif ctx.text(function).split("::")[-1] == "sync":
            args = _call_args(call)
            if args and ctx.text(args[0]) in grids:
                found.append(call)
    return found


def _cooperative_launch_fix(launch: Node, config: list[Node], ctx: LintContext) -> Edit | None:
    """`k<<<g, b, s, st>>>(x, y);` -> a cooperative launch of the same kernel and arguments."""
    statement = launch.parent
    args = _call_args(launch)
    if statement is None or statement.type != "expression_statement" or len(config) < 2:
        return None
    if any(a.type != "identifier" for a in args):
        return None  # only named arguments have an address to pass
    api = COOPERATIVE_API["hip" if _is_hip_source(ctx.data) else "cuda"]
    function = ctx.text(launch.child_by_field_name("function"))
    settings = [ctx.text(c) for c in config[:4]]
    grid, block, shared, stream = settings + ["0", "0"][: 4 - len(settings)]
    pointers = ", ".join(f"(void*)&{ctx.text(a)}" for a in args)
    arguments = "hp_args" if args else "nullptr"
    call = f"{api}((const void*){function}, {grid}, {block}, {arguments}, {shared}, {stream});"
    text = f"{{ void* hp_args[] = {{{pointers}}}; {call} }}" if args else call
    return Edit(statement.start_byte, statement.end_byte, text.encode())


# HP511
@file_detector(emits=("HP511",))
def grid_sync_without_cooperative_launch(ctx: LintContext) -> None:
    if b"this_grid" not in ctx.data and b"grid_group" not in ctx.data:
        return
    syncing = {}
    for name, kernel in ctx.kernels.items():
        body = _raw(kernel.node, ctx)
        if b"this_grid" not in body and b"grid_group" not in body:
            continue
        syncs = _grid_syncs(kernel.node, ctx)
        if syncs:
            syncing[name] = syncs[0]
    for launch in ctx.launches:
        sync = syncing.get(launch.kernel)
        if sync is None or _call_name(launch.node, ctx) in COOPERATIVE_API.values():
            continue
        if _excluded_on_amd(launch.node, ctx):
            continue
        line = ctx.source.position(sync.start_byte)[0]
        callee = _call_name(launch.node, ctx)
        edit = None
        if callee in RUNTIME_LAUNCHES:  # same parameters as the cooperative launch
            function = launch.node.child_by_field_name("function")
            edit = Edit(function.start_byte, function.end_byte, RUNTIME_LAUNCHES[callee].encode())
        elif any(c.type == "kernel_call_syntax" for c in launch.node.children):
            edit = _cooperative_launch_fix(launch.node, launch.config, ctx)
        fix = ctx.fix("HP511", "Launch cooperatively", [edit]) if edit is not None else None
        ctx.report("HP511", launch.node, f"`{launch.kernel}` calls a grid-wide `sync()` (line "
                   f"{line}) but is launched as a normal kernel: grid sync needs a cooperative "
                   "launch (`hipLaunchCooperativeKernel`), otherwise it fails or hangs", fix)


# -- clusters, dynamic parallelism ---------------------------------------------------------------

CLUSTER_NAMES = frozenset({
    b"__cluster_dims__", b"this_cluster", b"cudaLaunchAttributeClusterDimension",
    b"cudaLaunchAttributeClusterSchedulingPolicyPreference",
    b"cudaFuncAttributeRequiredClusterWidth", b"cudaFuncAttributeRequiredClusterHeight",
    b"cudaFuncAttributeRequiredClusterDepth", b"cudaFuncAttributeNonPortableClusterSizeAllowed",
    b"cudaFuncAttributeClusterSchedulingPolicyPreference", b"cudaFuncAttributeClusterDimMustBeSet",
    b"cudaDevAttrClusterLaunch", b"cudaOccupancyMaxPotentialClusterSize",
    b"cudaOccupancyMaxActiveClusters", b"cuOccupancyMaxPotentialClusterSize",
    b"cuOccupancyMaxActiveClusters", b"CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION",
    b"CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE",
    b"CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH", b"CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT",
    b"CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH",
    b"CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED", b"CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH",
    b"__cluster_barrier_arrive", b"__cluster_barrier_arrive_relaxed", b"__cluster_barrier_wait",
    b"__clusterDimIsSpecified", b"__clusterRelativeBlockIdx", b"__clusterRelativeBlockRank",
    b"__clusterSizeInBlocks", b"__clusterGridDimInClusters", b"__clusterIdx", b"__clusterDim",
})


# HP512
@detector("identifier", emits=("HP512",))
def thread_block_cluster(node: Node, ctx: LintContext) -> None:
    raw = _raw(node, ctx)
    if b"luster" not in raw or raw not in CLUSTER_NAMES:
        return
    parent = node.parent
    if raw == b"this_cluster" and (parent is None or parent.type not in NAME_USES):
        return  # a variable that happens to be called this_cluster
    if _excluded_on_amd(node, ctx):
        return
    ctx.report("HP512", node, f"`{raw.decode()}`: AMD GPUs have no thread-block clusters or "
               "distributed shared memory; merge the cluster into one workgroup (up to 1024 "
               "threads, 64 KiB LDS) or restructure")


NAME_USES = frozenset({"qualified_identifier", "call_expression"})
DEVICE_RUNTIME_CALLS = frozenset({
    "cudaDeviceSynchronize", "hipDeviceSynchronize", "cudaGetParameterBuffer", "cudaLaunchDevice",
    "cudaStreamCreateWithFlags", "cudaStreamTailLaunch", "cudaStreamFireAndForget",
})


# HP513
@detector("call_expression", emits=("HP513",))
def dynamic_parallelism(node: Node, ctx: LintContext) -> None:
    launch = any(c.type == "kernel_call_syntax" for c in node.children)
    if launch:
        space = _execution_space(node)
        if not space & {"__global__", "__device__"}:
            return
        what = "kernel launch (`<<<>>>`) in device code"
    else:
        name = _call_name(node, ctx)
        if name not in DEVICE_RUNTIME_CALLS:
            return
        space = _execution_space(node)
        if not space & {"__global__", "__device__"} or "__host__" in space:
            return
        what = f"`{name}` in device code"
    if _device_excluded(node, ctx):
        return
    ctx.report("HP513", node, f"{what}: HIP does not support dynamic parallelism; launch the child "
               "work from the host (or fold it into the parent kernel)")


# -- textures, clocks -----------------------------------------------------------------------------

IMAGE_SWITCH_WORDS = (b"__HIP_NO_IMAGE_SUPPORT", b"gfx94", b"GFX94")
TEXTURE_FETCH = re.compile(
    r"tex(?:1D|2D|3D|Cubemap)(?:fetch|Layered|Lod|Grad|LayeredLod|LayeredGrad|gather)?"
    r"|tex2Dgather|tex1Dfetch|surf(?:1D|2D|3D|Cubemap)(?:Layered)?(?:read|write)"
)


# HP514
@detector("call_expression", emits=("HP514",))
def texture_on_mi300(node: Node, ctx: LintContext) -> None:
    targets = MI300 & set(ctx.settings.arches)
    if not targets:
        return
    name = _call_name(node, ctx)
    if not name.startswith(("tex", "surf")) or not TEXTURE_FETCH.fullmatch(name):
        return
    if _device_excluded(node, ctx) or _arch_switched(node, ctx, IMAGE_SWITCH_WORDS):
        return
    ctx.report("HP514", node, f"`{name}`: {', '.join(sorted(targets))} (MI300) has no "
               "texture/image instructions, so this does not compile there; use plain buffer loads "
               "and stores (`__ldg`) and filter in software")


# HP515
@detector("call_expression", emits=("HP515",))
def device_clock(node: Node, ctx: LintContext) -> None:
    name = _call_name(node, ctx)
    if name not in ("clock64", "clock") or _call_args(node):
        return
    rdna3 = sorted(a for a in ctx.settings.arches if a.startswith("gfx11"))
    if not rdna3 or not _in_device_code(node) or _device_excluded(node, ctx):
        return
    function = node.child_by_field_name("function")
    edit = Edit(function.start_byte, function.end_byte, b"wall_clock64")
    fix = ctx.fix("HP515", "Use `wall_clock64()`", [edit])
    ctx.report("HP515", node, f"`{name}()` does not count reliably on RDNA3 "
               f"({', '.join(rdna3)}): time with `wall_clock64()` and convert with "
               "`hipDeviceAttributeWallClockRate` (kHz)", fix)


# -- ecosystem: NVTX, NCCL, CUB, Thrust ------------------------------------------------------------

NVTX_HEADERS = frozenset({
    "nvToolsExt.h", "nvtx3/nvToolsExt.h", "nvtx3/nvtx3.hpp", "nvToolsExtCuda.h",
    "nvtx3/nvToolsExtCuda.h", "nvToolsExtCudaRt.h", "nvtx3/nvToolsExtCudaRt.h",
})
NVTX_CALL = re.compile(r"nvtx[A-Z]\w*|NVTX3_\w+")


def _nvtx_replacement(name: str) -> str | None:
    from hipify_plus.mappings import load_mappings  # loaded only when NVTX is in use

    mapping = load_mappings().get(name)
    if mapping is None or mapping.library != "nvtx" or mapping.status != "supported":
        return None
    return mapping.hip or None


def _header_replacement(name: str) -> str | None:
    from hipify_plus.mappings import load_mappings

    header = load_mappings().header(name)
    if header is None or header.status != "supported":
        return None
    return header.hip or None


# HP516
@detector("preproc_include", "call_expression", "qualified_identifier", emits=("HP516",))
def nvtx_ranges(node: Node, ctx: LintContext) -> None:
    if not _contains(ctx.data, b"nvtx") and not _contains(ctx.data, b"NVTX"):
        return
    if node.type == "preproc_include":
        found = _include_path(node, ctx)
        if found is None or found[1] not in NVTX_HEADERS:
            return
        span, name, new = found[0], found[1], _header_replacement(found[1])
        edits = [_swap_include(span, ctx, new)] if new else []
    elif node.type == "call_expression":
        name = _call_name(node, ctx)
        if not NVTX_CALL.fullmatch(name):
            return
        span, new = node, _nvtx_replacement(name)
        function = node.child_by_field_name("function")
        edits = [Edit(function.start_byte, function.end_byte, new.encode())] if new else []
    else:
        if not _outer_qualified(node) or not _raw(node, ctx).startswith(b"nvtx3::"):
            return
        span, name, edits, new = node, ctx.text(node).split("<")[0], [], None
    if _excluded_on_amd(node, ctx):
        return
    fix = None
    if edits and _is_hip_source(ctx.data):
        fix = ctx.fix("HP516", f"Use roctx (`{new}`)", edits)
    ctx.report("HP516", span, f"`{name}` is NVTX: on AMD use roctx (`roctxRangePushA`/"
               "`roctxRangePop`/`roctxMarkA`, link roctx64); roctx has no colours, categories or "
               "domains", fix)


# HP517
@detector("preproc_include", emits=("HP517",))
def nccl_header(node: Node, ctx: LintContext) -> None:
    found = _include_path(node, ctx)
    if found is None or found[1] != "nccl.h" or _excluded_on_amd(node, ctx):
        return
    fix = None
    if _is_hip_source(ctx.data):
        edit = _swap_include(found[0], ctx, "rccl/rccl.h")
        fix = ctx.fix("HP517", "Include `<rccl/rccl.h>`", [edit])
    ctx.report("HP517", found[0], "NCCL on AMD is RCCL: same `nccl*` API, but include "
               "`<rccl/rccl.h>` and link `-lrccl`", fix)


THRUST_INCLUDE = re.compile(rb"^[ \t]*#[ \t]*include[ \t]*[<\"]thrust/", re.MULTILINE)


@lru_cache(maxsize=8)
def _aliases_cub(data: bytes) -> bool:
    """`namespace cub = hipcub;`: the file maps the CUB name itself."""
    return re.search(rb"namespace\s+cub\s*=", data) is not None


# HP518
@detector("preproc_include", "qualified_identifier", emits=("HP518",))
def cub_thrust_library(node: Node, ctx: LintContext) -> None:
    if node.type == "preproc_include":
        found = _include_path(node, ctx)
        if found is None or not found[1].startswith(("cub/", "thrust/")):
            return
        if _excluded_on_amd(node, ctx):
            return
        path, header = found
        hip = _is_hip_source(ctx.data)
        if header.startswith("thrust/"):
            first = THRUST_INCLUDE.search(ctx.data)
            line = ctx.source.position(node.start_byte)[0]
            if hip or first is None or ctx.source.position(first.start())[0] != line:
                return  # once per CUDA file; rocThrust takes HIP code as is
            ctx.report("HP518", path, "Thrust runs on AMD as rocThrust (same `thrust::` API and "
                       "headers); rocThrust calls are not safe inside HIP graph capture",
                       severity="info")
            return
        if not hip:
            ctx.report("HP518", path, f"`<{header}>`: CUB is hipCUB on AMD (`<hipcub/hipcub.hpp>`, "
                       "namespace `hipcub::`); its warp primitives default to the 64-lane "
                       "wavefront", severity="info")
            return
        fix = ctx.fix("HP518", "Include `<hipcub/hipcub.hpp>`",
                      [_swap_include(path, ctx, "hipcub/hipcub.hpp")])
        ctx.report("HP518", path, f"`<{header}>` does not exist on AMD: include "
                   "`<hipcub/hipcub.hpp>`", fix)
        return
    if not _outer_qualified(node) or not _raw(node, ctx).startswith(b"cub::"):
        return
    if not _is_hip_source(ctx.data) or _aliases_cub(ctx.data) or _excluded_on_amd(node, ctx):
        return
    scope = node.child_by_field_name("scope")
    fix = ctx.fix("HP518", "Use `hipcub::`", [Edit(scope.start_byte, scope.end_byte, b"hipcub")])
    ctx.report("HP518", scope, "`cub::` does not exist on AMD: hipCUB provides it as `hipcub::`",
               fix)


# -- runtime APIs without a HIP mapping ------------------------------------------------------

@lru_cache(maxsize=1024)
def _unsupported_runtime(name: str) -> bool:
    from hipify_plus.mappings import load_mappings  # loaded only when a CUDA runtime call is seen

    mapping = load_mappings().get(name)
    return (mapping is not None and mapping.library in ("runtime", "driver")
            and mapping.kind == "function" and mapping.status == "unsupported"
            and "Cluster" not in name)  # clusters: HP512


# HP519
@detector("call_expression", emits=("HP519",))
def runtime_api_without_hip_mapping(node: Node, ctx: LintContext) -> None:
    name = _call_name(node, ctx)
    if not name.startswith("cu") or not _unsupported_runtime(name) or _excluded_on_amd(node, ctx):
        return
    ctx.report("HP519", node, f"`{name}` has no HIP counterpart (HIPIFY lists it as unsupported): "
               "restructure this call for AMD")
