"""Inline PTX as the rules see it: the first PTX register, instruction or constraint in an asm
statement or a macro body, described with its AMD replacement (HP501, and HP502 when a guard
would expose it)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from hipify_plus.cuda.syntax import in_device_code
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
    if idiom is None and in_device_code(node):
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
