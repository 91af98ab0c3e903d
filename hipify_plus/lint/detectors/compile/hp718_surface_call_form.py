"""HP718: CUDA's surface calls in the forms HIP lacks. HIP's surf*read/surf*write take (data,
surface, coordinates): a trailing boundary mode (Trap or Zero: what AMD's image accesses do out of
range, or what a working CUDA program never meets) is dropped, and a read that returns its value
(`surf2Dread<T>(surf, x, y)`) becomes a lambda that reads into a local."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args, node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

# function -> how many coordinates it takes
COORDINATES = {
    "surf1D": 1,
    "surf2D": 2,
    "surf3D": 3,
    "surf1DLayered": 2,
    "surf2DLayered": 3,
    "surfCubemap": 3,
    "surfCubemapLayered": 4,
}
_DROPPED_MODES = frozenset(
    {"hipBoundaryModeTrap", "hipBoundaryModeZero", "cudaBoundaryModeTrap", "cudaBoundaryModeZero"}
)
_MODES = _DROPPED_MODES | {"hipBoundaryModeClamp", "cudaBoundaryModeClamp"}


def _shape(name: str) -> tuple[int, bool] | None:
    """(coordinates, whether it reads) of a surface function's name."""
    for suffix, reads in (("read", True), ("write", False)):
        if name.endswith(suffix) and name[: -len(suffix)] in COORDINATES:
            return COORDINATES[name[: -len(suffix)]], reads
    return None


@detector("call_expression", emits=("HP718",), names=("surf",))
def surface_call_form(node: Node, ctx: LintContext) -> None:
    function = node.child_by_field_name("function")
    if function is None or not ctx.is_hip:
        return
    template = function if function.type == "template_function" else None
    name_node = template.child_by_field_name("name") if template is not None else function
    if name_node is None or name_node.type != "identifier":
        return
    name = node_text(name_node)
    shape = _shape(name)
    if shape is None:
        return
    coordinates, reads = shape
    args = call_args(node)
    mode = args[-1] if args and node_text(args[-1]).strip() in _MODES else None
    written = len(args) - (1 if mode is not None else 0)
    edits: list[Edit] = []
    said: list[str] = []
    if mode is not None:
        if node_text(mode).strip() not in _DROPPED_MODES:
            ctx.report(
                "HP718",
                mode,
                f"`{name}` with `{node_text(mode)}`: HIP's surface functions take no boundary "
                "mode and do not clamp (out of range, loads return zero and stores are dropped): clamp the "
                "coordinates yourself, then drop the argument",
            )
            return
        edits.append(Edit(args[-2].end_byte, mode.end_byte, b""))
        said.append(
            f"drops `{node_text(mode)}` (HIP's surface functions take no boundary mode; out of range AMD "
            "loads zero and drops stores)"
        )
    value_type = None
    if reads and template is not None and written == coordinates + 1:
        arguments = template.child_by_field_name("arguments")
        value_type = node_text(arguments)[1:-1].strip() if arguments is not None else None
        if not value_type:
            return
        inner = ", ".join(node_text(a) for a in args[:written])
        replacement = f"[&] {{ {value_type} v; {name}(&v, {inner}); return v; }}()"
        edits = [Edit(node.start_byte, node.end_byte, replacement.encode())]
        said.append(f"reads into a local (HIP has no `{name}<T>` that returns the value)")
    elif written != coordinates + 2:
        return
    if not edits:
        return
    ctx.report(
        "HP718",
        name_node,
        f"`{name}` in a form HIP lacks: the fix " + "; and ".join(said),
        ctx.fix("HP718", f"Call `{name}` as HIP declares it", edits),
    )
