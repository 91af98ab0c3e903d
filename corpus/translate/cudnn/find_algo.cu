// Autotune the forward convolution algorithm for a layer shape and cache the
// choice, the way framework convolution layers do on their first call.
#include <cstdio>
#include <cuda_runtime.h>
#include <cudnn.h>

#define CK(x) do { cudnnStatus_t s = (x); if (s != CUDNN_STATUS_SUCCESS) { \
    printf("%s -> %s\n", #x, cudnnGetErrorString(s)); return 1; } } while (0)

int main()
{
    cudnnHandle_t h;
    CK(cudnnCreate(&h));
    cudnnTensorDescriptor_t xD, yD;
    cudnnFilterDescriptor_t wD;
    cudnnConvolutionDescriptor_t cD;
    CK(cudnnCreateTensorDescriptor(&xD));
    CK(cudnnCreateTensorDescriptor(&yD));
    CK(cudnnCreateFilterDescriptor(&wD));
    CK(cudnnCreateConvolutionDescriptor(&cD));
    CK(cudnnSetTensor4dDescriptor(xD, CUDNN_TENSOR_NHWC, CUDNN_DATA_HALF, 32, 64, 56, 56));
    CK(cudnnSetTensor4dDescriptor(yD, CUDNN_TENSOR_NHWC, CUDNN_DATA_HALF, 32, 64, 56, 56));
    CK(cudnnSetFilter4dDescriptor(wD, CUDNN_DATA_HALF, CUDNN_TENSOR_NHWC, 64, 64, 3, 3));
    CK(cudnnSetConvolution2dDescriptor(cD, 1, 1, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
    CK(cudnnSetConvolutionMathType(cD, CUDNN_TENSOR_OP_MATH));

    const int requested = CUDNN_CONVOLUTION_FWD_ALGO_COUNT;  // expect: HP001
    cudnnConvolutionFwdAlgoPerf_t perf[CUDNN_CONVOLUTION_FWD_ALGO_COUNT];  // expect: HP001
    int returned = 0;
    // Runs every candidate on scratch buffers cuDNN allocates itself.
    CK(cudnnFindConvolutionForwardAlgorithm(h, xD, wD, cD, yD, requested, &returned, perf));

    cudnnConvolutionFwdAlgo_t chosen = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
    for (int i = 0; i < returned; ++i) {
        printf("algo %d: status %d, %.3f ms, %zu bytes, math %d\n", (int)perf[i].algo,
               (int)perf[i].status, perf[i].time, perf[i].memory, (int)perf[i].mathType);  // expect: HP304
        if (perf[i].status == CUDNN_STATUS_SUCCESS && perf[i].memory < (256u << 20)) {
            chosen = perf[i].algo;   // results are sorted fastest first
            break;
        }
    }
    size_t wsBytes = 0;
    CK(cudnnGetConvolutionForwardWorkspaceSize(h, xD, wD, cD, yD, chosen, &wsBytes));
    printf("chosen algo %d needs %zu bytes of workspace\n", (int)chosen, wsBytes);

    cudnnDestroyConvolutionDescriptor(cD);
    cudnnDestroyFilterDescriptor(wD);
    cudnnDestroyTensorDescriptor(yD);
    cudnnDestroyTensorDescriptor(xD);
    cudnnDestroy(h);
    return 0;
}
