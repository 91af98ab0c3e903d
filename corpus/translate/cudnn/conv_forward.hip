// One convolution + ReLU layer with the classic cuDNN descriptor API.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

#define CUDNN_CHECK(x) do { miopenStatus_t s = (x); if (s != miopenStatusSuccess) { \
    printf("cuDNN: %s at line %d\n", miopenGetErrorString(s), __LINE__); return 1; } } while (0)

int main()
{
    const int N = 16, C = 64, H = 56, W = 56;      // input NCHW
    const int K = 128, R = 3, S = 3;               // filters KCRS
    miopenHandle_t cudnn;
    CUDNN_CHECK(miopenCreate(&cudnn));
    hipStream_t stream;
    hipStreamCreate(&stream);
    CUDNN_CHECK(miopenSetStream(cudnn, stream));

    miopenTensorDescriptor_t xDesc, yDesc;
    miopenTensorDescriptor_t wDesc;
    miopenConvolutionDescriptor_t convDesc;
    miopenActivationDescriptor_t actDesc;
    CUDNN_CHECK(miopenCreateTensorDescriptor(&xDesc));
    CUDNN_CHECK(miopenCreateTensorDescriptor(&yDesc));
    CUDNN_CHECK(miopenCreateTensorDescriptor(&wDesc));
    CUDNN_CHECK(miopenCreateConvolutionDescriptor(&convDesc));
    CUDNN_CHECK(miopenCreateActivationDescriptor(&actDesc));

    CUDNN_CHECK(miopenSet4dTensorDescriptor(xDesc, miopenFloat, N, C, H, W));
    CUDNN_CHECK(miopenSet4dTensorDescriptor(wDesc, miopenFloat, K, C, R, S));
    CUDNN_CHECK(miopenInitConvolutionDescriptor(convDesc, miopenConvolution, 1, 1, 1, 1, 1, 1));
    /* hipify-plus: dropped `cudnnSetConvolutionMathType(convDesc, CUDNN_TENSOR_OP_MATH)`: MIOpen has no math type */;

    int on, oc, oh, ow;
    CUDNN_CHECK(miopenGetConvolutionForwardOutputDim(convDesc, xDesc, wDesc, &on, &oc, &oh, &ow));
    CUDNN_CHECK(miopenSet4dTensorDescriptor(yDesc, miopenFloat, on, oc, oh, ow));
    CUDNN_CHECK(miopenSetActivationDescriptor(actDesc, miopenActivationRELU, 0.0, 0.0, 0.0));

    float *x, *w, *y;
    hipMalloc(&x, sizeof(float) * N * C * H * W);
    hipMalloc(&w, sizeof(float) * K * C * R * S);
    hipMalloc(&y, sizeof(float) * on * oc * oh * ow);

    const miopenConvFwdAlgorithm_t algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM;  // expect: HP001
    size_t wsBytes = 0;
    CUDNN_CHECK(miopenConvolutionForwardGetWorkSpaceSize(cudnn, wDesc, xDesc, convDesc, yDesc,
                                                        &wsBytes));
    void *ws = nullptr;
    if (wsBytes) hipMalloc(&ws, wsBytes);

    const float alpha = 1.0f, beta = 0.0f;
    CUDNN_CHECK(miopenConvolutionForward(cudnn, &alpha, xDesc, x, wDesc, w, convDesc, algo,  // expect: HP301
                                        &beta, yDesc, y, ws, wsBytes));
    CUDNN_CHECK(miopenActivationForward(cudnn, actDesc, &alpha, yDesc, y, &beta, yDesc, y));
    hipStreamSynchronize(stream);
    printf("output %d x %d x %d x %d, workspace %zu bytes\n", on, oc, oh, ow, wsBytes);

    hipFree(ws); hipFree(x); hipFree(w); hipFree(y);
    miopenDestroyActivationDescriptor(actDesc);
    miopenDestroyConvolutionDescriptor(convDesc);
    miopenDestroyTensorDescriptor(wDesc);
    miopenDestroyTensorDescriptor(xDesc);
    miopenDestroyTensorDescriptor(yDesc);
    miopenDestroy(cudnn);
    hipStreamDestroy(stream);
    return 0;
}
