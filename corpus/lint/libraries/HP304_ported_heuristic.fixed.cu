// hipify-plus-test: select=HP304
// After `convert`: cuDNN's forward heuristic and search calls are left for the rewrite, and the
// code reads cuDNN's result fields.
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

// hipify-plus: MIOpen support for the rewritten cuDNN calls (HP301/HP303/HP304/HP307).
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
#ifndef HIPIFY_PLUS_MIOPEN_HEURISTIC
#define HIPIFY_PLUS_MIOPEN_HEURISTIC
#include <vector>
namespace hipify_plus_miopen {
// cudnnGetConvolutionForwardAlgorithm_v7: MIOpen's heuristic query (immediate mode,
// miopenConvolutionForwardGetSolution, filter before input), one entry per algorithm, best
// first. Informative only: the convolution itself runs what Find chooses.
static inline miopenStatus_t convolution_forward_heuristic(
    miopenHandle_t handle, miopenTensorDescriptor_t xDesc, miopenTensorDescriptor_t wDesc,
    miopenConvolutionDescriptor_t convDesc, miopenTensorDescriptor_t yDesc, int requested, int* returned,
    miopenConvAlgoPerf_t* perf)
{
    if (returned == nullptr || perf == nullptr || requested < 1)
        return miopenStatusBadParm;
    *returned = 0;
    size_t count = 0;
    miopenStatus_t status = miopenConvolutionForwardGetSolutionCount(handle, wDesc, xDesc, convDesc, yDesc, &count);
    if (status != miopenStatusSuccess || count == 0)
        return status;
    std::vector<miopenConvSolution_t> solutions(count);
    status = miopenConvolutionForwardGetSolution(handle, wDesc, xDesc, convDesc, yDesc, count, &count,
                                                 solutions.data());
    if (status != miopenStatusSuccess)
        return status;
    for (size_t i = 0; i < count && *returned < requested; ++i) {
        bool seen = false;
        for (int j = 0; j < *returned; ++j)
            seen = seen || perf[j].fwd_algo == static_cast<miopenConvFwdAlgorithm_t>(solutions[i].algorithm);
        if (seen)
            continue;
        perf[*returned].fwd_algo = static_cast<miopenConvFwdAlgorithm_t>(solutions[i].algorithm);
        perf[*returned].time = solutions[i].time;
        perf[*returned].memory = solutions[i].workspace_size;
        ++*returned;
    }
    return miopenStatusSuccess;
}
} // namespace hipify_plus_miopen
#endif

miopenConvFwdAlgorithm_t pick(miopenHandle_t h, miopenTensorDescriptor_t xd, miopenTensorDescriptor_t wd,
                              miopenConvolutionDescriptor_t conv, miopenTensorDescriptor_t yd, bool measure)
{
    miopenConvAlgoPerf_t perf[4];
    int returned = 0;
    if (measure)
        hipify_plus_miopen::find_convolution_forward_algorithm(h, xd, wd, conv, yd, 4, &returned, perf);  // expect: HP304
    else
        hipify_plus_miopen::convolution_forward_heuristic(h, xd, wd, conv, yd, 4, &returned, perf);  // expect: HP304
    for (int i = 0; i < returned; ++i) {
        if (static_cast<miopenStatus_t>(miopenStatusSuccess) == miopenStatusSuccess && perf[i].memory < (1u << 28))  // expect: HP304
            return perf[i].fwd_algo;  // expect: HP304
        perf[i].status = miopenStatusUnknownError;  // expect: HP304
    }
    float ms = perf[0].time;  // ok: HP304
    (void)ms;
    return perf[0].mathType == 1 ? miopenConvolutionFwdAlgoGEMM : miopenConvolutionFwdAlgoDirect;  // expect: HP304
}
