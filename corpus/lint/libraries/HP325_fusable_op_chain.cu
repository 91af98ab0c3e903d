// hipify-plus-test: select=HP325
// Inference of a conv layer and a dense layer, each followed by bias and activation passes.
#include <cublas_v2.h>
#include <cudnn.h>

__global__ void bias_relu(float* y, const float* bias, int rows, int cols) {}
__global__ void transpose(const float* in, float* out, int rows, int cols) {}

void conv_block(cudnnHandle_t h, cudnnTensorDescriptor_t xd, const float* x, cudnnFilterDescriptor_t wd,
                const float* w, cudnnConvolutionDescriptor_t conv, cudnnConvolutionFwdAlgo_t algo, void* ws,
                size_t ws_size, cudnnTensorDescriptor_t bd, const float* bias, cudnnActivationDescriptor_t act,
                cudnnTensorDescriptor_t yd, float* y)
{
    const float one = 1.0f, zero = 0.0f;
    cudnnConvolutionForward(h, &one, xd, x, wd, w, conv, algo, ws, ws_size, &zero, yd, y);  // expect: HP325
    cudnnAddTensor(h, &one, bd, bias, &one, yd, y);
    cudnnActivationForward(h, act, &one, yd, y, &zero, yd, y);
}

void conv_only(cudnnHandle_t h, cudnnTensorDescriptor_t xd, const float* x, cudnnFilterDescriptor_t wd,
               const float* w, cudnnConvolutionDescriptor_t conv, cudnnConvolutionFwdAlgo_t algo, void* ws,
               size_t ws_size, cudnnActivationDescriptor_t act, cudnnTensorDescriptor_t yd, float* y)
{
    const float one = 1.0f, zero = 0.0f;
    cudnnConvolutionForward(h, &one, xd, x, wd, w, conv, algo, ws, ws_size, &zero, yd, y);  // ok: HP325
    cudnnActivationForward(h, act, &one, yd, y, &zero, yd, y);
}

void dense(cublasHandle_t h, int m, int n, int k, const float* W, const float* X, float* Y, float* Yt,
           const float* bias)
{
    const float one = 1.0f, zero = 0.0f;
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, W, m, X, k, &zero, Y, m);  // expect: HP325
    bias_relu<<<(m * n + 255) / 256, 256>>>(Y, bias, m, n);
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, W, m, X, k, &zero, Y, m);  // ok: HP325
    transpose<<<(m * n + 255) / 256, 256>>>(Y, Yt, m, n);
}
