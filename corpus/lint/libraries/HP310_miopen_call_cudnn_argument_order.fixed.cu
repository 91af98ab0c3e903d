// hipify-plus-test: select=HP310
// A classifier head after a rename-only port: some calls kept cuDNN's argument order.
#include <miopen/miopen.h>

void head(miopenHandle_t h, miopenTensorDescriptor_t xd, const float* x, miopenTensorDescriptor_t wd,
          const float* w, miopenConvolutionDescriptor_t conv, miopenConvFwdAlgorithm_t algo,
          miopenTensorDescriptor_t yd, float* y, float* probs, void* ws, size_t ws_size)
{
    const float one = 1.0f, zero = 0.0f;
    size_t bytes = 0;
    miopenConvolutionForwardGetWorkSpaceSize(h, wd, xd, conv, yd, &bytes);  // expect: HP310
    miopenConvolutionForwardGetWorkSpaceSize(h, wd, xd, conv, yd, &bytes);  // ok: HP310
    miopenConvolutionForward(h, &one, xd, x, wd, w, conv, algo, &zero, yd, y, ws, ws_size);  // expect: HP310
    miopenConvolutionForward(h, &one, xd, x, wd, w, conv, algo, &zero, yd, y, ws, ws_size);  // ok: HP310
    miopenSoftmaxForward_V2(h, &one, yd,  // expect: HP310
                            y, &zero, yd, probs, MIOPEN_SOFTMAX_ACCURATE, MIOPEN_SOFTMAX_MODE_CHANNEL);
    miopenSoftmaxForward_V2(h, &one, yd, y, &zero, yd, probs, MIOPEN_SOFTMAX_ACCURATE,  // ok: HP310
                            MIOPEN_SOFTMAX_MODE_CHANNEL);
}
