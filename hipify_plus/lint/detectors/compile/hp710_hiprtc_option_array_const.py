"""HP710: NVRTC takes its option and header arrays as `const char* const*`; hipRTC before ROCm 7.2
declares them `const char**` (hiprtc.h of 5.2 to 6.4; 7.2 has NVRTC's type). C++ does not convert
`char**` (a `char* opts[]`) or `const char* const*` to `const char**`, so CUDA code that compiled
with nvcc gets "no matching function for call to 'hiprtcCompileProgram'". The fix passes the array
through `const_cast<const char**>(...)`: the same pointer, and hipRTC only reads through it."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import call_args, callee_name, enclosing_function, node_text, unparenthesized
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.versions import format_version, parse_version

# function -> (argument index, NVRTC's name for it)
_ARRAYS: dict[str, tuple[tuple[int, str], ...]] = {
    "hiprtcCompileProgram": ((2, "options"),),
    "hiprtcCreateProgram": ((4, "headers"), (5, "includeNames")),
}
FIXED_IN = parse_version("7.2")  # hiprtc.h takes `const char* const*` (7.2.4 read; 6.4 has `const char**`)
_NULL = re.compile(r"^(?:0|NULL|nullptr|0L|\(\s*void\s*\*\s*\)\s*0)$")
_CONST_CHAR_PP = re.compile(r"^const\s+char\s*\*\s*\*$")
_CAST = "const_cast<const char**>"


def _declared_type(argument: Node) -> str | None:
    """For an identifier declared in the enclosing function (or its parameters): its type written
    around the name, `const char *x[4]` -> 'const char**'; None when not found here."""
    scope = enclosing_function(argument)
    if scope is None:
        return None
    name = node_text(argument)
    stack = [scope]
    while stack:
        node = stack.pop()
        if node.type in ("declaration", "parameter_declaration"):
            for declarator in node.children_by_field_name("declarator"):
                stars = 0
                inner: Node | None = declarator
                while inner is not None and inner.type in ("pointer_declarator", "array_declarator", "init_declarator"):
                    if inner.type != "init_declarator":
                        stars += 1
                        if inner.type == "pointer_declarator" and any(
                            c.type == "type_qualifier" for c in inner.children
                        ):
                            return "other"  # `char* const* p`: a const pointer level
                    inner = inner.child_by_field_name("declarator")
                if inner is not None and node_text(inner) == name:
                    qualifiers = " ".join(node_text(c) for c in node.children if c.type == "type_qualifier")
                    base = node.child_by_field_name("type")
                    return f"{qualifiers} {node_text(base) if base else ''}".strip() + "*" * stars
        stack.extend(node.named_children)
    return None


def _needs_cast(argument: Node) -> bool:
    inner = unparenthesized(argument)
    text = " ".join(node_text(inner).split())
    if _NULL.match(text) or text.startswith(("const_cast<const char**>", "const_cast<const char **>")):
        return False
    if inner.type == "cast_expression":
        written = inner.child_by_field_name("type")
        if written is not None and _CONST_CHAR_PP.match(" ".join(node_text(written).split())):
            return False
    if inner.type == "identifier":
        declared = _declared_type(inner)
        if declared is not None and _CONST_CHAR_PP.match(declared):
            return False
    return True


# HP710
@detector("call_expression", emits=("HP710",), names=tuple(_ARRAYS))
def hiprtc_option_array_const(node: Node, ctx: LintContext) -> None:
    function = callee_name(node)
    positions = _ARRAYS.get(function)
    if positions is None or not ctx.is_hip or ctx.settings.target_rocm >= FIXED_IN:
        return
    arguments = call_args(node)
    release = format_version(ctx.settings.target_rocm)
    for index, what in positions:
        if index >= len(arguments) or not _needs_cast(arguments[index]):
            continue
        argument = arguments[index]
        fix = ctx.fix(
            "HP710",
            f"Pass `{what}` as `const char**`",
            [
                Edit(argument.start_byte, argument.start_byte, f"{_CAST}(".encode()),
                Edit(argument.end_byte, argument.end_byte, b")"),
            ],
        )
        ctx.report(
            "HP710",
            argument,
            f"`{function}` takes `{what}` as `const char**` in ROCm {release} (NVRTC and ROCm "
            f"{format_version(FIXED_IN)}: `const char* const*`): a `char*` array or a `const char* const*` "
            f"does not convert; pass it through `{_CAST}(...)` (hipRTC only reads it)",
            fix,
        )
