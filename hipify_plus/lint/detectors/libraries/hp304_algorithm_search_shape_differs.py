"""HP304: cuDNN algorithm search/heuristic call whose MIOpen counterpart has another shape."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import call_args
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _callee, _calls, _key
from hipify_plus.lint.detectors.libraries._cudnn_calls import _CONV_SELECT
from hipify_plus.lint.detectors.libraries._values import _declarations
from hipify_plus.lint.registry import detector, file_detector
from hipify_plus.parse import Node

_CUDNN_SELECT_MESSAGES = {
    "Get": "is a pure heuristic query with no MIOpen equivalent: MIOpen's `miopenFindConvolution*Algorithm` "
           "runs the candidates on real x/w/y device buffers and a workspace (or use immediate mode: "
           "`miopenConvolution*GetSolution`)",
    "Find": "has no MIOpen mapping: `miopenFindConvolution*Algorithm` needs the x/w/y device buffers, a "
            "workspace and an exhaustiveSearch flag, and fills `miopenConvAlgoPerf_t` (`fwd_algo` / "
            "`bwd_data_algo` / `bwd_weights_algo` instead of `algo`)",
    "Count": "has no MIOpen equivalent: pass your own request count to `miopenFindConvolution*Algorithm`",
}


# HP304
@detector("call_expression", emits=("HP304",))
def algorithm_search_shape_differs(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    function = node.child_by_field_name("function") or node
    if name.startswith("cudnnGetConvolution") and name.endswith("AlgorithmMaxCount"):
        ctx.report("HP304", function, f"`{name}` {_CUDNN_SELECT_MESSAGES['Count']}")
        return
    if name.startswith("cudnn") and name in _CONV_SELECT:
        kind = "Get" if name.startswith("cudnnGet") else "Find"
        ctx.report("HP304", function, f"`{name}` {_CUDNN_SELECT_MESSAGES[kind]}")
        return
    if not name.startswith("miopenFindConvolution") or name not in _CONV_SELECT:
        return
    args = call_args(node)
    if len(args) != 13:
        return
    fix = None
    if name == "miopenFindConvolutionForwardAlgorithm":
        fix = ctx.fix("HP304", "Add `exhaustiveSearch = false`",
                      [Edit(args[-1].end_byte, args[-1].end_byte, b", /*exhaustiveSearch=*/false")],
                      applicability="unsafe")
        order = ""
    else:
        order = "; the device buffers also come in a different order from cuDNN's Ex call (dy first)"
    ctx.report("HP304", function, f"`{name}` has cuDNN's 13 arguments: MIOpen's Find takes a 14th, "
               f"`exhaustiveSearch`{order}", fix)


_PERF_FIELDS = {"Forward": "fwd_algo", "BackwardData": "bwd_data_algo", "BackwardWeights": "bwd_weights_algo"}
_MISSING_PERF_FIELDS = frozenset({"status", "determinism", "mathType"})


# HP304
@file_detector(emits=("HP304",))
def cudnn_perf_field_on_miopen_result(ctx: LintContext) -> None:
    """`perf.algo` on a `miopenConvAlgoPerf_t`, which names the field by direction."""
    perf_names = {name for name, decl, _, _ in _declarations(ctx)
                  if (t := decl.child_by_field_name("type")) is not None and ctx.text(t) == "miopenConvAlgoPerf_t"}
    if not perf_names:
        return
    direction_of: dict[str, str] = {}
    for call in _calls(ctx):
        direction = _CONV_SELECT.get(call.name)
        if direction is not None and call.name.startswith("miopen") and len(call.args) >= 11:
            direction_of[re.sub(r"\[.*\]$|\.data\(\)$", "", _key(call.args[10], ctx))] = direction
    for node in ctx.nodes({"field_expression"}):
        base = node.child_by_field_name("argument")
        field = node.child_by_field_name("field")
        while base is not None and base.type == "subscript_expression":
            base = base.child_by_field_name("argument")
        if base is None or field is None or ctx.text(base) not in perf_names:
            continue
        member = ctx.text(field)
        if member == "algo":
            direction = direction_of.get(ctx.text(base))
            fix = None
            if direction is not None:
                fix = ctx.fix("HP304", f"Read `{_PERF_FIELDS[direction]}`",
                              [Edit(field.start_byte, field.end_byte, _PERF_FIELDS[direction].encode())])
            ctx.report("HP304", field, "`miopenConvAlgoPerf_t` has no `algo` field: it holds `fwd_algo`, "
                       "`bwd_data_algo` or `bwd_weights_algo` for the direction that was searched", fix)
        elif member in _MISSING_PERF_FIELDS:
            ctx.report("HP304", field, f"`miopenConvAlgoPerf_t` has no `{member}` field (only the algorithm, "
                       "`time` and `memory`)")
