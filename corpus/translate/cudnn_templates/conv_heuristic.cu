// hipify-plus-test: rocm-version=6.2
// A convolution layer that picks its forward algorithm with cuDNN's heuristics, sizes the
// workspace for it, and runs the same layer for a few batches.
#include <cstdio>
#include <cuda_runtime.h>
#include <cudnn.h>

#define CHECK(x) do { cudnnStatus_t s_ = (x); if (s_ != CUDNN_STATUS_SUCCESS) { \
    printf("%s failed: %s\n", #x, cudnnGetErrorString(s_)); return 1; } } while (0)

int main()
{
    const int N = 8, C = 32, H = 28, W = 28, K = 64, R = 3, S = 3;
    cudnnHandle_t handle;
    CHECK(cudnnCreate(&handle));
    cudnnTensorDescriptor_t xDesc, yDesc;
    cudnnFilterDescriptor_t wDesc;
    cudnnConvolutionDescriptor_t convDesc;
    CHECK(cudnnCreateTensorDescriptor(&xDesc));
    CHECK(cudnnCreateTensorDescriptor(&yDesc));
    CHECK(cudnnCreateFilterDescriptor(&wDesc));
    CHECK(cudnnCreateConvolutionDescriptor(&convDesc));
    CHECK(cudnnSetTensor4dDescriptor(xDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C, H, W));
    CHECK(cudnnSetFilter4dDescriptor(wDesc, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, K, C, R, S));
    CHECK(cudnnSetConvolution2dDescriptor(convDesc, 1, 1, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION,
                                          CUDNN_DATA_FLOAT));
    CHECK(cudnnSetConvolutionMathType(convDesc, CUDNN_DEFAULT_MATH));
    int n, c, h, w;
    CHECK(cudnnGetConvolution2dForwardOutputDim(convDesc, xDesc, wDesc, &n, &c, &h, &w));
    CHECK(cudnnSetTensor4dDescriptor(yDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, c, h, w));

    // The heuristic: no buffers needed, the best algorithm first.
    cudnnConvolutionFwdAlgoPerf_t perf[4];
    int returned = 0;
    CHECK(cudnnGetConvolutionForwardAlgorithm_v7(handle, xDesc, wDesc, convDesc, yDesc, 4, &returned, perf));
    cudnnConvolutionFwdAlgo_t algo = perf[0].algo;
    for (int i = 0; i < returned; ++i)
        if (perf[i].status == CUDNN_STATUS_SUCCESS && perf[i].memory < (64u << 20)) {
            algo = perf[i].algo;
            break;
        }
    size_t wsBytes = 0;
    CHECK(cudnnGetConvolutionForwardWorkspaceSize(handle, xDesc, wDesc, convDesc, yDesc, algo, &wsBytes));

    float *x, *wt, *y;
    void *ws = nullptr;
    cudaMalloc(&x, sizeof(float) * N * C * H * W);
    cudaMalloc(&wt, sizeof(float) * K * C * R * S);
    cudaMalloc(&y, sizeof(float) * n * c * h * w);
    if (wsBytes > 0)
        cudaMalloc(&ws, wsBytes);

    const float alpha = 1.0f, beta = 0.0f;
    for (int batch = 0; batch < 3; ++batch)
        CHECK(cudnnConvolutionForward(handle, &alpha, xDesc, x, wDesc, wt, convDesc, algo, ws, wsBytes,
                                      &beta, yDesc, y));
    cudaDeviceSynchronize();
    printf("algorithm %d, %zu bytes of workspace, output %d x %d x %d x %d\n", (int)algo, wsBytes, n, c, h, w);

    cudaFree(ws);
    cudaFree(y);
    cudaFree(wt);
    cudaFree(x);
    cudnnDestroyConvolutionDescriptor(convDesc);
    cudnnDestroyFilterDescriptor(wDesc);
    cudnnDestroyTensorDescriptor(yDesc);
    cudnnDestroyTensorDescriptor(xDesc);
    cudnnDestroy(handle);
    return 0;
}
