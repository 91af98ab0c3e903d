// hipify-plus-test: select=HP305
// Weight-gradient step of a convolution layer.
#include <cudnn.h>

void weight_gradient(cudnnHandle_t h, cudnnTensorDescriptor_t x_desc, const float* x,
                     cudnnTensorDescriptor_t dy_desc, const float* dy, cudnnConvolutionDescriptor_t conv,
                     cudnnConvolutionBwdFilterAlgo_t algo, cudnnFilterDescriptor_t dw_desc, float* dw,
                     void* ws, size_t ws_size)
{
    size_t needed = 0;
    cudnnGetConvolutionBackwardFilterWorkspaceSize(h, x_desc, dy_desc, conv, dw_desc, algo, &needed);  // expect: HP305
    const float one = 1.0f, zero = 0.0f;
    cudnnConvolutionBackwardFilter(h, &one, x_desc, x, dy_desc, dy, conv, algo, ws, ws_size,  // expect: HP305
                                   &zero, dw_desc, dw);
    cudnnConvolutionBackwardBias(h, &one, dy_desc, dy, &zero, dy_desc, dw);  // ok: HP305
}
