"""HP309: hipDNN or cuDNN header where the port uses MIOpen."""

from __future__ import annotations

import re

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _uses
from hipify_plus.lint.registry import file_detector

_HIPDNN_INCLUDE = re.compile(r"^[<\"](?:hipdnn|hipDNN)\.h[>\"]$", re.IGNORECASE)


# HP309
@file_detector(emits=("HP309",))
def cudnn_header_maps_to_hipdnn(ctx: LintContext) -> None:
    uses_hipdnn = _uses(ctx, "hipdnn")
    uses_miopen = _uses(ctx, "miopen")
    for include in ctx.nodes({"preproc_include"}):
        path = include.child_by_field_name("path")
        if path is None:
            continue
        text = ctx.text(path)
        fix = ctx.fix(
            "HP309", "Include <miopen/miopen.h>", [Edit(path.start_byte, path.end_byte, b"<miopen/miopen.h>")]
        )
        if _HIPDNN_INCLUDE.match(text):
            if uses_hipdnn:
                ctx.report(
                    "HP309",
                    path,
                    f"{text} is the retired hipDNN wrapper (hipify-perl's default output): "
                    "its hipdnn* calls need porting to MIOpen (`hipify-perl --roc` or `convert`), "
                    "then include <miopen/miopen.h>",
                )
            else:
                ctx.report("HP309", path, f"{text} is the retired hipDNN wrapper; this file uses MIOpen", fix)
        elif text in ("<cudnn.h>", '"cudnn.h"') and uses_miopen:
            ctx.report(
                "HP309", path, f"{text} in a file that already calls MIOpen: the port needs <miopen/miopen.h>", fix
            )
