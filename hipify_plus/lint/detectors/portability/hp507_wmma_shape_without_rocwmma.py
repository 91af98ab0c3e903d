"""HP507: WMMA fragment shape or type that rocWMMA cannot express."""

from __future__ import annotations

import re
from functools import lru_cache

from hipify_plus.cuda.syntax import named
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded
from hipify_plus.lint.detectors.portability._arches import MI300
from hipify_plus.lint.detectors.portability._file import _contains, _raw
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

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
    args = named(node.child_by_field_name("arguments"))
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
