// Autotune the forward convolution algorithm for a layer shape and cache the
// choice, the way framework convolution layers do on their first call.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

#define CK(x) do { miopenStatus_t s = (x); if (s != miopenStatusSuccess) { \
    printf("%s -> %s\n", #x, miopenGetErrorString(s)); return 1; } } while (0)

int main()
{
    miopenHandle_t h;
    CK(miopenCreate(&h));
    miopenTensorDescriptor_t xD, yD;
    miopenTensorDescriptor_t wD;
    miopenConvolutionDescriptor_t cD;
    CK(miopenCreateTensorDescriptor(&xD));
    CK(miopenCreateTensorDescriptor(&yD));
    CK(cudnnCreateFilterDescriptor(&wD));  // expect: HP001
    CK(miopenCreateConvolutionDescriptor(&cD));
    CK(cudnnSetTensor4dDescriptor(xD, miopenTensorNHWC, miopenHalf, 32, 64, 56, 56));  // expect: HP001
    CK(cudnnSetTensor4dDescriptor(yD, miopenTensorNHWC, miopenHalf, 32, 64, 56, 56));  // expect: HP001
    CK(cudnnSetFilter4dDescriptor(wD, miopenHalf, miopenTensorNHWC, 64, 64, 3, 3));  // expect: HP001
    CK(cudnnSetConvolution2dDescriptor(cD, 1, 1, 1, 1, 1, 1, miopenConvolution, miopenFloat));  // expect: HP001
    CK(cudnnSetConvolutionMathType(cD, CUDNN_TENSOR_OP_MATH));  // expect: HP001, HP001

    const int requested = CUDNN_CONVOLUTION_FWD_ALGO_COUNT;  // expect: HP001
    miopenConvAlgoPerf_t perf[CUDNN_CONVOLUTION_FWD_ALGO_COUNT];  // expect: HP001
    int returned = 0;
    // Runs every candidate on scratch buffers cuDNN allocates itself.
    CK(cudnnFindConvolutionForwardAlgorithm(h, xD, wD, cD, yD, requested, &returned, perf));  // expect: HP001

    miopenConvFwdAlgorithm_t chosen = miopenConvolutionFwdAlgoImplicitGEMM;
    for (int i = 0; i < returned; ++i) {
        printf("algo %d: status %d, %.3f ms, %zu bytes, math %d\n", (int)perf[i].algo,
               (int)perf[i].status, perf[i].time, perf[i].memory, (int)perf[i].mathType);
        if (perf[i].status == miopenStatusSuccess && perf[i].memory < (256u << 20)) {
            chosen = perf[i].algo;   // results are sorted fastest first
            break;
        }
    }
    size_t wsBytes = 0;
    CK(miopenConvolutionForwardGetWorkSpaceSize(h, wD, xD, cD, yD, &wsBytes));
    printf("chosen algo %d needs %zu bytes of workspace\n", (int)chosen, wsBytes);

    miopenDestroyConvolutionDescriptor(cD);
    cudnnDestroyFilterDescriptor(wD);  // expect: HP001
    miopenDestroyTensorDescriptor(yD);
    miopenDestroyTensorDescriptor(xD);
    miopenDestroy(h);
    return 0;
}
