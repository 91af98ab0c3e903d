// hipify-plus-test: select=HP304
// After `convert`: cuDNN's forward heuristic and search calls are left for the rewrite, and the
// code reads cuDNN's result fields.
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

miopenConvFwdAlgorithm_t pick(miopenHandle_t h, miopenTensorDescriptor_t xd, miopenTensorDescriptor_t wd,
                              miopenConvolutionDescriptor_t conv, miopenTensorDescriptor_t yd, bool measure)
{
    miopenConvAlgoPerf_t perf[4];
    int returned = 0;
    if (measure)
        cudnnFindConvolutionForwardAlgorithm(h, xd, wd, conv, yd, 4, &returned, perf);  // expect: HP304
    else
        cudnnGetConvolutionForwardAlgorithm_v7(h, xd, wd, conv, yd, 4, &returned, perf);  // expect: HP304
    for (int i = 0; i < returned; ++i) {
        if (perf[i].status == miopenStatusSuccess && perf[i].memory < (1u << 28))  // expect: HP304
            return perf[i].algo;  // expect: HP304
        perf[i].status = miopenStatusUnknownError;  // expect: HP304
    }
    float ms = perf[0].time;  // ok: HP304
    (void)ms;
    return perf[0].mathType == 1 ? miopenConvolutionFwdAlgoGEMM : miopenConvolutionFwdAlgoDirect;  // expect: HP304
}
