// hipify-plus-test: select=HP302
// A ported gradient step that still accumulates the data gradient (beta is MIOpen's 9th argument).
#include <miopen/miopen.h>

void data_gradient(miopenHandle_t h, miopenTensorDescriptor_t dyd, const float* dy,
                   miopenTensorDescriptor_t wd, const float* w, miopenConvolutionDescriptor_t conv,
                   miopenConvBwdDataAlgorithm_t algo, miopenTensorDescriptor_t dxd, float* dx,
                   void* ws, size_t ws_size)
{
    miopenInitConvolutionDescriptor(conv, miopenConvolution, 0, 0, 1, 1, 1, 1);
    float alpha = 1.0f;
    float beta = 0.0f;
    miopenConvolutionBackwardData(h, &alpha, dyd, dy, wd, w, conv, algo, &beta, dxd, dx, ws, ws_size);  // ok: HP302
    beta = 1.0f;  // accumulate the second micro-batch
    miopenConvolutionBackwardData(h, &alpha, dyd, dy, wd, w, conv, algo, &beta, dxd, dx, ws, ws_size);  // expect: HP302
}
