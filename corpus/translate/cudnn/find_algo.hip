// Autotune the forward convolution algorithm for a layer shape and cache the
// choice, the way framework convolution layers do on their first call.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

// hipify-plus: MIOpen support for the rewritten cuDNN calls (HP301/HP303/HP304/HP307).
#ifndef HIPIFY_PLUS_MIOPEN_LAYOUT
#define HIPIFY_PLUS_MIOPEN_LAYOUT
namespace hipify_plus_miopen {
// cudnnSetTensor4dDescriptor / cudnnSetFilter4dDescriptor in another layout than NCHW: the
// lengths stay in N, C, H, W (K, C, R, S) order, the layout says how they are stored.
static inline miopenStatus_t set_4d_tensor_with_layout(miopenTensorDescriptor_t desc, miopenDataType_t type,
                                                       miopenTensorLayout_t layout, int n, int c, int h, int w)
{
    const int lengths[4] = {n, c, h, w};
    return miopenSetNdTensorDescriptorWithLayout(desc, type, layout, lengths, 4);
}
} // namespace hipify_plus_miopen
#endif
#ifndef HIPIFY_PLUS_MIOPEN_SEARCH
#define HIPIFY_PLUS_MIOPEN_SEARCH
namespace hipify_plus_miopen {
// cudnnFindConvolutionForwardAlgorithm times the algorithms on buffers cuDNN allocates itself;
// MIOpen's Find takes them from the caller, so x, w, y and a workspace of
// miopenConvolutionForwardGetWorkSpaceSize's size (filter before input) are allocated for the
// search and freed after it. Find also registers what it found for these descriptors on this
// handle, so a later miopenConvolutionForward with perf[i].fwd_algo runs.
static inline miopenStatus_t find_convolution_forward_algorithm(
    miopenHandle_t handle, miopenTensorDescriptor_t xDesc, miopenTensorDescriptor_t wDesc,
    miopenConvolutionDescriptor_t convDesc, miopenTensorDescriptor_t yDesc, int requested, int* returned,
    miopenConvAlgoPerf_t* perf)
{
    size_t x_bytes = 0, w_bytes = 0, y_bytes = 0, workspace_bytes = 0;
    miopenStatus_t status = miopenGetTensorNumBytes(xDesc, &x_bytes);
    if (status == miopenStatusSuccess)
        status = miopenGetTensorNumBytes(wDesc, &w_bytes);
    if (status == miopenStatusSuccess)
        status = miopenGetTensorNumBytes(yDesc, &y_bytes);
    if (status == miopenStatusSuccess)
        status = miopenConvolutionForwardGetWorkSpaceSize(handle, wDesc, xDesc, convDesc, yDesc, &workspace_bytes);
    void *x = nullptr, *w = nullptr, *y = nullptr, *workspace = nullptr;
    if (status == miopenStatusSuccess
        && (hipMalloc(&x, x_bytes) != hipSuccess || hipMalloc(&w, w_bytes) != hipSuccess
            || hipMalloc(&y, y_bytes) != hipSuccess
            || (workspace_bytes > 0 && hipMalloc(&workspace, workspace_bytes) != hipSuccess)))
        status = miopenStatusAllocFailed;
    if (status == miopenStatusSuccess)
        status = miopenFindConvolutionForwardAlgorithm(handle, xDesc, x, wDesc, w, convDesc, yDesc, y, requested,
                                                       returned, perf, workspace, workspace_bytes, false);
    (void)hipFree(workspace);
    (void)hipFree(y);
    (void)hipFree(w);
    (void)hipFree(x);
    return status;
}
} // namespace hipify_plus_miopen
#endif

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
    CK(miopenCreateTensorDescriptor(&wD));
    CK(miopenCreateConvolutionDescriptor(&cD));
    CK(hipify_plus_miopen::set_4d_tensor_with_layout(xD, miopenHalf, miopenTensorNHWC, 32, 64, 56, 56));
    CK(hipify_plus_miopen::set_4d_tensor_with_layout(yD, miopenHalf, miopenTensorNHWC, 32, 64, 56, 56));
    CK(hipify_plus_miopen::set_4d_tensor_with_layout(wD, miopenHalf, miopenTensorNHWC, 64, 64, 3, 3));
    CK(miopenInitConvolutionDescriptor(cD, miopenConvolution, 1, 1, 1, 1, 1, 1));
    /* hipify-plus: dropped `cudnnSetConvolutionMathType(cD, CUDNN_TENSOR_OP_MATH)`: MIOpen has no math type */;

    const int requested = CUDNN_CONVOLUTION_FWD_ALGO_COUNT;  // expect: HP001
    miopenConvAlgoPerf_t perf[CUDNN_CONVOLUTION_FWD_ALGO_COUNT];  // expect: HP001
    int returned = 0;
    // Runs every candidate on scratch buffers cuDNN allocates itself.
    CK(hipify_plus_miopen::find_convolution_forward_algorithm(h, xD, wD, cD, yD, requested, &returned, perf));

    miopenConvFwdAlgorithm_t chosen = miopenConvolutionFwdAlgoImplicitGEMM;
    for (int i = 0; i < returned; ++i) {
        printf("algo %d: status %d, %.3f ms, %zu bytes, math %d\n", (int)perf[i].fwd_algo,
               (int)static_cast<miopenStatus_t>(miopenStatusSuccess), perf[i].time, perf[i].memory, (int)perf[i].mathType);  // expect: HP304
        if (static_cast<miopenStatus_t>(miopenStatusSuccess) == miopenStatusSuccess && perf[i].memory < (256u << 20)) {
            chosen = perf[i].fwd_algo;   // results are sorted fastest first
            break;
        }
    }
    size_t wsBytes = 0;
    CK(miopenConvolutionForwardGetWorkSpaceSize(h, wD, xD, cD, yD, &wsBytes));
    printf("chosen algo %d needs %zu bytes of workspace\n", (int)chosen, wsBytes);

    miopenDestroyConvolutionDescriptor(cD);
    miopenDestroyTensorDescriptor(wD);
    miopenDestroyTensorDescriptor(yD);
    miopenDestroyTensorDescriptor(xD);
    miopenDestroy(h);
    return 0;
}
