// hipify-plus-test: select=HP321
// One training step captured into a CUDA graph and replayed.
#include <cublas_v2.h>
#include <cudnn.h>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

cudaGraph_t capture_step(cudaStream_t stream, cublasHandle_t blas, cudnnHandle_t dnn, int m, int n, int k,
                         const float* A, const float* B, float* C, int* keys, int count,
                         cudnnTensorDescriptor_t xd, const float* x, cudnnFilterDescriptor_t wd, const float* w,
                         cudnnConvolutionDescriptor_t conv, cudnnConvolutionFwdAlgo_t algo, void* ws, size_t ws_size,
                         cudnnTensorDescriptor_t yd, float* y)
{
    const float one = 1.0f, zero = 0.0f;
    cudaGraph_t graph;
    cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
    cublasSgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, m, B, k, &zero, C, m);  // ok: HP321
    cudnnConvolutionForward(dnn, &one, xd, x, wd, w, conv, algo, ws, ws_size, &zero, yd, y);  // expect: HP321
    thrust::sort(thrust::cuda::par.on(stream), keys, keys + count);  // expect: HP321
    cudaStreamEndCapture(stream, &graph);
    // Outside the captured region: runs eagerly, fine.
    cudnnConvolutionForward(dnn, &one, xd, x, wd, w, conv, algo, ws, ws_size, &zero, yd, y);  // ok: HP321
    return graph;
}
