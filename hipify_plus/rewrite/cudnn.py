"""cuDNN -> MIOpen ports that renaming cannot do: descriptor setters with other argument lists,
the Find step MIOpen requires before a convolution, the heuristic algorithm query, and the fused
convolution + bias + activation as a fusion plan.

What the MIOpen headers and sources say (rocm-5.7.1, rocm-6.2.2 and 2d1fd99, about ROCm 6.3;
every rendered call compiled against all three with hipcc 5.7 for gfx90a):

- `miopenConvolution{Forward,BackwardData,BackwardWeights}` run only an algorithm that
  `miopenFindConvolution*Algorithm` chose for the same problem on the same handle (the convolution
  looks up what Find registered). Find runs the candidates on real buffers and a workspace, writes
  the output, and keeps to the workspace it is given; `miopenConvolution*GetWorkSpaceSize`
  (forward: the filter descriptor before the input's) gives the size Find and the convolution
  need, following the same find mode as Find itself (src/convolution.cpp GetWorkSpaceSize).
- cuDNN's Find allocates the buffers it times on; MIOpen's takes them from the caller (and then
  registers what it found for those descriptors on that handle).
- There is no heuristic-only Find: the nearest query is immediate mode,
  `miopenConvolutionForwardGetSolution` (filter before input), whose `miopenConvAlgorithm_t`
  values equal `miopenConvFwdAlgorithm_t`'s.
- `miopenSet4dTensorDescriptor` has no layout argument (packed NCHW);
  `miopenSetNdTensorDescriptorWithLayout` takes the lengths in N, C, H, W order and the layout
  (NHWC strides are computed from it, src/tensor.cpp). A filter is a tensor descriptor.
- `miopenInitConvolutionDescriptor(d, mode, pad_h, pad_w, u, v, dilation_h, dilation_w)`: the
  mode comes second and there is no compute type; `miopenConvolution` is cross-correlation, and
  no mode flips the filter (cuDNN's CUDNN_CONVOLUTION).
- `miopenSetActivationDescriptor(d, mode, alpha, beta, gamma)`: TANH is beta * tanh(alpha * x)
  (cuDNN's tanh(x) is alpha = beta = 1), CLIPPEDRELU min(alpha, max(0, x)) and ELU
  alpha * (e^x - 1) take cuDNN's coef as alpha, RELU, LOGISTIC and PASTHRU use no parameter
  (src/kernels/activation_functions.h); there is no NaN option.
- `miopenConvolutionBiasActivationForward` is not cuDNN's call: 5.7.1 rejects alpha2 != 1 and
  any z, later releases always add alpha2 * z, and each call builds and compiles a fusion plan.
  The fusion-plan API (create, conv/bias/activation ops, compile, operator args, execute) is the
  same in all three, and an unfusable problem fails at compile time.

Only MIOpen-side facts and renderings live here; the detectors in
hipify_plus/lint/detectors/libraries/ find the calls, prove the preconditions and turn plans
into findings and edits.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from hipify_plus import templates

# -- the support block ----------------------------------------------------------------------

PROBLEM = "HIPIFY_PLUS_MIOPEN_PROBLEM"
FIND = "HIPIFY_PLUS_MIOPEN_FIND"
FORWARD = "HIPIFY_PLUS_MIOPEN_FORWARD"
BACKWARD_DATA = "HIPIFY_PLUS_MIOPEN_BACKWARD_DATA"
BACKWARD_WEIGHTS = "HIPIFY_PLUS_MIOPEN_BACKWARD_WEIGHTS"
HEURISTIC = "HIPIFY_PLUS_MIOPEN_HEURISTIC"
SEARCH = "HIPIFY_PLUS_MIOPEN_SEARCH"
LAYOUT = "HIPIFY_PLUS_MIOPEN_LAYOUT"
FUSION = "HIPIFY_PLUS_MIOPEN_FUSION"
PARTS = (PROBLEM, FIND, FORWARD, BACKWARD_DATA, BACKWARD_WEIGHTS, HEURISTIC, SEARCH, LAYOUT, FUSION)
_NEEDS = {
    FIND: (PROBLEM,),
    FORWARD: (PROBLEM, FIND),
    BACKWARD_DATA: (PROBLEM, FIND),
    BACKWARD_WEIGHTS: (PROBLEM, FIND),
    FUSION: (PROBLEM, FIND, FORWARD),
}
GUARD_PREFIX = "HIPIFY_PLUS_MIOPEN_"


def missing_parts(wanted: Iterable[str], present: Iterable[str]) -> tuple[str, ...]:
    """The parts to add, in the order they must appear, for `wanted` with what their code uses,
    leaving out those the file has already."""
    needed = set()
    for part in wanted:
        needed.add(part)
        needed.update(_NEEDS.get(part, ()))
    have = set(present)
    return tuple(p for p in PARTS if p in needed and p not in have)


def support_block(parts: Sequence[str]) -> bytes:
    return templates.render("cudnn/miopen_support.h.j2", parts=list(parts))


# -- convolutions through Find ------------------------------------------------------------


@dataclass(frozen=True)
class Wrapper:
    function: str  # the support function the call becomes
    part: str
    algorithm_index: int  # the MIOpen call's algorithm argument, which the function drops
    find: str  # the Find call it runs


CONVOLUTIONS = {
    "miopenConvolutionForward": Wrapper(
        "hipify_plus_miopen::convolution_forward", FORWARD, 7, "miopenFindConvolutionForwardAlgorithm"
    ),
    "miopenConvolutionBackwardData": Wrapper(
        "hipify_plus_miopen::convolution_backward_data", BACKWARD_DATA, 7, "miopenFindConvolutionBackwardDataAlgorithm"
    ),
    "miopenConvolutionBackwardWeights": Wrapper(
        "hipify_plus_miopen::convolution_backward_weights",
        BACKWARD_WEIGHTS,
        7,
        "miopenFindConvolutionBackwardWeightsAlgorithm",
    ),
}
# The wrappers' alpha and beta positions (the MIOpen call's, less the algorithm).
WRAPPER_SCALARS = {w.function: (1, 7) for w in CONVOLUTIONS.values()}
HEURISTIC_FUNCTION = "hipify_plus_miopen::convolution_forward_heuristic"
SEARCH_FUNCTION = "hipify_plus_miopen::find_convolution_forward_algorithm"
FUSED_FUNCTION = "hipify_plus_miopen::convolution_bias_activation_forward"
# cudnnConvolutionBiasActivationForward's arguments the fused function keeps, by position:
# handle, xDesc, x, wDesc, w, convDesc, workSpace, size, biasDesc, bias, activationDesc, yDesc, y
# (alpha1 = 1 and alpha2 = 0 are proven, so alpha1, algo, alpha2, zDesc and z go).
FUSED_KEPT = (0, 2, 3, 4, 5, 6, 8, 9, 13, 14, 15, 16, 17)


# -- enumerators --------------------------------------------------------------------------

# cuDNN spellings of what the descriptor setters take, for code linted before conversion
# (convert has renamed them already): rules/mappings/cudnn.tsv's MIOpen names.
_MIOPEN_ENUMERATORS = {
    "CUDNN_DATA_FLOAT": "miopenFloat",
    "CUDNN_DATA_HALF": "miopenHalf",
    "CUDNN_DATA_BFLOAT16": "miopenBFloat16",
    "CUDNN_DATA_INT8": "miopenInt8",
    "CUDNN_DATA_INT32": "miopenInt32",
    "CUDNN_DATA_DOUBLE": "miopenDouble",
    "CUDNN_DATA_INT64": "miopenInt64",
    "CUDNN_DATA_INT8x4": "miopenInt8x4",
    "CUDNN_DATA_FP8_E4M3": "miopenFloat8",
    "CUDNN_DATA_FP8_E5M2": "miopenBFloat8",
    "CUDNN_TENSOR_NCHW": "miopenTensorNCHW",
    "CUDNN_TENSOR_NHWC": "miopenTensorNHWC",
    "CUDNN_CROSS_CORRELATION": "miopenConvolution",
    "CUDNN_ACTIVATION_SIGMOID": "miopenActivationLOGISTIC",
    "CUDNN_ACTIVATION_RELU": "miopenActivationRELU",
    "CUDNN_ACTIVATION_TANH": "miopenActivationTANH",
    "CUDNN_ACTIVATION_CLIPPED_RELU": "miopenActivationCLIPPEDRELU",
    "CUDNN_ACTIVATION_ELU": "miopenActivationELU",
    "CUDNN_ACTIVATION_IDENTITY": "miopenActivationPASTHRU",
}
_NAME = re.compile(r"^[A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*)*$")  # a variable or member, no call


def miopen_enumerator(text: str) -> str:
    text = text.strip()
    return _MIOPEN_ENUMERATORS.get(text, text)


def _variable(text: str) -> bool:
    """A name (or member access) that is not an enumerator of cuDNN or MIOpen: evaluated once, no
    side effects, value known only at run time."""
    text = text.strip()
    return bool(_NAME.match(text)) and not text.startswith(("CUDNN_", "cudnn", "miopen", "MIOPEN_"))


# -- descriptor setters ---------------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    """A rewritten call, as changes to the cuDNN call's arguments (positions in it), so that the
    comments and line breaks between them stay: the function it calls now, arguments replaced,
    text inserted before an argument, arguments dropped; plus the support parts it uses."""

    function: str
    original: tuple[str, ...]  # the cuDNN call's arguments
    replacements: dict[int, str] = field(default_factory=dict)
    insertions: dict[int, str] = field(default_factory=dict)  # before argument i: "text, "
    drops: tuple[int, ...] = ()
    parts: tuple[str, ...] = ()
    note: str = ""  # what the MIOpen call has no place for, for the fix's title

    @property
    def arguments(self) -> tuple[str, ...]:
        out: list[str] = []
        for i, text in enumerate(self.original):
            if i in self.insertions:
                out.append(self.insertions[i])
            if i not in self.drops:
                out.append(self.replacements.get(i, text.strip()))
        return tuple(out)

    def render(self) -> bytes:
        """The whole call, for messages and suggestions."""
        return templates.render("cudnn/call.j2", function=self.function, arguments=list(self.arguments))


@dataclass(frozen=True)
class Refusal:
    """No rewrite is right: why, and what to do."""

    reason: str


def tensor_4d(arguments: Sequence[str], *, filter_order: bool = False) -> Call | Refusal:
    """cudnnSetTensor4dDescriptor(d, format, type, n, c, h, w), or with `filter_order`
    cudnnSetFilter4dDescriptor(d, type, format, k, c, r, s)."""
    if len(arguments) != 7:
        return Refusal(f"it has {len(arguments)} arguments, not cuDNN's 7")
    layout_at, type_at = (2, 1) if filter_order else (1, 2)
    layout = miopen_enumerator(arguments[layout_at])
    dtype = miopen_enumerator(arguments[type_at])
    original = tuple(arguments)
    if dtype.startswith("CUDNN_"):
        return Refusal(f"MIOpen has no data type for `{dtype}`")
    if layout == "miopenTensorNCHW":
        return Call(
            "miopenSet4dTensorDescriptor",
            original,
            {type_at: dtype},
            drops=(layout_at,),
            note="NCHW is its only layout",
        )
    if layout == "miopenTensorNHWC" or _variable(layout):
        # the helper takes (desc, type, layout, sizes): the filter setter's order already
        return Call("hipify_plus_miopen::set_4d_tensor_with_layout", original, {1: dtype, 2: layout}, parts=(LAYOUT,))
    return Refusal(
        f"MIOpen has no layout for `{layout}` (CUDNN_TENSOR_NCHW_VECT_C packs int8 vectors: "
        "describe it with miopenSetNdTensorDescriptorWithLayout and miopenTensorNCHWc4/c8 by hand)"
    )


def convolution_2d(arguments: Sequence[str]) -> Call | Refusal:
    """cudnnSetConvolution2dDescriptor(d, pad_h, pad_w, u, v, dilation_h, dilation_w, mode, computeType),
    or cuDNN 5's form without the compute type."""
    if len(arguments) not in (8, 9):
        return Refusal(f"it has {len(arguments)} arguments, not cuDNN's 9 (or cuDNN 5's 8)")
    mode = miopen_enumerator(arguments[7])
    if mode == "CUDNN_CONVOLUTION":
        return Refusal("its mode is CUDNN_CONVOLUTION (HP326): MIOpen has no mode that flips the filter")
    if mode != "miopenConvolution" and not _variable(mode):
        return Refusal(f"its mode `{mode}` is not cross-correlation")
    if len(arguments) == 8:
        return Call(
            "miopenInitConvolutionDescriptor",
            tuple(arguments),
            insertions={1: f"{mode}, "},
            drops=(7,),
            note="mode second",
        )
    return Call(
        "miopenInitConvolutionDescriptor",
        tuple(arguments),
        insertions={1: f"{mode}, "},
        drops=(7, 8),
        note=f"mode second, compute type `{arguments[8].strip()}` dropped",
    )


