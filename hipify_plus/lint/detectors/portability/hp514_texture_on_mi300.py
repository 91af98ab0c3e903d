"""HP514: Texture or surface fetch while targeting MI300 (gfx940/941/942)."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import callee_name
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _arch_switched, _device_excluded
from hipify_plus.lint.detectors.portability._arches import MI300
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

IMAGE_SWITCH_WORDS = (b"__HIP_NO_IMAGE_SUPPORT", b"gfx94", b"GFX94")
TEXTURE_FETCH = re.compile(
    r"tex(?:1D|2D|3D|Cubemap)(?:fetch|Layered|Lod|Grad|LayeredLod|LayeredGrad|gather)?"
    r"|tex2Dgather|tex1Dfetch|surf(?:1D|2D|3D|Cubemap)(?:Layered)?(?:read|write)"
)


# HP514
@detector("call_expression", emits=("HP514",), names=("tex", "surf"))
def texture_on_mi300(node: Node, ctx: LintContext) -> None:
    targets = MI300 & set(ctx.settings.arches)
    if not targets:
        return
    name = callee_name(node)
    if not name.startswith(("tex", "surf")) or not TEXTURE_FETCH.fullmatch(name):
        return
    if _device_excluded(node, ctx) or _arch_switched(node, ctx, IMAGE_SWITCH_WORDS):
        return
    ctx.report(
        "HP514",
        node,
        f"`{name}`: {', '.join(sorted(targets))} (MI300) has no "
        "texture/image instructions, so this does not compile there; use plain buffer loads "
        "and stores (`__ldg`) and filter in software",
    )
