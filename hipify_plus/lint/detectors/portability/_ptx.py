"""Inline PTX as the rules see it: the first PTX register, instruction or constraint in an asm
statement or a macro body, described with its AMD replacement (HP501, and HP502 when a guard
would expose it)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from hipify_plus.lint.context import LintContext
from hipify_plus.parse import Node

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
# A PTX instruction's suffixes name its type, state space, rounding, scope or shape; another
# ISA's dotted mnemonic does not (RISC-V's `mov.m.x`, MIPS's `add.s`): one of these must be there.
PTX_SUFFIX = re.compile(
    r"\.(?:[bsuf](?:8|16|32|64|128)|f16x2|bf16(?:x2)?|tf32|e[45]m[23](?:x2)?|pred|v[248]"
    r"|global|shared|local|const|param|tex|generic|cluster|sync|aligned|async|bulk|uni|nc|ca|cg|cs|lu|cv"
    r"|wb|wt|relaxed|acquire|release|acq_rel|weak|volatile|cta|gpu|sys|gl|approx|full|ftz|sat|rni?|rzi?"
    r"|rmi?|rpi?|rna|lo|hi|wide|cc|eq|ne|lt|le|gt|ge|equ|neu|ltu|leu|gtu|geu|num|nan|ls|hs|bfly|up|down"
    r"|idx|ballot|all|any|to|trans|wrap|clamp|row|col|x[124]|m\d+n\d+k\d+|[123]d|proxy|init|arrive"
    r"|wait|try_wait|expect_tx|mma_async|finite|infinite|number|notanumber|normal|subnormal|L[12])(?![\w])"
)
PTX_BARE = re.compile(r"(?<![\w.])(trap|exit|brkpt)\s*;|\.reg\s+\.")
PTX_CONSTRAINT_LETTERS = frozenset("lfhd")
STRING_TYPES = frozenset({"string_literal", "concatenated_string", "raw_string_literal"})
ASM_IN_MACRO = re.compile(r"\b(?:asm|__asm__|__asm)\b\s*(?:volatile|__volatile__)?\s*\(")
C_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
SPECIAL_REGISTER_REPLACEMENT = {
    "laneid": "`__lane_id()`",
    "globaltimer": "`wall_clock64()`",
    "clock": "`clock64()`",
    "clock64": "`clock64()`",
    "smid": "`__smid()`",
    "lanemask": "`__lanemask_lt()` and friends (64-bit)",
    "tid": "`threadIdx`",
    "ntid": "`blockDim`",
    "ctaid": "`blockIdx`",
    "nctaid": "`gridDim`",
}
MNEMONIC_REPLACEMENT = {
    "prmt": "`__byte_perm`",
    "lop3": "a plain C bitwise expression",
    "shfl": "`__shfl*`",
    "vote": "`__ballot`/`__any`/`__all`",
    "bar": "`__syncthreads()`",
    "barrier": "`__syncthreads()`",
    "membar": "`__threadfence*()`",
    "fence": "`__threadfence*()`",
    "red": "`atomic*()`",
    "atom": "`atomic*()`",
    "cp": "a synchronous load plus `__syncthreads()` at the wait",
    "ldmatrix": "rocWMMA or MFMA builtins",
    "stmatrix": "rocWMMA or MFMA builtins",
    "mma": "rocWMMA or MFMA builtins",
    "wmma": "rocWMMA or MFMA builtins",
    "wgmma": "rocWMMA or MFMA builtins",
    "brev": "`__brev`",
    "popc": "`__popc`",
    "clz": "`__clz`",
    "trap": "`__builtin_trap()`",
    "nanosleep": "`__builtin_amdgcn_s_sleep`",
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
    mnemonic = next((m for m in PTX_MNEMONIC.finditer(assembly) if _ptx_suffixed(assembly, m)), None)
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


_OPERATION = re.compile(r"[^\s;,]*")


def _ptx_suffixed(assembly: str, mnemonic: re.Match[str]) -> bool:
    """Whether the whole dotted operation a mnemonic starts (`tcgen05.alloc.cta_group::1.sync...`)
    has a PTX suffix."""
    end = _OPERATION.match(assembly, mnemonic.end(2))
    return PTX_SUFFIX.search(assembly, mnemonic.start(2), end.end() if end else mnemonic.end(2)) is not None


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


def _device_side(node: Node, ctx: LintContext) -> bool | None:
    """Whether an asm statement is compiled for the GPU: True in a `__global__` or `__device__`
    function (spelled by a macro of the file too), False in a host function or at file scope,
    None in a lambda (whose execution space the grammar does not show)."""
    parent = node.parent
    while parent is not None:
        if parent.type == "lambda_expression":
            return None
        if parent.type == "function_definition":
            return bool(ctx.execution_space(parent) & {"__global__", "__device__"})
        parent = parent.parent
    return False


def _ptx_in_asm(node: Node, ctx: LintContext) -> str | None:
    """The PTX in an asm statement that may be compiled for the GPU. A host function's asm is the
    host's own assembly, never PTX (nvcc hands it to the host compiler), whatever it looks like:
    RISC-V's `mov.m.x` (ggml's ET kernels) has a PTX mnemonic's shape."""
    side = _device_side(node, ctx)
    if side is False:
        return None
    template = _asm_template(node, ctx)
    idiom = _ptx_idiom(template) if template is not None else None
    if idiom is None and side:
        constraints = _ptx_constraints(node, ctx)
        if constraints:
            idiom = f'PTX operand constraint `"{constraints[0]}"` (AMD has no l/f/h/d register classes)'
    return idiom


def _ptx_in_macro(arg: Node, ctx: LintContext) -> Iterator[tuple[int, str]]:
    text = ctx.text(arg)
    for match in ASM_IN_MACRO.finditer(text):
        strings = "".join(m.group(0) for m in C_STRING.finditer(text, match.end()))
        idiom = _ptx_idiom(strings)
        if idiom is not None:
            yield arg.start_byte + len(text[: match.start()].encode()), idiom