# MIOpen's (alpha, beta, gamma) for cuDNN's coef, per activation mode.
_ACTIVATION_PARAMETERS = {
    "miopenActivationRELU": ("0.0", "0.0", "0.0"),
    "miopenActivationLOGISTIC": ("0.0", "0.0", "0.0"),
    "miopenActivationPASTHRU": ("0.0", "0.0", "0.0"),
    "miopenActivationTANH": ("1.0", "1.0", "0.0"),
    "miopenActivationCLIPPEDRELU": ("{coef}", "0.0", "0.0"),
    "miopenActivationELU": ("{coef}", "0.0", "0.0"),
}
_NUMBER = re.compile(r"^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?[fFlL]?$")


def activation(arguments: Sequence[str]) -> Call | Refusal:
    """cudnnSetActivationDescriptor(d, mode, reluNanOpt, coef) -> (d, mode, alpha, beta, gamma)."""
    if len(arguments) != 4:
        return Refusal(f"it has {len(arguments)} arguments, not cuDNN's 4")
    mode, coef = miopen_enumerator(arguments[1]), arguments[3].strip()
    if mode in _ACTIVATION_PARAMETERS:
        alpha, beta, gamma = (p.format(coef=coef) for p in _ACTIVATION_PARAMETERS[mode])
    elif _variable(mode) and (_variable(coef) or _NUMBER.match(coef)):
        # per mode at run time: tanh needs alpha = beta = 1, clipped ReLU and ELU take coef
        alpha = f"({mode} == miopenActivationTANH ? 1.0 : {coef})"
        beta = f"({mode} == miopenActivationTANH ? 1.0 : 0.0)"
        gamma = "0.0"
    else:
        return Refusal(
            f"MIOpen has no activation for `{mode}`"
            if mode.startswith("CUDNN_")
            else f"its mode `{mode}` or coefficient `{coef}` is not a plain name or number"
        )
    # the NaN option (2) becomes alpha, coef (3) beta and gamma
    return Call(
        "miopenSetActivationDescriptor",
        tuple(arguments),
        {1: mode, 2: alpha, 3: f"{beta}, {gamma}"},
        note=f"NaN option `{arguments[2].strip()}` dropped",
    )


def math_type_statement(call: str) -> bytes:
    """The statement a cudnnSetConvolutionMathType(...) statement becomes."""
    return templates.render("cudnn/math_type_dropped.j2", call=call)
