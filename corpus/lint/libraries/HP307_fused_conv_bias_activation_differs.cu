// hipify-plus-test: select=HP307
// Fused convolution + bias + activation, once with a linear output layer and once with ReLU.
#include <cudnn.h>

void fused(cudnnHandle_t h, cudnnTensorDescriptor_t xd, const float* x, cudnnFilterDescriptor_t wd, const float* w,
           cudnnConvolutionDescriptor_t conv, cudnnConvolutionFwdAlgo_t algo, void* ws, size_t ws_size,
           cudnnTensorDescriptor_t bd, const float* bias, cudnnTensorDescriptor_t yd, float* y,
           cudnnActivationDescriptor_t linear, cudnnActivationDescriptor_t relu)
{
    const float one = 1.0f, zero = 0.0f;
    cudnnSetActivationDescriptor(linear, CUDNN_ACTIVATION_IDENTITY, CUDNN_NOT_PROPAGATE_NAN, 0.0);
    cudnnSetActivationDescriptor(relu, CUDNN_ACTIVATION_RELU, CUDNN_NOT_PROPAGATE_NAN, 0.0);
    cudnnConvolutionBiasActivationForward(h, &one, xd, x, wd, w, conv, algo, ws, ws_size,  // expect: HP307
                                          &zero, yd, y, bd, bias, linear, yd, y);
    cudnnConvolutionBiasActivationForward(h, &one, xd, x, wd, w, conv, algo, ws, ws_size,  // expect: HP307
                                          &zero, yd, y, bd, bias, relu, yd, y);
    cudnnConvolutionForward(h, &one, xd, x, wd, w, conv, algo, ws, ws_size, &zero, yd, y);  // ok: HP307
}
