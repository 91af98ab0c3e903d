"""The MIOpen support code the cuDNN rewrites add (HP301, HP303, HP304, HP307): each part once per
file, after the parts its code uses, whichever rule adds which part in which fix round."""

from __future__ import annotations

import re

from hipify_plus.edits import Applicability
from hipify_plus.lint.engine import lint_and_fix
from hipify_plus.lint.settings import LintSettings
from hipify_plus.rewrite import cudnn

# An NHWC descriptor (HP303's layout helper), two forward convolutions and a fused call (HP301's
# and HP307's parts), and the heuristic query (HP304): four rules adding parts to one file.
SOURCE = b"""#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

int layer(miopenHandle_t h, miopenTensorDescriptor_t x, miopenTensorDescriptor_t w, miopenConvolutionDescriptor_t c,
          miopenTensorDescriptor_t y, miopenTensorDescriptor_t b, miopenActivationDescriptor_t a,
          float* px, float* pw, float* py, float* pb, void* ws, size_t n)
{
    const float one = 1.0f, zero = 0.0f;
    cudnnSetTensor4dDescriptor(x, miopenTensorNHWC, miopenHalf, 8, 16, 32, 32);
    miopenConvAlgoPerf_t perf[2];
    int found = 0;
    cudnnGetConvolutionForwardAlgorithm_v7(h, x, w, c, y, 2, &found, perf);
    miopenConvFwdAlgorithm_t algo = perf[0].algo;
    miopenConvolutionForward(h, &one, x, px, w, pw, c, algo, &zero, y, py, ws, n);
    miopenConvolutionForward(h, &one, x, px, w, pw, c, algo, &zero, y, py, ws, n);
    return miopenConvolutionBiasActivationForward(h, &one, x, px, w, pw, c, algo, ws, n, &zero, y, py, b, pb, a,
                                                  y, py);
}
"""
SETTINGS = LintSettings(select=("HP301", "HP303", "HP304", "HP307"))
GUARD = re.compile(rb"^#ifndef (HIPIFY_PLUS_MIOPEN_\w+)$", re.MULTILINE)


def test_missing_parts_come_with_what_they_use_in_order() -> None:
    assert cudnn.missing_parts([cudnn.FUSION], []) == (cudnn.PROBLEM, cudnn.FIND, cudnn.FORWARD, cudnn.FUSION)
    assert cudnn.missing_parts([cudnn.FUSION], [cudnn.PROBLEM, cudnn.FIND, cudnn.FORWARD]) == (cudnn.FUSION,)
    assert cudnn.missing_parts([cudnn.LAYOUT, cudnn.BACKWARD_DATA], [cudnn.PROBLEM]) == (
        cudnn.FIND,
        cudnn.BACKWARD_DATA,
        cudnn.LAYOUT,
    )
    assert cudnn.missing_parts([cudnn.HEURISTIC], [cudnn.HEURISTIC]) == ()


def test_every_part_once_and_after_what_it_uses() -> None:
    outcome = lint_and_fix("layer.hip", SOURCE, SETTINGS, Applicability.SAFE)
    assert outcome.stopped == ""
    guards = [g.decode() for g in GUARD.findall(outcome.data)]
    assert sorted(guards) == sorted(set(guards)), guards
    assert set(guards) == {cudnn.LAYOUT, cudnn.HEURISTIC, cudnn.PROBLEM, cudnn.FIND, cudnn.FORWARD, cudnn.FUSION}
    for part, needs in (
        (cudnn.FIND, [cudnn.PROBLEM]),
        (cudnn.FORWARD, [cudnn.PROBLEM, cudnn.FIND]),
        (cudnn.FUSION, [cudnn.PROBLEM, cudnn.FIND, cudnn.FORWARD]),
    ):
        assert all(guards.index(n) < guards.index(part) for n in needs), guards
    body = outcome.data[outcome.data.index(b"int layer(") :]
    assert body.count(b"hipify_plus_miopen::convolution_forward(") == 2
    assert b"hipify_plus_miopen::convolution_bias_activation_forward(h, x, px, w, pw, c, ws, n, b, pb, a," in body
    assert b"hipify_plus_miopen::set_4d_tensor_with_layout(x, miopenHalf, miopenTensorNHWC, 8, 16, 32, 32)" in body
    assert b"perf[0].fwd_algo" in body
    again = lint_and_fix("layer.hip", outcome.data, SETTINGS, Applicability.SAFE)
    assert again.data == outcome.data
