// hipify-plus-test: select=HP304 unsafe-fixes
// cudnnFindConvolutionForwardAlgorithmEx after a rename-only port to MIOpen.
#include <miopen/miopen.h>

miopenConvFwdAlgorithm_t search_forward(miopenHandle_t h, miopenTensorDescriptor_t xd, const float* x,
                                        miopenTensorDescriptor_t wd, const float* w,
                                        miopenConvolutionDescriptor_t conv, miopenTensorDescriptor_t yd, float* y,
                                        void* ws, size_t ws_size)
{
    miopenConvAlgoPerf_t perf[4];
    int returned = 0;
    miopenFindConvolutionForwardAlgorithm(h, xd, x, wd, w, conv, yd, y, 4, &returned, perf, ws, ws_size, /*exhaustiveSearch=*/false);  // expect: HP304
    if (static_cast<miopenStatus_t>(miopenStatusSuccess) != 0) {  // expect: HP304
        return miopenConvolutionFwdAlgoGEMM;
    }
    float best_ms = perf[0].time;  // ok: HP304
    (void)best_ms;
    return perf[0].fwd_algo;  // expect: HP304
}

miopenConvBwdDataAlgorithm_t search_backward_data(miopenHandle_t h, miopenTensorDescriptor_t dyd, const float* dy,
                                                  miopenTensorDescriptor_t wd, const float* w,
                                                  miopenConvolutionDescriptor_t conv, miopenTensorDescriptor_t dxd,
                                                  float* dx, void* ws, size_t ws_size)
{
    miopenConvAlgoPerf_t result;
    int returned = 0;
    miopenFindConvolutionBackwardDataAlgorithm(h, dyd, dy, wd, w, conv, dxd, dx, 1, &returned, &result,  // ok: HP304
                                               ws, ws_size, true);
    return result.bwd_data_algo;  // expect: HP304
}
