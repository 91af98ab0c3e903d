"""HP101: A warp-size constant defined as 32."""

from __future__ import annotations

import re

from hipify_plus.cuda.preprocessor import condition_of, enclosing_branches
from hipify_plus.cuda.syntax import defines_name
from hipify_plus.filekinds import is_header
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._macros import WARP_SIZE_MACRO, _with_warp_size_macro
from hipify_plus.lint.detectors.wavefront._patterns import _NOT_HARDWARE_WIDTH, _WARP_SIZE_NAME
from hipify_plus.lint.detectors.wavefront._syntax import _function_kind, _function_of, _in_preproc_condition
from hipify_plus.lint.detectors.wavefront._warp_work import names_seen_by_wave_width_code
from hipify_plus.lint.registry import detector
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node

_WAVE_AWARE = re.compile(r"(?i)__GFX\d|AMDGCN|HIP|ROCM|HCC|WAVEFRONT|__NVCC__|(^|_)AMD(_|$)")


def _in_platform_switch(node: Node, ctx: LintContext) -> bool:
    """True inside an #if/#ifdef whose condition names an AMD, wavefront or platform macro: the
    author already chose a width per platform there."""
    for directive, _ in enclosing_branches(node):
        condition = condition_of(directive)
        if condition is not None and _WAVE_AWARE.search(ctx.text(condition)):
            return True
    return False


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
        if _in_platform_switch(node, ctx):
            continue
        names = _derived_names(label, ctx)
        if not names_seen_by_wave_width_code(ctx, names, is_header(ctx.source.path)):
            continue  # a tile or group width: no code that uses it sees the wavefront width
        message = (
            f"`{label}` hard-codes a warp size of 32: AMD wavefronts have 64 lanes on CDNA "
            "(MI100/MI200/MI300) and 32 on RDNA"
        )
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


def _derived_names(name: str, ctx: LintContext) -> set[str]:
    """A name and the macros and file-scope constants built from it."""
    names = {name}
    kinds = frozenset({"preproc_def", "preproc_function_def", "declaration"})
    definitions = [n for n in ctx.nodes(kinds) if n.type != "declaration" or _function_of(n) is None]
    for _ in range(4):
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(names))) + r")\b")
        before = len(names)
        for node in definitions:
            for defined, value in ctx.named_values(node) if node.type != "preproc_function_def" else ():
                if pattern.search(ctx.text(value)):
                    names.add(ctx.text(defined))
            if node.type == "preproc_function_def":
                macro, body = node.child_by_field_name("name"), node.child_by_field_name("value")
                if macro is not None and body is not None and pattern.search(ctx.text(body)):
                    names.add(ctx.text(macro))
        if len(names) == before:
            break
    return names


def _used_in_host_code(name: str, ctx: LintContext) -> bool:
    """True if a name, or a macro or file-scope constant built from it, is used outside device
    code (where a compile-time warp size is the host pass's 64)."""
    names = _derived_names(name, ctx)
    for node in ctx.nodes(frozenset({"identifier", "type_identifier"})):
        if ctx.text(node) not in names or defines_name(node):
            continue
        function = _function_of(node)
        if function is not None:
            if _function_kind(function, ctx) == "host":
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
