"""HP308: cuDNN backend graph API or cudnn-frontend code."""

from __future__ import annotations

import re

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _FUNCTION, _ancestor, _callee
from hipify_plus.lint.registry import file_detector

_BACKEND_UNMAPPED = frozenset(
    {"cudnnBackendInitialize", "cudnnBackendPopulateCudaGraph", "cudnnBackendUpdateCudaGraph"}
)


# HP308
@file_detector(emits=("HP308",), names=("cudnn_frontend", "cudnnBackend", "miopenBackend"))
def cudnn_graph_api(ctx: LintContext) -> None:
    for include in ctx.nodes({"preproc_include"}):
        path = include.child_by_field_name("path")
        if path is not None and re.search(r"cudnn_frontend\w*\.h", ctx.text(path)):
            ctx.report(
                "HP308",
                path,
                "cudnn-frontend has no production AMD equivalent: MIOpen implements only "
                "part of the backend graph API and hipDNN's graph API is beta; port the graphs to "
                "MIOpen calls by hand",
            )
    seen: set[int] = set()
    for node in ctx.nodes({"call_expression", "namespace_identifier"}):
        owner = _ancestor(node, _FUNCTION)
        key = owner.start_byte if owner is not None else -1
        if node.type == "namespace_identifier":
            if ctx.text(node) != "cudnn_frontend" or key in seen:
                continue
            seen.add(key)
            ctx.report(
                "HP308",
                node,
                "cudnn-frontend graph code has no production AMD equivalent (hipDNN's "
                "graph API is beta): port it to MIOpen calls or fusion plans",
            )
            continue
        name = _callee(node, ctx)
        if not name.startswith(("cudnnBackend", "miopenBackend")):
            continue
        function = node.child_by_field_name("function") or node
        if name in _BACKEND_UNMAPPED:
            if not ctx.settings.converted:  # convert reports the names it could not map (HP001)
                ctx.report("HP308", function, f"`{name}` has no MIOpen equivalent (MIOpen's backend API lacks it)")
        elif key not in seen:
            seen.add(key)
            ported = name.startswith("miopen")
            ctx.report(
                "HP308",
                function,
                ("MIOpen's backend graph API" if ported else "cuDNN backend graph API: MIOpen (6.2+)")
                + " implements the `miopenBackend*` calls for only some operation graphs, "
                "and its header declares them only when `MIOPEN_BETA_API` is defined before "
                "<miopen/miopen.h> (read in rocm-6.2.2 and 2d1fd99); check each graph against MIOpen's supported "
                "patterns or port it to plain MIOpen calls",
                severity="warning",
            )
