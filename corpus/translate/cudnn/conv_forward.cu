// One convolution + ReLU layer with the classic cuDNN descriptor API.
#include <cstdio>
#include <cuda_runtime.h>
#include <cudnn.h>

#define CUDNN_CHECK(x) do { cudnnStatus_t s = (x); if (s != CUDNN_STATUS_SUCCESS) { \
    printf("cuDNN: %s at line %d\n", cudnnGetErrorString(s), __LINE__); return 1; } } while (0)

int main()
{
    const int N = 16, C = 64, H = 56, W = 56;      // input NCHW
    const int K = 128, R = 3, S = 3;               // filters KCRS
    cudnnHandle_t cudnn;
    CUDNN_CHECK(cudnnCreate(&cudnn));
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    CUDNN_CHECK(cudnnSetStream(cudnn, stream));

    cudnnTensorDescriptor_t xDesc, yDesc;
    cudnnFilterDescriptor_t wDesc;
    cudnnConvolutionDescriptor_t convDesc;
    cudnnActivationDescriptor_t actDesc;
    CUDNN_CHECK(cudnnCreateTensorDescriptor(&xDesc));
    CUDNN_CHECK(cudnnCreateTensorDescriptor(&yDesc));
    CUDNN_CHECK(cudnnCreateFilterDescriptor(&wDesc));
    CUDNN_CHECK(cudnnCreateConvolutionDescriptor(&convDesc));
    CUDNN_CHECK(cudnnCreateActivationDescriptor(&actDesc));

    CUDNN_CHECK(cudnnSetTensor4dDescriptor(xDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C, H, W));
    CUDNN_CHECK(cudnnSetFilter4dDescriptor(wDesc, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, K, C, R, S));
    CUDNN_CHECK(cudnnSetConvolution2dDescriptor(convDesc, 1, 1, 1, 1, 1, 1,
                                                CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
    CUDNN_CHECK(cudnnSetConvolutionMathType(convDesc, CUDNN_TENSOR_OP_MATH));

    int on, oc, oh, ow;
    CUDNN_CHECK(cudnnGetConvolution2dForwardOutputDim(convDesc, xDesc, wDesc, &on, &oc, &oh, &ow));
    CUDNN_CHECK(cudnnSetTensor4dDescriptor(yDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, on, oc, oh, ow));
    CUDNN_CHECK(cudnnSetActivationDescriptor(actDesc, CUDNN_ACTIVATION_RELU, CUDNN_NOT_PROPAGATE_NAN, 0.0));

    float *x, *w, *y;
    cudaMalloc(&x, sizeof(float) * N * C * H * W);
    cudaMalloc(&w, sizeof(float) * K * C * R * S);
    cudaMalloc(&y, sizeof(float) * on * oc * oh * ow);

    const cudnnConvolutionFwdAlgo_t algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM;  // expect: HP001
    size_t wsBytes = 0;
    CUDNN_CHECK(cudnnGetConvolutionForwardWorkspaceSize(cudnn, xDesc, wDesc, convDesc, yDesc,
                                                        algo, &wsBytes));
    void *ws = nullptr;
    if (wsBytes) cudaMalloc(&ws, wsBytes);

    const float alpha = 1.0f, beta = 0.0f;
    CUDNN_CHECK(cudnnConvolutionForward(cudnn, &alpha, xDesc, x, wDesc, w, convDesc, algo,  // expect: HP301
                                        ws, wsBytes, &beta, yDesc, y));
    CUDNN_CHECK(cudnnActivationForward(cudnn, actDesc, &alpha, yDesc, y, &beta, yDesc, y));
    cudaStreamSynchronize(stream);
    printf("output %d x %d x %d x %d, workspace %zu bytes\n", on, oc, oh, ow, wsBytes);

    cudaFree(ws); cudaFree(x); cudaFree(w); cudaFree(y);
    cudnnDestroyActivationDescriptor(actDesc);
    cudnnDestroyConvolutionDescriptor(convDesc);
    cudnnDestroyFilterDescriptor(wDesc);
    cudnnDestroyTensorDescriptor(xDesc);
    cudnnDestroyTensorDescriptor(yDesc);
    cudnnDestroy(cudnn);
    cudaStreamDestroy(stream);
    return 0;
}
