"""HP3xx: library and graph hazards: cuDNN -> MIOpen, cuBLAS/cuBLASLt -> hipBLAS/rocBLAS/
hipBLASLt, and CUDA graphs -> HIP graphs. Every detector looks at the CUDA spelling and at the
ported one (miopen*, hipblas*, rocblas_*, hipblasLt*) wherever the hazard survives translation,
because the linter also runs on code that has already been through `convert`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector, file_detector
from hipify_plus.parse import Node

# -- shared node helpers ------------------------------------------------------------------


@dataclass(frozen=True)
class _Call:
    node: Node
    name: str
    args: tuple[Node, ...]


def _callee(node: Node, ctx: LintContext) -> str:
    function = node.child_by_field_name("function")
    if function is None:
        return ""
    if function.type == "template_function":
        function = function.child_by_field_name("name") or function
    return ctx.text(function)


def _args(node: Node) -> list[Node]:
    arguments = node.child_by_field_name("arguments")
    return [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _key(node: Node, ctx: LintContext) -> str:
    """An argument as a comparable key: no spaces, no leading `&`, no outer parentheses."""
    text = _squash(ctx.text(node))
    while text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    return text.lstrip("&")


def _memo(ctx: LintContext, key: str, compute: Callable[[LintContext], Any]) -> Any:
    """Per-file analyses shared by several detectors, kept on the context like its own
    cached properties."""
    store = ctx.__dict__.setdefault("_libraries_memo", {})
    if key not in store:
        store[key] = compute(ctx)
    return store[key]


def _calls(ctx: LintContext) -> list[_Call]:
    def compute(ctx: LintContext) -> list[_Call]:
        return [_Call(n, _callee(n, ctx), tuple(_args(n)))
                for n in ctx.nodes({"call_expression"})]
    return _memo(ctx, "calls", compute)


def _names(ctx: LintContext) -> frozenset[str]:
    def compute(ctx: LintContext) -> frozenset[str]:
        kinds = frozenset({"identifier", "type_identifier", "namespace_identifier"})
        return frozenset(ctx.text(n) for n in ctx.nodes(kinds))
    return _memo(ctx, "names", compute)


def _uses(ctx: LintContext, prefix: str) -> bool:
    """True if the file names an identifier with this library prefix (`miopen`, `rocblas_`...)."""
    return any(name.startswith(prefix) for name in _names(ctx))


def _starts(node: Node, ctx: LintContext, prefixes: tuple[bytes, ...]) -> bool:
    """A cheap first test for identifier detectors, before decoding the text."""
    return ctx.data.startswith(prefixes, node.start_byte)


def _ancestor(node: Node, types: frozenset[str]) -> Node | None:
    parent = node.parent
    while parent is not None and parent.type not in types:
        parent = parent.parent
    return parent


_FUNCTION = frozenset({"function_definition"})
_SCOPES = frozenset({"compound_statement", "function_definition", "translation_unit", "declaration_list"})


def _inside(node: Node, outer: Node) -> bool:
    return outer.start_byte <= node.start_byte and node.end_byte <= outer.end_byte


def _strip_casts(node: Node, ctx: LintContext) -> Node:
    """`(void*)&x`, `static_cast<const void*>(&x)`, `(x)` -> the inner expression."""
    while True:
        if node.type == "parenthesized_expression":
            inner = [c for c in node.named_children if c.type != "comment"]
            if len(inner) != 1:
                return node
            node = inner[0]
        elif node.type == "cast_expression":
            value = node.child_by_field_name("value")
            if value is None:
                return node
            node = value
        elif node.type == "call_expression" and _callee(node, ctx) in ("static_cast", "reinterpret_cast",
                                                                        "const_cast", "float", "double"):
            inner = _args(node)
            if len(inner) != 1:
                return node
            node = inner[0]
        else:
            return node


def _arg_is_null(node: Node, ctx: LintContext) -> bool:
    return _squash(ctx.text(node)) in ("nullptr", "NULL", "0", "(void*)0", "0u", "0ul", "0ull")


# -- variables: where a name's value comes from --------------------------------------------


@dataclass(frozen=True)
class _Origin:
    kind: str  # local | parameter | global | none
    values: tuple[Node | None, ...] = ()  # initialisers and right-hand sides; None = written otherwise
    type_text: str = ""


def _declarations(ctx: LintContext) -> list[tuple[str, Node, Node | None, Node]]:
    """(name, declaration, initial value, declarator) for every declared variable in the file."""
    def compute(ctx: LintContext) -> list[tuple[str, Node, Node | None, Node]]:
        found = []
        for decl in ctx.nodes({"declaration"}):
            for declarator in decl.children_by_field_name("declarator"):
                value = None
                target = declarator
                if declarator.type == "init_declarator":
                    value = declarator.child_by_field_name("value")
                    target = declarator.child_by_field_name("declarator")
                while target is not None and target.type in ("array_declarator", "pointer_declarator",
                                                             "reference_declarator"):
                    if target.type == "pointer_declarator":
                        target = None  # a pointer is not a scalar we can follow
                        break
                    target = target.child_by_field_name("declarator") or (
                        target.named_children[0] if target.named_children else None)
                if target is not None and target.type == "identifier":
                    found.append((ctx.text(target), decl, value, declarator))
        return found
    return _memo(ctx, "declarations", compute)


def _writes(ctx: LintContext) -> list[tuple[str, Node, Node | None]]:
    """(name, node, right-hand side) for assignments `x = v` (None for `x += v`) and for `&x`
    passed to a call (an out-parameter write)."""
    def compute(ctx: LintContext) -> list[tuple[str, Node, Node | None]]:
        found = []
        for node in ctx.nodes({"assignment_expression"}):
            left = node.child_by_field_name("left")
            operator = node.child_by_field_name("operator")
            if left is not None and left.type == "identifier":
                plain = operator is not None and ctx.text(operator) == "="
                found.append((ctx.text(left), node, node.child_by_field_name("right") if plain else None))
        for call in _calls(ctx):
            for arg in call.args:
                if arg.type == "pointer_expression" and ctx.text(arg).lstrip().startswith("&"):
                    inner = arg.child_by_field_name("argument")
                    if inner is not None and inner.type == "identifier":
                        found.append((ctx.text(inner), call.node, None))
        return found
    return _memo(ctx, "writes", compute)


def _origin(name: str, at: Node, ctx: LintContext, *, pointer_writes: bool = True) -> _Origin:
    """Where `name`, used at `at`, gets its value: its declaration in scope plus the writes to it
    before `at` in the same function (a None value: `+=` and the like, or `&name` passed to a
    call, which counts as a write only with `pointer_writes`)."""
    function = _ancestor(at, _FUNCTION)
    best = None
    for decl_name, decl, value, _ in _declarations(ctx):
        if decl_name != name or decl.start_byte > at.start_byte:
            continue
        scope = _ancestor(decl, _SCOPES)
        if scope is not None and scope.type != "translation_unit" and not _inside(at, scope):
            continue
        best = (decl, value)
    if best is not None:
        decl, value = best
        kind = "local" if function is not None and _inside(decl, function) else "global"
        type_node = decl.child_by_field_name("type")
        values: list[Node | None] = [value] if value is not None else []
        if kind == "local" and function is not None:
            values += [right for write_name, node, right in _writes(ctx)
                       if write_name == name and _inside(node, function) and node.start_byte < at.start_byte
                       and (pointer_writes or node.type != "call_expression")]
        return _Origin(kind, tuple(values), ctx.text(type_node) if type_node is not None else "")
    if function is not None:
        declarator = function.child_by_field_name("declarator")
        while declarator is not None and declarator.type != "function_declarator":
            declarator = declarator.child_by_field_name("declarator")
        parameters = declarator.child_by_field_name("parameters") if declarator is not None else None
        for parameter in parameters.named_children if parameters is not None else []:
            target = parameter.child_by_field_name("declarator")
            if target is not None and target.type == "identifier" and ctx.text(target) == name:
                type_node = parameter.child_by_field_name("type")
                qualifiers = " ".join(ctx.text(c) for c in parameter.children if c.type == "type_qualifier")
                type_text = ctx.text(type_node) if type_node is not None else ""
                return _Origin("parameter", (), f"{qualifiers} {type_text}".strip())
    return _Origin("none")


_FLOAT = re.compile(r"^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFlL]?$")
_SCALAR_TYPES = re.compile(r"^(?:const\s+)?(?:float|double|half|__half|int|_Float16)$")


def _number(node: Node | None, ctx: LintContext) -> float | None:
    """The value of a numeric literal expression (`1.0f`, `-0.5`, `{1.f}`, `(float)0`)."""
    if node is None:
        return None
    node = _strip_casts(node, ctx)
    if node.type == "initializer_list":
        inner = [c for c in node.named_children if c.type != "comment"]
        return _number(inner[0], ctx) if len(inner) == 1 else None
    if node.type == "unary_expression":
        operator = node.child_by_field_name("operator")
        value = _number(node.child_by_field_name("argument"), ctx)
        if value is None or operator is None:
            return None
        return -value if ctx.text(operator) == "-" else value if ctx.text(operator) == "+" else None
    if node.type == "number_literal":
        text = ctx.text(node).replace("'", "")
        if _FLOAT.match(text):
            return float(text.rstrip("fFlL"))
        folded = ctx.int_value(node)
        return float(folded) if folded is not None else None
    if node.type == "identifier":
        folded = ctx.int_value(node)
        return float(folded) if folded is not None else None
    return None


def _scalar(arg: Node, at: Node, ctx: LintContext) -> tuple[str, list[float] | str]:
    """A host scalar passed by pointer (`&beta`, `beta_array`): its name and its possible
    values, or 'parameter' / 'unknown'."""
    inner = _strip_casts(arg, ctx)
    if inner.type == "pointer_expression" and ctx.text(inner).lstrip().startswith("&"):
        target = inner.child_by_field_name("argument")
    elif inner.type == "identifier":
        target = inner
    else:
        return ctx.text(arg), "unknown"
    if target is None or target.type != "identifier":
        return ctx.text(arg), "unknown"
    name = ctx.text(target)
    origin = _origin(name, at, ctx, pointer_writes=False)
    if origin.kind == "parameter":
        scalar = _SCALAR_TYPES.match(origin.type_text.strip()) and inner.type == "pointer_expression"
        return name, "parameter" if scalar else "unknown"
    if origin.kind == "none" or not origin.values:
        return name, "unknown"
    values = [_number(v, ctx) for v in origin.values]
    if any(v is None for v in values):
        return name, "unknown"
    return name, [v for v in values if v is not None]


def _drop_argument(args: list[Node], index: int, ctx: LintContext) -> Edit | None:
    """Delete one argument and one adjacent comma, never a comment or line break beside it."""
    data = ctx.data
    if index + 1 < len(args):
        between = data[args[index].end_byte:args[index + 1].start_byte]
        if between.strip() == b",":
            return Edit(args[index].start_byte, args[index + 1].start_byte, b"")
    if index > 0:
        between = data[args[index - 1].end_byte:args[index].start_byte]
        if between.strip() == b"," and b"\n" not in between:
            return Edit(args[index - 1].end_byte, args[index].end_byte, b"")
    return None


# -- HP310: MIOpen calls that kept cuDNN's argument order ----------------------------------

# MIOpen convolutions take beta, the output and then the workspace; cuDNN takes the workspace
# before beta (and BackwardData/Weights swap the first two tensors). name -> MIOpen order as
# indices into the cuDNN-ordered arguments.
_CUDNN_ORDER = {
    "miopenConvolutionForward": (0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 8, 9),
    "miopenConvolutionBackwardData": (0, 1, 4, 5, 2, 3, 6, 7, 10, 11, 12, 8, 9),
    "miopenConvolutionBackwardWeights": (0, 1, 4, 5, 2, 3, 6, 7, 10, 11, 12, 8, 9),
}
_WORKSPACE_QUERIES = frozenset({"miopenConvolutionForwardGetWorkSpaceSize",
                                "miopenConvolutionBackwardDataGetWorkSpaceSize",
                                "miopenConvolutionBackwardWeightsGetWorkSpaceSize"})
_SOFTMAX = {"miopenSoftmaxForward_V2": 9, "miopenSoftmaxBackward_V2": 11}


def _cudnn_ordered(name: str, args: list[Node] | tuple[Node, ...], at: Node, ctx: LintContext) -> bool:
    """A MIOpen convolution whose 11th argument is the host beta scalar (cuDNN's place) while
    the 9th (MIOpen's beta) is not one: the arguments are still in cuDNN's order."""
    if name not in _CUDNN_ORDER or len(args) != 13:
        return False
    _, at_cudnn = _scalar(args[10], at, ctx)
    _, at_miopen = _scalar(args[8], at, ctx)
    return at_cudnn != "unknown" and at_miopen == "unknown"


def _permute(args: list[Node], order: tuple[int, ...], ctx: LintContext) -> list[Edit]:
    return [Edit(args[i].start_byte, args[i].end_byte, ctx.text(args[j]).encode())
            for i, j in enumerate(order) if i != j]


# HP310
@detector("call_expression", emits=("HP310",))
def miopen_call_in_cudnn_order(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if not name.startswith("miopen"):
        return
    args = _args(node)
    function = node.child_by_field_name("function") or node
    title = "Put the arguments in MIOpen's order"
    if _cudnn_ordered(name, args, node, ctx):
        fix = ctx.fix("HP310", title, _permute(args, _CUDNN_ORDER[name], ctx))
        swapped = "" if name == "miopenConvolutionForward" else "; the first two tensors are also swapped"
        ctx.report("HP310", function, f"`{name}` has cuDNN's argument order (workspace before beta): MIOpen "
                   f"takes beta, the output descriptor and buffer, then the workspace{swapped}", fix)
    elif name in _WORKSPACE_QUERIES and len(args) == 7:
        drop = _drop_argument(args, 5, ctx)
        fix = ctx.fix("HP310", title, _permute(args[:3], (0, 2, 1), ctx) + [drop]) if drop is not None else None
        ctx.report("HP310", function, f"`{name}` has cuDNN's arguments: MIOpen's query takes the two tensor "
                   "descriptors the other way round and no algorithm (it sizes the Find step)", fix)
    elif name in _SOFTMAX and len(args) == _SOFTMAX[name] and "SOFTMAX" in ctx.text(args[1]).upper():
        order = (0, *range(3, len(args)), 1, 2)
        fix = ctx.fix("HP310", title, _permute(args, order, ctx))
        ctx.report("HP310", function, f"`{name}` has cuDNN's argument order: MIOpen takes the softmax "
                   "algorithm and mode last", fix)


# -- HP301 / HP302: convolutions -----------------------------------------------------------

_CONV_EXEC = {
    "cudnnConvolutionForward": "Forward", "cudnnConvolutionBackwardData": "BackwardData",
    "cudnnConvolutionBackwardFilter": "BackwardWeights", "miopenConvolutionForward": "Forward",
    "miopenConvolutionBackwardData": "BackwardData", "miopenConvolutionBackwardWeights": "BackwardWeights",
}
_CONV_SELECT = {
    "cudnnFindConvolutionForwardAlgorithm": "Forward", "cudnnFindConvolutionForwardAlgorithmEx": "Forward",
    "cudnnGetConvolutionForwardAlgorithm": "Forward", "cudnnGetConvolutionForwardAlgorithm_v7": "Forward",
    "cudnnFindConvolutionBackwardDataAlgorithm": "BackwardData",
    "cudnnFindConvolutionBackwardDataAlgorithmEx": "BackwardData",
    "cudnnGetConvolutionBackwardDataAlgorithm": "BackwardData",
    "cudnnGetConvolutionBackwardDataAlgorithm_v7": "BackwardData",
    "cudnnFindConvolutionBackwardFilterAlgorithm": "BackwardWeights",
    "cudnnFindConvolutionBackwardFilterAlgorithmEx": "BackwardWeights",
    "cudnnGetConvolutionBackwardFilterAlgorithm": "BackwardWeights",
    "cudnnGetConvolutionBackwardFilterAlgorithm_v7": "BackwardWeights",
    "miopenFindConvolutionForwardAlgorithm": "Forward",
    "miopenFindConvolutionBackwardDataAlgorithm": "BackwardData",
    "miopenFindConvolutionBackwardWeightsAlgorithm": "BackwardWeights",
}
_ALGO_CONSTANT = re.compile(r"^(?:CUDNN_CONVOLUTION_\w*ALGO\w*|miopen(?:Convolution|Transpose)\w*Algo\w*)$")


def _constant_algorithm(arg: Node, at: Node, ctx: LintContext) -> tuple[str, str]:
    """(how to show the constant, origin kind) of a convolution's algorithm argument; the kind is
    constant, local (chosen in this file) or external (a parameter, member or call result)."""
    node = _strip_casts(arg, ctx)
    text = ctx.text(node)
    if node.type == "number_literal" or (node.type == "identifier" and (_ALGO_CONSTANT.match(text)
                                                                         or text in ctx.constants)):
        return f"`{text}`", "constant"
    if node.type == "field_expression":
        base = node.child_by_field_name("argument")
        while base is not None and base.type == "subscript_expression":
            base = base.child_by_field_name("argument")
        if base is not None and base.type == "identifier" \
                and _origin(ctx.text(base), at, ctx).kind in ("local", "global"):
            return "", "local"  # perfResults[0].fwd_algo: read from a search result in this file
        return "", "external"
    if node.type != "identifier":
        return "", "external"
    origin = _origin(text, at, ctx)
    if origin.kind != "local":
        return "", "external"
    constants = []
    for value in origin.values:
        inner = _strip_casts(value, ctx) if value is not None else None
        if inner is None or not (inner.type == "number_literal" or _ALGO_CONSTANT.match(ctx.text(inner))):
            return "", "local"
        constants.append(ctx.text(inner))
    if not constants:
        return "", "local"
    return f"`{text}` (= `{constants[-1]}`)", "constant"


# HP301
@file_detector(emits=("HP301",))
def convolution_without_find(ctx: LintContext) -> None:
    calls = _calls(ctx)
    for call in calls:
        direction = _CONV_EXEC.get(call.name)
        if direction is None or len(call.args) != 13:
            continue
        library = "miopen" if call.name.startswith("miopen") else "cudnn"
        find = f"miopenFindConvolution{direction}Algorithm"
        constant, origin = _constant_algorithm(call.args[7], call.node, ctx)
        if origin == "constant":
            ctx.report("HP301", call.args[7], f"`{call.name}` runs the fixed algorithm {constant}: MIOpen "
                       f"needs the algorithm (and workspace) chosen by `{find}` on these descriptors, and "
                       "throws 'Was find executed?' without it")
            continue
        if origin != "local":
            continue
        descriptor = _key(call.args[6], ctx)
        selected = any(
            _CONV_SELECT.get(other.name) == direction and other.node.start_byte < call.node.start_byte
            and (library == "cudnn" or other.name.startswith("miopen"))
            and any(_key(a, ctx) == descriptor for a in other.args)
            for other in calls
        )
        if not selected:
            function = call.node.child_by_field_name("function")
            step = f"`{find}`" if library == "miopen" else "cuDNN Find/Get-algorithm step"
            ctx.report("HP301", function or call.node, f"`{call.name}` on `{descriptor}` has no {step} on that "
                       f"descriptor before it in this file: MIOpen refuses a convolution whose algorithm was "
                       f"not chosen by `{find}` first")


_CONV_SCALARS = {
    "cudnnConvolutionForward": (1, 10), "cudnnConvolutionBackwardData": (1, 10),
    "cudnnConvolutionBackwardFilter": (1, 10), "miopenConvolutionForward": (1, 8),
    "miopenConvolutionBackwardData": (1, 8), "miopenConvolutionBackwardWeights": (1, 8),
}
_CONV_RANK = {"cudnnSetConvolution2dDescriptor": 2, "miopenInitConvolutionDescriptor": 2,
              "cudnnSetConvolutionNdDescriptor": None, "miopenInitConvolutionNdDescriptor": None}


def _convolution_rank(descriptor: Node, ctx: LintContext) -> int | None:
    """Spatial dimensions set on a convolution descriptor in this file (None: not known)."""
    key = _key(descriptor, ctx)
    for call in _calls(ctx):
        if call.name in _CONV_RANK and call.args and _key(call.args[0], ctx) == key:
            rank = _CONV_RANK[call.name]
            if rank is None and len(call.args) > 1:
                rank = ctx.int_value(call.args[1])
            return rank
    return None


# HP302
@detector("call_expression", emits=("HP302",))
def convolution_scaling_unsupported_in_2d(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    positions = _CONV_SCALARS.get(name)
    if positions is None:
        return
    args = _args(node)
    if len(args) != 13 or _convolution_rank(args[6], ctx) not in (None, 2):
        return
    if _cudnn_ordered(name, args, node, ctx):
        positions = (1, 10)  # still in cuDNN's order (HP310)
    for index, allowed, label in ((positions[0], 1.0, "alpha"), (positions[1], 0.0, "beta")):
        scalar, values = _scalar(args[index], node, ctx)
        if values == "parameter":
            ctx.report("HP302", args[index], f"{label} of `{name}` comes from the parameter `{scalar}`: "
                       f"MIOpen runs 2-D convolutions only with alpha = 1 and beta = 0 (other values "
                       "fail with miopenStatusNotImplemented); check every caller")
        elif isinstance(values, list) and any(v != allowed for v in values):
            shown = ", ".join(f"{v:g}" for v in values if v != allowed)
            what = "accumulates into the output" if label == "beta" else "scales the result"
            ctx.report("HP302", args[index], f"{label} of `{name}` is {shown} (`{scalar}`): the call {what}, "
                       f"but MIOpen runs 2-D convolutions only with alpha = 1 and beta = 0 "
                       "(miopenStatusNotImplemented); convolve into a temporary and combine it separately")


# -- HP303: descriptor setters --------------------------------------------------------------

_MIOPEN_DTYPE = {
    "CUDNN_DATA_FLOAT": "miopenFloat", "CUDNN_DATA_HALF": "miopenHalf", "CUDNN_DATA_BFLOAT16": "miopenBFloat16",
    "CUDNN_DATA_INT8": "miopenInt8", "CUDNN_DATA_INT32": "miopenInt32", "CUDNN_DATA_DOUBLE": "miopenDouble",
}
_NCHW = ("CUDNN_TENSOR_NCHW", "miopenTensorNCHW")
_SETTER_MESSAGES = {
    "cudnnSetTensor4dDescriptor": "no HIPIFY mapping, and MIOpen's `miopenSet4dTensorDescriptor` has no format "
                                  "argument (packed NCHW only); NHWC needs "
                                  "`miopenSetNdTensorDescriptorWithLayout`",
    "cudnnSetTensorNdDescriptor": "no HIPIFY mapping; `miopenSetTensorDescriptor` takes the same (type, nbDims, "
                                  "dims, strides) arguments",
    "cudnnSetTensorNdDescriptorEx": "no HIPIFY mapping; use `miopenSetNdTensorDescriptorWithLayout` (layout after "
                                    "the data type, length last)",
    "cudnnSetFilter4dDescriptor": "no HIPIFY mapping, and MIOpen has no filter descriptor: a filter is a tensor "
                                  "descriptor (`miopenSet4dTensorDescriptor`, KCHW order)",
    "cudnnSetFilterNdDescriptor": "no HIPIFY mapping, and MIOpen has no filter descriptor: describe the filter "
                                  "with `miopenSetTensorDescriptor` or `miopenSetNdTensorDescriptorWithLayout`",
    "cudnnSetConvolution2dDescriptor": "no HIPIFY mapping; MIOpen's `miopenInitConvolutionDescriptor` takes the "
                                       "mode second and has no compute type",
    "cudnnSetConvolutionNdDescriptor": "no HIPIFY mapping; MIOpen's `miopenInitConvolutionNdDescriptor` has no "
                                       "compute type",
    "cudnnSetActivationDescriptor": "no HIPIFY mapping; `miopenSetActivationDescriptor` takes (mode, alpha, beta, "
                                    "gamma) with per-mode meanings and no NaN option",
    "cudnnSetOpTensorDescriptor": "no HIPIFY mapping, and MIOpen has no op-tensor descriptor: `miopenOpTensor` "
                                  "takes the operation directly",
    "cudnnSetPooling2dDescriptor": "renamed to `miopenSet2dPoolingDescriptor`, which has no NaN-propagation "
                                   "argument: the translated call has one argument too many",
    "cudnnSetPoolingNdDescriptor": "renamed to `miopenSetNdPoolingDescriptor`, which has no NaN-propagation "
                                   "argument: the translated call has one argument too many",
    "cudnnSetLRNDescriptor": "renamed to `miopenSetLRNDescriptor`, which also takes the LRN mode (second "
                             "argument): the translated call is one argument short",
}
# Ported calls that kept cuDNN's argument count: name -> (count, message)
_PORTED_SETTERS = {
    "miopenSet2dPoolingDescriptor": (9, "has no NaN-propagation argument: drop the third argument"),
    "miopenSetNdPoolingDescriptor": (7, "has no NaN-propagation argument: drop the third argument"),
    "miopenSetLRNDescriptor": (5, "takes the LRN mode as its second argument (`miopenLRNCrossChannel`)"),
}


def _display_setter(name: str, args: list[Node], ctx: LintContext) -> tuple[str, str] | None:
    """The MIOpen call a cuDNN setter becomes, when it is a plain reordering."""
    text = [ctx.text(a) for a in args]

    def call(function: str, dtype: str, rest: list[str]) -> tuple[str, str]:
        return f"Use `{function}`", f"{function}({text[0]}, {_MIOPEN_DTYPE.get(dtype, dtype)}, {', '.join(rest)})"

    if name == "cudnnSetTensor4dDescriptor" and len(args) == 7 and text[1] in _NCHW:
        return call("miopenSet4dTensorDescriptor", text[2], text[3:])
    if name == "cudnnSetFilter4dDescriptor" and len(args) == 7 and text[2] in _NCHW:
        return call("miopenSet4dTensorDescriptor", text[1], text[3:])
    if name == "cudnnSetTensorNdDescriptor" and len(args) == 5:
        return call("miopenSetTensorDescriptor", text[1], text[2:])
    if name == "cudnnSetConvolution2dDescriptor" and len(args) == 9 and text[7] in ("CUDNN_CROSS_CORRELATION",):
        return ("Use `miopenInitConvolutionDescriptor`",
                f"miopenInitConvolutionDescriptor({text[0]}, miopenConvolution, {', '.join(text[1:7])})")
    return None


# HP303
@detector("call_expression", emits=("HP303",))
def descriptor_setter_differs(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if not name.startswith(("cudnnSet", "miopenSet")):
        return
    args = _args(node)
    function = node.child_by_field_name("function") or node
    if name in _PORTED_SETTERS:
        count, why = _PORTED_SETTERS[name]
        if len(args) != count:
            return
        fix = None
        drop = _drop_argument(args, 2, ctx) if name != "miopenSetLRNDescriptor" else None
        if drop is not None:
            fix = ctx.fix("HP303", "Drop the cuDNN NaN-propagation argument", [drop], applicability="unsafe")
        ctx.report("HP303", function, f"`{name}` still has cuDNN's {count} arguments: MIOpen's setter {why}", fix)
        return
    message = _SETTER_MESSAGES.get(name)
    if message is None:
        return
    if name in ("cudnnSetConvolution2dDescriptor", "cudnnSetConvolutionNdDescriptor") and any(
            ctx.text(a) == "CUDNN_CONVOLUTION" for a in args):
        message = ("CUDNN_CONVOLUTION is true convolution (flipped filter), but MIOpen's only mode, "
                   "`miopenConvolution`, is cross-correlation: results differ unless the weights are "
                   "flipped; also " + message)
    fix = None
    display = _display_setter(name, args, ctx)
    if display is not None:
        fix = ctx.fix("HP303", display[0], [Edit(node.start_byte, node.end_byte, display[1].encode())],
                      applicability="display")
    ctx.report("HP303", function, f"`{name}`: {message}", fix)


# -- HP304: Find / heuristic query shape ----------------------------------------------------

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
    args = _args(node)
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


# -- HP305 / HP306 / HP307 ------------------------------------------------------------------

# HP305
@detector("call_expression", emits=("HP305",))
def backward_filter_unmapped(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in ("cudnnConvolutionBackwardFilter", "cudnnGetConvolutionBackwardFilterWorkspaceSize"):
        return
    args = _args(node)
    text = [ctx.text(a) for a in args]
    function = node.child_by_field_name("function") or node
    fix = None
    if name == "cudnnConvolutionBackwardFilter" and len(args) == 13:
        order = [0, 1, 4, 5, 2, 3, 6, 7, 10, 11, 12, 8, 9]
        suggestion = f"miopenConvolutionBackwardWeights({', '.join(text[i] for i in order)})"
        fix = ctx.fix("HP305", "Use `miopenConvolutionBackwardWeights` (arguments reordered)",
                      [Edit(node.start_byte, node.end_byte, suggestion.encode())], applicability="display")
        message = ("has no HIPIFY mapping: MIOpen's `miopenConvolutionBackwardWeights` takes dy before x "
                   "and the workspace last, and needs `miopenFindConvolutionBackwardWeightsAlgorithm` first")
    elif name == "cudnnGetConvolutionBackwardFilterWorkspaceSize" and len(args) == 7:
        order = [0, 2, 1, 3, 4, 6]
        suggestion = f"miopenConvolutionBackwardWeightsGetWorkSpaceSize({', '.join(text[i] for i in order)})"
        fix = ctx.fix("HP305", "Use `miopenConvolutionBackwardWeightsGetWorkSpaceSize` (dy first, no algorithm)",
                      [Edit(node.start_byte, node.end_byte, suggestion.encode())], applicability="display")
        message = ("has no HIPIFY mapping: MIOpen's `miopenConvolutionBackwardWeightsGetWorkSpaceSize` "
                   "takes the dy descriptor before the x descriptor and no algorithm (it sizes the Find step)")
    else:
        message = "has no HIPIFY mapping: MIOpen's counterpart has another name and argument order"
    ctx.report("HP305", function, f"`{name}` {message}", fix)


_POOLING = frozenset({"cudnnPoolingForward", "cudnnPoolingBackward", "miopenPoolingForward",
                      "miopenPoolingBackward"})


# HP306
@detector("call_expression", emits=("HP306",))
def pooling_workspace_missing(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in _POOLING:
        return
    args = _args(node)
    function = node.child_by_field_name("function") or node
    forward = name.endswith("Forward")
    if name.startswith("cudnn"):
        ctx.report("HP306", function, f"`{name}` has no HIPIFY mapping: MIOpen's pooling "
                   + ("forward also takes `do_backward`, a workspace and its size (from "
                      "`miopenPoolingGetWorkSpaceSize`), which backward max pooling reads"
                      if forward else "backward takes the workspace saved by the forward pass"))
        return
    if len(args) == (8 if forward else 12):
        ctx.report("HP306", function, f"`{name}` has cuDNN's {len(args)} arguments: MIOpen's pooling "
                   + ("forward also takes `do_backward`, a workspace and its size"
                      if forward else "backward also takes the workspace written by the forward pass"))
        return
    if forward and len(args) == 11 and ctx.text(args[8]).strip() in ("false", "0") \
            and any(c.name == "miopenPoolingBackward" for c in _calls(ctx)):
        ctx.report("HP306", args[8], "`miopenPoolingForward` runs with do_backward = false, but this file "
                   "also runs `miopenPoolingBackward`: backward max pooling reads the indices the forward "
                   "pass saves in its workspace only when do_backward is true")


_RELU = frozenset({"CUDNN_ACTIVATION_RELU", "miopenActivationRELU"})


def _activation_mode(descriptor: Node, ctx: LintContext) -> str | None:
    key = _key(descriptor, ctx)
    for call in _calls(ctx):
        if call.name in ("cudnnSetActivationDescriptor", "miopenSetActivationDescriptor") \
                and len(call.args) > 1 and _key(call.args[0], ctx) == key:
            return ctx.text(call.args[1])
    return None


# HP307
@detector("call_expression", emits=("HP307",))
def fused_conv_bias_activation_differs(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in ("cudnnConvolutionBiasActivationForward", "miopenConvolutionBiasActivationForward"):
        return
    args = _args(node)
    if len(args) != 18:
        return
    function = node.child_by_field_name("function") or node
    mode = _activation_mode(args[15], ctx)
    notes = []
    if not (_arg_is_null(args[8], ctx) and _arg_is_null(args[9], ctx)):
        notes.append("MIOpen takes no workspace here (pass nullptr, 0)")
    if mode is not None and mode not in _RELU:
        ctx.report("HP307", function, f"`{name}` uses the activation `{mode}`: MIOpen's fused "
                   "convolution + bias + activation accepts only ReLU and fails with "
                   "miopenStatusNotImplemented; use a fusion plan with that activation, or separate calls",
                   severity="error")
        return
    notes.append("MIOpen builds and compiles a fusion plan on every call and accepts only ReLU; for "
                 "repeated calls create the fusion plan once (`miopenCreateFusionPlan`)")
    ctx.report("HP307", function, f"`{name}`: " + "; ".join(notes), severity="info")


# -- HP308 / HP309 --------------------------------------------------------------------------

_BACKEND_UNMAPPED = frozenset({"cudnnBackendInitialize", "cudnnBackendPopulateCudaGraph",
                               "cudnnBackendUpdateCudaGraph"})


# HP308
@file_detector(emits=("HP308",))
def cudnn_graph_api(ctx: LintContext) -> None:
    for include in ctx.nodes({"preproc_include"}):
        path = include.child_by_field_name("path")
        if path is not None and re.search(r"cudnn_frontend\w*\.h", ctx.text(path)):
            ctx.report("HP308", path, "cudnn-frontend has no production AMD equivalent: MIOpen implements only "
                       "part of the backend graph API and hipDNN's graph API is beta; port the graphs to "
                       "MIOpen calls by hand")
    seen: set[int] = set()
    for node in ctx.nodes({"call_expression", "namespace_identifier"}):
        owner = _ancestor(node, _FUNCTION)
        key = owner.start_byte if owner is not None else -1
        if node.type == "namespace_identifier":
            if ctx.text(node) != "cudnn_frontend" or key in seen:
                continue
            seen.add(key)
            ctx.report("HP308", node, "cudnn-frontend graph code has no production AMD equivalent (hipDNN's "
                       "graph API is beta): port it to MIOpen calls or fusion plans")
            continue
        name = _callee(node, ctx)
        if not name.startswith("cudnnBackend"):
            continue
        function = node.child_by_field_name("function") or node
        if name in _BACKEND_UNMAPPED:
            ctx.report("HP308", function, f"`{name}` has no MIOpen equivalent (MIOpen's backend API lacks it)")
        elif key not in seen:
            seen.add(key)
            ctx.report("HP308", function, "cuDNN backend graph API: MIOpen (6.2+) implements the "
                       "`miopenBackend*` calls for only some operation graphs; check each graph against "
                       "MIOpen's supported patterns or port it to plain MIOpen calls", severity="warning")


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
        fix = ctx.fix("HP309", "Include <miopen/miopen.h>",
                      [Edit(path.start_byte, path.end_byte, b"<miopen/miopen.h>")])
        if _HIPDNN_INCLUDE.match(text):
            if uses_hipdnn:
                ctx.report("HP309", path, f"{text} is the retired hipDNN wrapper (hipify-perl's default output): "
                           "its hipdnn* calls need porting to MIOpen (`hipify-perl --roc` or `convert`), "
                           "then include <miopen/miopen.h>")
            else:
                ctx.report("HP309", path, f"{text} is the retired hipDNN wrapper; this file uses MIOpen", fix)
        elif text in ("<cudnn.h>", '"cudnn.h"') and uses_miopen:
            ctx.report("HP309", path, f"{text} in a file that already calls MIOpen: the port needs "
                       "<miopen/miopen.h>", fix)


# -- HP311 / HP314 / HP315 / HP316: BLAS calls ---------------------------------------------

_ROCBLAS_GEMM_EX = {  # name -> (cuBLAS argument count, index of ldc, index of compute type)
    "rocblas_gemm_ex": (19, 16, 17),
    "rocblas_gemm_batched_ex": (20, 16, 18),
    "rocblas_gemm_strided_batched_ex": (23, 18, 21),
}
_ROCBLAS_DATATYPE = {
    **{k: "rocblas_datatype_f32_r" for k in ("CUBLAS_COMPUTE_32F", "HIPBLAS_COMPUTE_32F", "CUDA_R_32F",
                                              "HIP_R_32F", "HIPBLAS_R_32F", "rocblas_compute_type_f32",
                                              "rocblas_datatype_f32_r")},
    **{k: "rocblas_datatype_f16_r" for k in ("CUBLAS_COMPUTE_16F", "HIPBLAS_COMPUTE_16F", "CUDA_R_16F",
                                              "HIP_R_16F", "HIPBLAS_R_16F", "rocblas_datatype_f16_r")},
    **{k: "rocblas_datatype_f64_r" for k in ("CUBLAS_COMPUTE_64F", "HIPBLAS_COMPUTE_64F", "CUDA_R_64F",
                                              "HIP_R_64F", "HIPBLAS_R_64F", "rocblas_datatype_f64_r")},
    **{k: "rocblas_datatype_i32_r" for k in ("CUBLAS_COMPUTE_32I", "HIPBLAS_COMPUTE_32I", "CUDA_R_32I",
                                              "HIP_R_32I", "HIPBLAS_R_32I", "rocblas_datatype_i32_r")},
}
_DEFAULT_ALGOS = frozenset({"CUBLAS_GEMM_DEFAULT", "CUBLAS_GEMM_DFALT", "HIPBLAS_GEMM_DEFAULT",
                            "rocblas_gemm_algo_standard"})


# HP311
@detector("call_expression", emits=("HP311",))
def rocblas_gemm_ex_with_cublas_arguments(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    shape = _ROCBLAS_GEMM_EX.get(name)
    if shape is None:
        return
    count, ldc, compute = shape
    args = _args(node)
    if len(args) != count:
        return
    function = node.child_by_field_name("function") or node
    message = (f"`{name}` has cuBLAS's {count} arguments: rocBLAS also takes the output D "
               "(d, d_type, ldd), a rocblas_datatype compute type, solution_index and flags")
    compute_text = ctx.text(args[compute])
    algo_text = ctx.text(args[compute + 1])
    fix = None
    if compute_text in _ROCBLAS_DATATYPE and algo_text in _DEFAULT_ALGOS:
        c_args = [ctx.text(a) for a in args[ldc - 2: ldc + 1]]
        if name == "rocblas_gemm_strided_batched_ex":
            c_args = [ctx.text(a) for a in args[ldc - 2: ldc + 2]]
            insert_after = args[ldc + 1]
        else:
            insert_after = args[ldc]
        edits = [
            Edit(insert_after.end_byte, insert_after.end_byte, (", " + ", ".join(c_args)).encode()),
            Edit(args[compute].start_byte, args[compute].end_byte, _ROCBLAS_DATATYPE[compute_text].encode()),
            Edit(args[compute + 1].start_byte, args[compute + 1].end_byte,
                 b"rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_none"),
        ]
        fix = ctx.fix("HP311", "Write the rocBLAS argument list (D = C, in place)", edits)
    ctx.report("HP311", function, message, fix)


# HP314
@detector("call_expression", emits=("HP314",))
def blas_workspace_setter_unmapped(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in ("cublasSetWorkspace", "cublasSetWorkspace_v2"):
        return
    function = node.child_by_field_name("function") or node
    if _uses(ctx, "rocblas_"):
        fix = ctx.fix("HP314", "Use `rocblas_set_workspace`",
                      [Edit(function.start_byte, function.end_byte, b"rocblas_set_workspace")])
        ctx.report("HP314", function, f"`{name}` has no hipBLAS/rocBLAS mapping; rocBLAS's "
                   "`rocblas_set_workspace(handle, addr, size)` takes the same arguments", fix)
        return
    ctx.report("HP314", function, f"`{name}` has no hipBLAS mapping: after porting, drop it (rocBLAS "
               "allocates its own workspace) or, on AMD only, call `rocblas_set_workspace` on the handle")


_GEMM_TYPES = {  # name -> (A type, B type, compute type) argument indices
    "cublasGemmEx": (8, 11, 17), "hipblasGemmEx": (8, 11, 17), "hipblasGemmEx_v2": (8, 11, 17),
    "cublasGemmBatchedEx": (8, 11, 18), "hipblasGemmBatchedEx": (8, 11, 18),
    "hipblasGemmBatchedEx_v2": (8, 11, 18),
    "cublasGemmStridedBatchedEx": (8, 12, 21), "hipblasGemmStridedBatchedEx": (8, 12, 21),
    "hipblasGemmStridedBatchedEx_v2": (8, 12, 21),
    "rocblas_gemm_ex": (8, 11, 20), "rocblas_gemm_batched_ex": (8, 11, 21),
    "rocblas_gemm_strided_batched_ex": (8, 12, 25),
}
_F16 = frozenset({"CUDA_R_16F", "HIP_R_16F", "HIPBLAS_R_16F", "rocblas_datatype_f16_r"})
_F32_COMPUTE = frozenset({"CUBLAS_COMPUTE_32F", "CUBLAS_COMPUTE_32F_PEDANTIC", "HIPBLAS_COMPUTE_32F", "CUDA_R_32F",
                          "HIP_R_32F", "HIPBLAS_R_32F", "rocblas_datatype_f32_r", "rocblas_compute_type_f32"})


def _gemm_types(name: str, args: list[Node], ctx: LintContext) -> tuple[str, str, str] | None:
    positions = _GEMM_TYPES.get(name)
    if positions is None:
        return None
    if name.startswith("rocblas_") and len(args) in (19, 20, 23):
        positions = positions[:2] + ({19: 17, 20: 18, 23: 21}[len(args)],)
    if max(positions) >= len(args):
        return None
    a, b, compute = (ctx.text(args[i]) for i in positions)
    return a, b, compute


# HP315
@detector("call_expression", emits=("HP315",))
def fp16_hpa_gemm_on_mi200(node: Node, ctx: LintContext) -> None:
    if "gfx90a" not in ctx.settings.arches:
        return
    name = _callee(node, ctx)
    if name not in _GEMM_TYPES:
        return
    args = _args(node)
    types = _gemm_types(name, args, ctx)
    if types is None or types[0] not in _F16 or types[1] not in _F16 or types[2] not in _F32_COMPUTE:
        return
    if any("fp16_alt_impl" in ctx.text(a).lower() for a in args):
        return
    function = node.child_by_field_name("function") or node
    ctx.report("HP315", function, f"`{name}` multiplies fp16 inputs with fp32 compute: on gfx90a (MI200) "
               "the fp16 matrix instructions flush fp16 denormal inputs and outputs to zero; if small values "
               "matter (gradients), pass `rocblas_gemm_flags_fp16_alt_impl` (hipBLAS: "
               "`HIPBLAS_GEMM_FLAGS_FP16_ALT_IMPL` with `hipblasGemmExWithFlags`)")


# HP316
@detector("call_expression", emits=("HP316",))
def grouped_gemm_unmapped(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in ("cublasGemmGroupedBatchedEx", "cublasGemmGroupedBatchedEx_64"):
        return
    function = node.child_by_field_name("function") or node
    ctx.report("HP316", function, f"`{name}` has no hipBLAS/rocBLAS equivalent: loop over the groups with "
               "`hipblasGemmBatchedEx` (one call per group shape) or use hipBLASLt's grouped GEMM extension")


_TENSOR_OP_ALGO = re.compile(r"^CUBLAS_GEMM_(?:DEFAULT_TENSOR_OP|DFALT_TENSOR_OP|ALGO\d+(?:_TENSOR_OP)?)$")
_NARROW_TYPES = re.compile(r"^(?:CUDA|HIP)_R_(?:16F|16BF|8I|8U|8F_\w+)$|^HIPBLAS_R_(?:16F|16B|8I)$")


# HP316
@detector("identifier", emits=("HP316",))
def gemm_algorithm_unmapped(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"CUBLAS_GEMM_",)):
        return
    text = ctx.text(node)
    if not _TENSOR_OP_ALGO.match(text):
        return
    call = _ancestor(node, frozenset({"call_expression"}))
    name = _callee(call, ctx) if call is not None else ""
    if name.startswith("hipblas") or (not name and _uses(ctx, "hipblas")):
        default = "HIPBLAS_GEMM_DEFAULT"
    elif name.startswith("rocblas_") or (not name and _uses(ctx, "rocblas_")):
        default = "rocblas_gemm_algo_standard"
    else:
        default = "CUBLAS_GEMM_DEFAULT"
    safe = False
    if text == "CUBLAS_GEMM_DEFAULT_TENSOR_OP" and call is not None and name in _GEMM_TYPES:
        types = _gemm_types(name, _args(call), ctx)
        safe = types is not None and bool(_NARROW_TYPES.match(types[0]) and _NARROW_TYPES.match(types[1]))
    fix = ctx.fix("HP316", f"Use `{default}`", [Edit(node.start_byte, node.end_byte, default.encode())],
                  applicability=None if safe else "unsafe")
    kind = "an explicit cuBLAS algorithm" if "ALGO" in text else "the deprecated tensor-op default"
    ctx.report("HP316", node, f"`{text}` is {kind}: it has no hipBLAS/rocBLAS mapping, and hipBLAS on AMD "
               "accepts only HIPBLAS_GEMM_DEFAULT", fix)


# -- HP312 / HP313 / HP317: enum values -----------------------------------------------------

_TF32_COMPUTE = frozenset({"CUBLAS_COMPUTE_32F_FAST_TF32", "HIPBLAS_COMPUTE_32F_FAST_TF32"})
_TF32_MATH = frozenset({"CUBLAS_TF32_TENSOR_OP_MATH", "HIPBLAS_TF32_TENSOR_OP_MATH"})
_XF32_ARCHES = frozenset({"gfx940", "gfx941", "gfx942"})
_BLAS_GEMM = re.compile(r"^(?:cublas|hipblas)Gemm\w*Ex(?:_v2|_64)?$|^rocblas_gemm\w*_ex$")
_LT_CALL = re.compile(r"^(?:cublasLt|hipblasLt)\w+")


def _enclosing_call_name(node: Node, ctx: LintContext) -> str:
    call = _ancestor(node, frozenset({"call_expression"}))
    while call is not None:
        name = _callee(call, ctx)
        if _BLAS_GEMM.match(name) or _LT_CALL.match(name) or name.endswith(("SetMathMode", "set_math_mode")):
            return name
        call = _ancestor(call, frozenset({"call_expression"}))
    return ""


# HP312
@detector("identifier", emits=("HP312",))
def tf32_requested(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"CUBLAS_", b"HIPBLAS_")):
        return
    text = ctx.text(node)
    if text not in _TF32_COMPUTE and text not in _TF32_MATH:
        return
    call = _enclosing_call_name(node, ctx)
    xf32 = bool(_XF32_ARCHES & set(ctx.settings.arches))
    if text in _TF32_MATH:
        fix = None
        if call == "rocblas_set_math_mode":
            fix = ctx.fix("HP312", "Use `rocblas_xf32_xdl_math_op`",
                          [Edit(node.start_byte, node.end_byte, b"rocblas_xf32_xdl_math_op")])
        elif text.startswith("HIPBLAS"):
            fix = ctx.fix("HP312", "Use `HIPBLAS_XF32_XDL_MATH`",
                          [Edit(node.start_byte, node.end_byte, b"HIPBLAS_XF32_XDL_MATH")], applicability="unsafe")
        ctx.report("HP312", node, f"`{text}` asks for TF32: hipBLAS on AMD rejects this math mode "
                   "(HIPBLAS_STATUS_NOT_SUPPORTED); AMD's counterpart is XF32 (`HIPBLAS_XF32_XDL_MATH`, "
                   "`rocblas_xf32_xdl_math_op`), which runs on gfx940-942 and is ignored elsewhere", fix)
        return
    lt = bool(_LT_CALL.match(call)) or (not call and (_uses(ctx, "cublasLt") or _uses(ctx, "hipblasLt"))
                                         and not any(_BLAS_GEMM.match(c.name) for c in _calls(ctx)))
    if lt:
        if xf32:
            ctx.report("HP312", node, f"`{text}` in hipBLASLt runs as XF32 on gfx940-942: close to TF32 "
                       "but not bit-identical; compare results against the NVIDIA run", severity="info")
        else:
            targets = ", ".join(ctx.settings.arches)
            ctx.report("HP312", node, f"`{text}`: {targets} has no XF32/TF32 matrix path, so hipBLASLt falls "
                       "back to full FP32 (correct, but several times slower than TF32 on NVIDIA)",
                       severity="warning")
        return
    if _BLAS_GEMM.match(call):
        fix = None
        if text.startswith("HIPBLAS") and call.startswith("hipblas"):
            fix = ctx.fix("HP312", "Use `HIPBLAS_COMPUTE_32F`",
                          [Edit(node.start_byte, node.end_byte, b"HIPBLAS_COMPUTE_32F")], applicability="unsafe")
        hint = " and `hipblasSetMathMode(handle, HIPBLAS_XF32_XDL_MATH)` for XF32" if xf32 else ""
        ctx.report("HP312", node, f"`{text}` in `{call}`: hipBLAS/rocBLAS on AMD do not accept a TF32 compute "
                   f"type (HIPBLAS_STATUS_NOT_SUPPORTED); use HIPBLAS_COMPUTE_32F{hint}", fix)
        return
    ctx.report("HP312", node, f"`{text}` asks for TF32: hipBLAS GEMMs on AMD reject it "
               "(HIPBLAS_STATUS_NOT_SUPPORTED) while hipBLASLt maps it to XF32 (gfx940-942 only)",
               severity="warning")


# HP312
@detector("call_expression", emits=("HP312",))
def convolution_tensor_op_math(node: Node, ctx: LintContext) -> None:
    if _callee(node, ctx) != "cudnnSetConvolutionMathType":
        return
    args = _args(node)
    if len(args) != 2 or not ctx.text(args[1]).startswith("CUDNN_TENSOR_OP_MATH"):
        return
    ctx.report("HP312", args[1], f"`{ctx.text(args[1])}` lets cuDNN run FP32 convolutions in TF32: MIOpen has "
               "no math-type setting (no HIPIFY mapping); remove the call, FP32 convolutions stay FP32 on AMD",
               severity="warning")


_LT_UNSUPPORTED = {
    "CUBLASLT_EPILOGUE_DRELU": "epilogue", "CUBLASLT_EPILOGUE_DRELU_BGRAD": "epilogue",
    "CUBLASLT_EPILOGUE_RELU_AUX": "epilogue", "CUBLASLT_EPILOGUE_RELU_AUX_BIAS": "epilogue",
    "CUBLASLT_MATMUL_DESC_FAST_ACCUM": "fast-accum",
    **{f"CUBLASLT_MATMUL_DESC_{a}": "attribute" for a in (
        "ALPHA_VECTOR_BATCH_STRIDE", "ATOMIC_SYNC_IN_COUNTERS_POINTER", "ATOMIC_SYNC_NUM_CHUNKS_D_COLS",
        "ATOMIC_SYNC_NUM_CHUNKS_D_ROWS", "ATOMIC_SYNC_OUT_COUNTERS_POINTER", "BIAS_BATCH_STRIDE",
        "EPILOGUE_AUX_AMAX_POINTER", "EPILOGUE_AUX_DATA_TYPE", "FILL_MODE", "SM_COUNT_TARGET", "TRANSC")},
}


def _whole_statement(call: Node) -> Node | None:
    """The expression statement that consists of this call (possibly inside one CHECK(...) macro)."""
    parent = call.parent
    if parent is not None and parent.type == "argument_list" and len(parent.named_children) == 1:
        parent = parent.parent.parent if parent.parent is not None else None
    return parent if parent is not None and parent.type == "expression_statement" else None


def _remove_statement(statement: Node, ctx: LintContext) -> Edit:
    data = ctx.data
    start, end = statement.start_byte, statement.end_byte
    line_start = data.rfind(b"\n", 0, start) + 1
    line_end = data.find(b"\n", end)
    line_end = len(data) if line_end < 0 else line_end
    rest = data[end:line_end]
    if not data[line_start:start].strip() and not rest.strip():
        return Edit(line_start, min(line_end + 1, len(data)), b"")
    if rest.strip().startswith((b"//", b"/*")):
        return Edit(start, end + len(rest) - len(rest.lstrip()), b"")  # keep the trailing comment
    return Edit(start, end, b"")


# HP313
@detector("identifier", emits=("HP313",))
def cublaslt_feature_unsupported(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"CUBLASLT_",)):
        return
    text = ctx.text(node)
    kind = _LT_UNSUPPORTED.get(text)
    if kind is None:
        return
    if kind == "epilogue":
        ctx.report("HP313", node, f"`{text}` has no hipBLASLt epilogue (hipBLASLt has RELU, GELU, BIAS, "
                   "GELU_AUX, DGELU, BGRADA/B): run the matmul with a supported epilogue and apply the "
                   "ReLU part in a separate elementwise kernel")
        return
    if kind == "attribute":
        ctx.report("HP313", node, f"`{text}` has no hipBLASLt matmul attribute: drop it or handle it outside "
                   "the matmul")
        return
    fix = None
    call = _ancestor(node, frozenset({"call_expression"}))
    if call is not None and _callee(call, ctx) == "hipblasLtMatmulDescSetAttribute":
        statement = _whole_statement(call)
        if statement is not None:
            fix = ctx.fix("HP313", "Remove the FAST_ACCUM attribute", [_remove_statement(statement, ctx)],
                          applicability="unsafe")
    ctx.report("HP313", node, f"`{text}` has no hipBLASLt attribute: drop it (hipBLASLt has no "
               "fast-accumulation switch for FP8)", fix)


_FP8_TYPES = frozenset({"CUDA_R_8F_E4M3", "CUDA_R_8F_E5M2", "HIP_R_8F_E4M3", "HIP_R_8F_E5M2"})
_OCP_FP8_ARCHES = frozenset({"gfx950", "gfx1200", "gfx1201"})


# HP317
@detector("identifier", emits=("HP317",))
def fp8_gemm_type_differs(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"CUDA_R_8F", b"HIP_R_8F")):
        return
    text = ctx.text(node)
    if text not in _FP8_TYPES:
        return
    arches = set(ctx.settings.arches)
    fnuz = sorted(arches & _XF32_ARCHES)
    without = sorted(arches - _XF32_ARCHES - _OCP_FP8_ARCHES)
    if fnuz:
        ctx.report("HP317", node, f"`{text}` is the OCP FP8 format; {', '.join(fnuz)} GEMMs take only the FNUZ "
                   "formats (`HIP_R_8F_E4M3_FNUZ` / `HIP_R_8F_E5M2_FNUZ`: other exponent bias, no infinities, "
                   "one NaN), so data and scales must be converted, not just retyped")
    elif without:
        ctx.report("HP317", node, f"`{text}`: {', '.join(without)} has no FP8 matrix instructions and hipBLASLt "
                   "has no FP8 GEMMs for it; keep an fp16/bf16 path for these targets")


# -- HP321 / HP322: graphs ------------------------------------------------------------------

_CAPTURE_BEGIN = frozenset({"cudaStreamBeginCapture", "hipStreamBeginCapture", "cudaStreamBeginCaptureToGraph",
                            "hipStreamBeginCaptureToGraph", "cuStreamBeginCapture"})
_CAPTURE_END = frozenset({"cudaStreamEndCapture", "hipStreamEndCapture", "cuStreamEndCapture"})


def _graph_unsafe_library(name: str) -> str | None:
    if name.startswith(("miopen", "cudnn")):
        return "MIOpen"
    if name.startswith("thrust::"):
        return "rocThrust"
    if name.startswith("ck::"):
        return "Composable Kernel"
    if name.lower().startswith("hiptensor"):
        return "hipTensor"
    return None


# HP321
@file_detector(emits=("HP321",))
def graph_unsafe_library_in_capture(ctx: LintContext) -> None:
    calls = _calls(ctx)
    begins = [c for c in calls if c.name in _CAPTURE_BEGIN]
    for begin in begins:
        function = _ancestor(begin.node, _FUNCTION)
        if function is None:
            continue
        end = next((c for c in calls if c.name in _CAPTURE_END and c.node.start_byte > begin.node.end_byte
                    and _inside(c.node, function)), None)
        if end is None:
            continue
        for call in calls:
            if not (begin.node.end_byte <= call.node.start_byte and call.node.end_byte <= end.node.start_byte):
                continue
            function_node = call.node.child_by_field_name("function") or call.node
            if function_node.type == "field_expression":
                continue  # a method call such as thrust::cuda::par.on(stream) builds a policy
            library = _graph_unsafe_library(call.name)
            if library is None:
                continue
            ctx.report("HP321", function_node, f"`{call.name}` runs during stream capture, but {library} is not "
                       "graph-safe on ROCm: keep it outside the captured region (or run it eagerly)")


_GRAPH_UNSUPPORTED = frozenset({
    "cudaGraphConditionalHandle", "cudaGraphConditionalHandleCreate", "cudaGraphConditionalHandleFlags",
    "cudaGraphConditionalNodeType", "cudaGraphCondTypeIf", "cudaGraphCondTypeWhile", "cudaGraphCondTypeSwitch",
    "cudaGraphCondAssignDefault", "cudaGraphSetConditional", "cudaConditionalNodeParams",
    "cudaGraphNodeTypeConditional", "cudaGraphDeviceNode_t", "cudaGraphKernelNodeUpdate",
    "cudaGraphKernelNodeField", "cudaGraphKernelNodeFieldEnabled", "cudaGraphKernelNodeFieldGridDim",
    "cudaGraphKernelNodeFieldParam", "cudaGraphKernelNodeFieldInvalid", "cudaGraphKernelNodeUpdatesApply",
    "cudaGraphAddDependencies_v2", "cudaGraphAddNode_v2", "cudaGraphGetEdges_v2",
    "cudaGraphNodeGetDependencies_v2", "cudaGraphNodeGetDependentNodes_v2", "cudaGraphRemoveDependencies_v2",
    "cudaStreamGetCaptureInfo_v3", "cudaStreamUpdateCaptureDependencies_v2",
    "cudaGraphExecUpdateResultInfo", "cudaGraphExecUpdateResultInfo_st",
    "cuGraphConditionalHandleCreate", "CUgraphConditionalHandle", "CUgraphConditionalNodeType",
    "cuGraphAddDependencies_v2", "cuGraphAddNode_v2", "cuGraphGetEdges_v2", "cuGraphNodeGetDependencies_v2",
    "cuGraphNodeGetDependentNodes_v2", "cuGraphRemoveDependencies_v2", "cuStreamGetCaptureInfo_v3",
    "cuStreamUpdateCaptureDependencies_v2",
})


def _graph_feature(name: str) -> str:
    if "Cond" in name or "Conditional" in name:
        return "conditional graph nodes are not supported by HIP graphs"
    if "DeviceNode" in name or "KernelNodeField" in name or "KernelNodeUpdate" in name:
        return "device-side graph updates are not supported by HIP graphs"
    if name.startswith("cudaGraphExecUpdateResultInfo"):
        return ("HIP's hipGraphExecUpdate has the CUDA 11 signature (error node and result out-parameters), "
                "not the CUDA 12 result-info struct")
    return "the edge-data (_v2/_v3) graph APIs are not in HIP; use the plain variants without edge data"


# HP322
@detector("identifier", "type_identifier", emits=("HP322",))
def cuda_graph_feature_unsupported(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"cudaGraph", b"cudaStream", b"cudaConditional", b"cuGraph", b"cuStream",
                               b"CUgraph")):
        return
    text = ctx.text(node)
    if text not in _GRAPH_UNSUPPORTED:
        return
    ctx.report("HP322", node, f"`{text}`: {_graph_feature(text)}")


# -- HP324 / HP325: launch overhead and fusion ----------------------------------------------

_LOOPS = frozenset({"for_statement", "while_statement", "do_statement", "for_range_loop"})
_HOST_SYNC = re.compile(r"^(?:cuda|hip)(?:DeviceSynchronize|StreamSynchronize|EventSynchronize|Memcpy|Memset|"
                        r"Malloc|Free|MemcpyToSymbol|MemcpyFromSymbol|StreamQuery|EventQuery|GraphLaunch|"
                        r"StreamBeginCapture)$")
_DEFAULT_STREAM = frozenset({"", "0", "nullptr", "NULL", "cudaStreamDefault", "hipStreamDefault",
                             "cudaStreamLegacy", "hipStreamLegacy"})
LAUNCHES_PER_ITERATION = 4


# HP324
@file_detector(emits=("HP324",))
def launch_bound_loop(ctx: LintContext) -> None:
    by_loop: dict[int, tuple[Node, list]] = {}
    for launch in ctx.launches:
        loop = _ancestor(launch.node, _LOOPS | _FUNCTION)
        if loop is None or loop.type == "function_definition":
            continue
        function = _ancestor(loop, _FUNCTION)
        if function is not None and any(c.type in ("__global__", "__device__") for c in function.children):
            continue
        by_loop.setdefault(loop.start_byte, (loop, []))[1].append(launch)
    for loop, launches in by_loop.values():
        if len(launches) < LAUNCHES_PER_ITERATION:
            continue
        streams = {_squash(ctx.text(l.config[3])) if len(l.config) > 3 else "" for l in launches}
        streams = {"default" if s in _DEFAULT_STREAM else s for s in streams}
        if len(streams) != 1:
            continue
        if any(_HOST_SYNC.match(c.name) and _inside(c.node, loop) for c in _calls(ctx)):
            continue
        names = ", ".join(dict.fromkeys(l.kernel or "?" for l in launches))
        keyword = loop.children[0] if loop.children else loop
        stream = streams.pop()
        where = "the default stream" if stream == "default" else f"stream `{stream}`"
        ctx.report("HP324", keyword, f"{len(launches)} kernel launches per iteration on {where} with no host "
                   f"synchronisation ({names}): launch overhead dominates small kernels; fuse them (robust on "
                   "both vendors) or capture the body in a HIP graph behind a measured A/B switch (graph replay "
                   "is not automatically faster on ROCm)")


_CONV_OUTPUT = {"cudnnConvolutionForward": 12, "miopenConvolutionForward": 10}
_BIAS_ADD = {"cudnnAddTensor": 6, "miopenConvolutionForwardBias": 6, "miopenOpTensor": 10}
_ACTIVATION_INPUT = {"cudnnActivationForward": 4, "miopenActivationForward": 4}
_GEMM_OUTPUT = {"cublasSgemm": 12, "cublasSgemm_v2": 12, "cublasHgemm": 12, "hipblasSgemm": 12, "hipblasHgemm": 12,
                "rocblas_sgemm": 12, "rocblas_hgemm": 12, "cublasGemmEx": 14, "hipblasGemmEx": 14,
                "hipblasGemmEx_v2": 14}
_EPILOGUE_KERNEL = re.compile(r"bias|relu|gelu|silu|swish|activation", re.IGNORECASE)


def _mentions(call_args: list[Node] | tuple[Node, ...], key: str, ctx: LintContext) -> bool:
    return any(_key(a, ctx) == key for a in call_args)


def _later_in_function(ctx: LintContext, after: Node) -> list[tuple[Node, str, list[Node]]]:
    """Calls and launches after `after` in its function: (node, name, arguments)."""
    function = _ancestor(after, _FUNCTION)
    if function is None:
        return []
    launches = {l.node.start_byte: l for l in ctx.launches}
    found = []
    for call in _calls(ctx):
        if call.node.start_byte <= after.end_byte or not _inside(call.node, function):
            continue
        launch = launches.get(call.node.start_byte)
        if launch is not None:
            args = _args(call.node)
            kernel_args = args[5:] if call.name.startswith("hipLaunch") else args
            found.append((call.node, "<<<" + launch.kernel, kernel_args))
        else:
            found.append((call.node, call.name, list(call.args)))
    return found


# HP325
@file_detector(emits=("HP325",))
def fusable_op_chain(ctx: LintContext) -> None:
    for call in _calls(ctx):
        if call.name in _CONV_OUTPUT and len(call.args) == 13:
            index = 12 if _cudnn_ordered(call.name, call.args, call.node, ctx) else _CONV_OUTPUT[call.name]
            output = _key(call.args[index], ctx)
            chain = [c for c in _later_in_function(ctx, call.node) if _mentions(c[2], output, ctx)]
            if len(chain) < 2:
                continue
            (_, bias_name, bias_args), (_, act_name, act_args) = chain[0], chain[1]
            if bias_name not in _BIAS_ADD or len(bias_args) <= _BIAS_ADD[bias_name] \
                    or _key(bias_args[_BIAS_ADD[bias_name]], ctx) != output:
                continue
            if act_name not in _ACTIVATION_INPUT or len(act_args) <= 4 or _key(act_args[4], ctx) != output:
                continue
            function = call.node.child_by_field_name("function") or call.node
            ctx.report("HP325", function, f"`{call.name}` -> `{bias_name}` -> `{act_name}` on `{output}`: three "
                       "passes over the output; fuse them (cuDNN: cudnnConvolutionBiasActivationForward; MIOpen: a "
                       "fusion plan with conv, bias and activation ops, compiled once)")
        elif call.name in _GEMM_OUTPUT and len(call.args) > _GEMM_OUTPUT[call.name]:
            output = _key(call.args[_GEMM_OUTPUT[call.name]], ctx)
            chain = [c for c in _later_in_function(ctx, call.node) if _mentions(c[2], output, ctx)]
            if not chain or not chain[0][1].startswith("<<<"):
                continue
            kernel = chain[0][1][3:]
            if not _EPILOGUE_KERNEL.search(kernel):
                continue
            function = call.node.child_by_field_name("function") or call.node
            ctx.report("HP325", function, f"`{call.name}` is followed by the kernel `{kernel}` on its output "
                       f"`{output}`: a GEMM epilogue (hipBLASLt / cuBLASLt BIAS, RELU_BIAS, GELU_BIAS) saves "
                       "a launch and a pass over the output")
