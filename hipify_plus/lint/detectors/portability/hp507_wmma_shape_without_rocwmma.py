"""HP507: WMMA fragment shape or type that rocWMMA cannot express, checked per target against
rules/mappings/rocwmma_shapes.tsv (CUDA's spelling and rocWMMA's alike: rocWMMA does not fail
the build for an unsupported fragment). A tf32 fragment ported as fp32 keeps its finding through
the marker comment the port writes beside the type."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.lint.detectors.portability._wmma_fragments import fragments, key
from hipify_plus.lint.detectors.portability._wmma_plan import tf32_message, wmma_fix, wmma_plan
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.rewrite.wmma import TF32_MARKER, support


def _ported_tf32(node: Node, ctx: LintContext) -> str | None:
    """The finding of a tf32 fragment the port wrote as fp32 (`float /* hipify-plus: ... */`)."""
    arguments = node.child_by_field_name("arguments")
    if arguments is None or TF32_MARKER.encode() not in _raw(arguments, ctx):
        return None
    fragment = next((f for f in fragments(ctx) if key(f.node) == key(node)), None)
    if fragment is None or fragment.shape is None:
        return None
    found = tuple(support("f32", "f32", fragment.shape, a, ctx.settings.target_rocm) for a in ctx.settings.arches)
    return tf32_message(fragment.shape, found, ctx)


# HP507
@detector("template_type", emits=("HP507",))
def wmma_shape_without_rocwmma(node: Node, ctx: LintContext) -> None:
    name = node.child_by_field_name("name")
    if name is None or _raw(name, ctx) != b"fragment" or not ctx.mentions(b"wmma"):
        return
    ported = _ported_tf32(node, ctx)
    if ported is not None:
        ctx.report("HP507", node, ported, severity="warning")
        return
    plan = wmma_plan(ctx)
    note = plan.fragment_notes.get(key(node))
    if note is None:
        return
    fix = wmma_fix(plan, ctx, "HP507") if note.severity == "warning" else None
    ctx.report("HP507", note.span, note.message, fix, **({"severity": note.severity} if note.severity else {}))
