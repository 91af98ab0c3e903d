"""HP304: cuDNN algorithm search/heuristic call whose MIOpen counterpart has another shape.

In HIP code the forward heuristic query (`cudnnGetConvolutionForwardAlgorithm_v7`) becomes
hipify-plus's support function over MIOpen's immediate-mode query (hipify_plus/rewrite/cudnn.py),
and the result fields cuDNN has and MIOpen names otherwise are rewritten."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import call_args
from hipify_plus.edits import Edit, Fix
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _callee, _key
from hipify_plus.lint.detectors.libraries._cudnn_calls import _CONV_SELECT
from hipify_plus.lint.detectors.libraries._cudnn_rewrites import cudnn_calls, inside_support, is_hip, support_edit
from hipify_plus.lint.detectors.libraries._values import _declarations
from hipify_plus.lint.registry import detector, file_detector
from hipify_plus.parse import Node
from hipify_plus.rewrite import cudnn

_CUDNN_SELECT_MESSAGES = {
    "Get": "is a pure heuristic query with no MIOpen equivalent: MIOpen's `miopenFindConvolution*Algorithm` "
    "runs the candidates on real x/w/y device buffers and a workspace (or use immediate mode: "
    "`miopenConvolution*GetSolution`)",
    "Find": "has no MIOpen mapping: `miopenFindConvolution*Algorithm` needs the x/w/y device buffers, a "
    "workspace and an exhaustiveSearch flag, and fills `miopenConvAlgoPerf_t` (`fwd_algo` / "
    "`bwd_data_algo` / `bwd_weights_algo` instead of `algo`)",
    "Count": "has no MIOpen equivalent: pass your own request count to `miopenFindConvolution*Algorithm`",
}


# cuDNN's forward searches that keep their arguments as hipify-plus support functions.
_REWRITTEN = {
    "cudnnGetConvolutionForwardAlgorithm_v7": (
        cudnn.HEURISTIC,
        cudnn.HEURISTIC_FUNCTION,
        "Ask MIOpen's immediate mode; the convolution still needs Find (HP301)",
        "; the rewrite keeps the query (MIOpen's `miopenConvolutionForwardGetSolution`, one entry per "
        "algorithm), which informs but does not replace Find",
    ),
    "cudnnFindConvolutionForwardAlgorithm": (
        cudnn.SEARCH,
        cudnn.SEARCH_FUNCTION,
        "Run MIOpen's Find on buffers allocated for the search",
        "; the rewrite allocates x, w, y and a workspace for `miopenFindConvolutionForwardAlgorithm`, as "
        "cuDNN does, and frees them after",
    ),
}


def _search_fix(node: Node, name: str, ctx: LintContext) -> tuple[Fix | None, str]:
    """`cudnnGetConvolutionForwardAlgorithm_v7` / `cudnnFindConvolutionForwardAlgorithm(h, x, w,
    conv, y, n, &count, perf)`, which keep their arguments, as hipify-plus support functions."""
    part, replacement, title, note = _REWRITTEN[name]
    function = node.child_by_field_name("function")
    if function is None or len(call_args(node)) != 8:
        return None, ""
    possible, block = support_edit(ctx, [part], node.start_byte)
    if not possible:
        return None, (
            "; not rewritten: hipify-plus's support code goes after the file's #includes, and "
            "<miopen/miopen.h> is not among them"
        )
    edits = [Edit(function.start_byte, function.end_byte, replacement.encode())]
    if block is not None:
        edits.append(block)
    return ctx.fix("HP304", f"{title} (`{replacement}`)", edits), note


# HP304
@detector(
    "call_expression", emits=("HP304",), names=("cudnnGetConvolution", "cudnnFindConvolution", "miopenFindConvolution")
)
def algorithm_search_shape_differs(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    function = node.child_by_field_name("function") or node
    if name.startswith("cudnn") and ctx.settings.converted and name not in _REWRITTEN:
        return  # convert reports the cuDNN calls it leaves (HP001); it leaves these two for this rule
    if name.startswith("cudnnGetConvolution") and name.endswith("AlgorithmMaxCount"):
        ctx.report("HP304", function, f"`{name}` {_CUDNN_SELECT_MESSAGES['Count']}")
        return
    if name.startswith("cudnn") and name in _CONV_SELECT:
        kind = "Get" if name.startswith("cudnnGet") else "Find"
        fix, why = None, ""
        if name in _REWRITTEN and is_hip(ctx):
            fix, why = _search_fix(node, name, ctx)
        ctx.report("HP304", function, f"`{name}` {_CUDNN_SELECT_MESSAGES[kind]}{why}", fix)
        return
    if not name.startswith("miopenFindConvolution") or name not in _CONV_SELECT or inside_support(node, ctx):
        return
    args = call_args(node)
    if len(args) != 13:
        return
    fix = None
    if name == "miopenFindConvolutionForwardAlgorithm":
        fix = ctx.fix(
            "HP304",
            "Add `exhaustiveSearch = false`",
            [Edit(args[-1].end_byte, args[-1].end_byte, b", /*exhaustiveSearch=*/false")],
            applicability="unsafe",
        )
        order = ""
    else:
        order = "; the device buffers also come in a different order from cuDNN's Ex call (dy first)"
    ctx.report(
        "HP304",
        function,
        f"`{name}` has cuDNN's 13 arguments: MIOpen's Find takes a 14th, `exhaustiveSearch`{order}",
        fix,
    )


_PERF_FIELDS = {"Forward": "fwd_algo", "BackwardData": "bwd_data_algo", "BackwardWeights": "bwd_weights_algo"}
_MISSING_PERF_FIELDS = frozenset({"status", "determinism", "mathType"})
# Where each search call takes its result array (cuDNN's Get/Find: 7, its Ex calls and MIOpen's Find: 10).
_PERF_ARGUMENT = {name: 10 if name.startswith("miopen") or name.endswith("Ex") else 7 for name in _CONV_SELECT}
_PERF_ARGUMENT[cudnn.HEURISTIC_FUNCTION] = _PERF_ARGUMENT[cudnn.SEARCH_FUNCTION] = 7
_SELECT_DIRECTION = {**_CONV_SELECT, cudnn.HEURISTIC_FUNCTION: "Forward"}
# Calls whose results are all successful searches (MIOpen fills only those): `.status` is success.
_ONLY_SUCCESSES = frozenset(
    {
        cudnn.HEURISTIC_FUNCTION,
        cudnn.SEARCH_FUNCTION,
        "miopenFindConvolutionForwardAlgorithm",
        "miopenFindConvolutionBackwardDataAlgorithm",
        "miopenFindConvolutionBackwardWeightsAlgorithm",
    }
)
_WRITES = frozenset({"assignment_expression", "update_expression", "pointer_expression"})


def _read_only(node: Node) -> bool:
    """The field expression is only read (not assigned, incremented or address-taken)."""
    parent = node.parent
    if parent is None or parent.type not in _WRITES:
        return True
    if parent.type == "assignment_expression":
        left = parent.child_by_field_name("left")
        return left is None or left.start_byte != node.start_byte
    return False


# HP304
@file_detector(emits=("HP304",), names=("miopenConvAlgoPerf_t",))
def cudnn_perf_field_on_miopen_result(ctx: LintContext) -> None:
    """`perf.algo` on a `miopenConvAlgoPerf_t`, which names the field by direction."""
    perf_names = {
        name
        for name, decl, _, _ in _declarations(ctx)
        if (t := decl.child_by_field_name("type")) is not None and ctx.text(t) == "miopenConvAlgoPerf_t"
    }
    if not perf_names:
        return
    direction_of: dict[str, str] = {}
    successes: set[str] = set()
    for call in cudnn_calls(ctx):
        direction = _SELECT_DIRECTION.get(call.name)
        index = _PERF_ARGUMENT.get(call.name, -1)
        if direction is not None and len(call.args) > index:
            array = re.sub(r"\[.*\]$|\.data\(\)$", "", _key(call.args[index], ctx))
            direction_of[array] = direction
            if call.name in _ONLY_SUCCESSES:
                successes.add(array)
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
                fix = ctx.fix(
                    "HP304",
                    f"Read `{_PERF_FIELDS[direction]}`",
                    [Edit(field.start_byte, field.end_byte, _PERF_FIELDS[direction].encode())],
                )
            ctx.report(
                "HP304",
                field,
                "`miopenConvAlgoPerf_t` has no `algo` field: it holds `fwd_algo`, "
                "`bwd_data_algo` or `bwd_weights_algo` for the direction that was searched",
                fix,
            )
        elif member == "status" and ctx.text(base) in successes and _read_only(node):
            # spelled as a cast, so that `perf[i].status == miopenStatusSuccess` is no self-comparison
            fix = ctx.fix(
                "HP304",
                "Read `miopenStatusSuccess`",
                [Edit(node.start_byte, node.end_byte, b"static_cast<miopenStatus_t>(miopenStatusSuccess)")],
            )
            ctx.report(
                "HP304",
                field,
                "`miopenConvAlgoPerf_t` has no `status` field: MIOpen returns only the "
                "searches that succeeded, so every entry it filled has succeeded",
                fix,
            )
        elif member in _MISSING_PERF_FIELDS:
            ctx.report(
                "HP304",
                field,
                f"`miopenConvAlgoPerf_t` has no `{member}` field (only the algorithm, `time` and `memory`)",
            )
