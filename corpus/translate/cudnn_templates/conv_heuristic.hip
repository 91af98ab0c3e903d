// hipify-plus-test: rocm-version=6.2
// A convolution layer that picks its forward algorithm with cuDNN's heuristics, sizes the
// workspace for it, and runs the same layer for a few batches.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

// hipify-plus: MIOpen support for the rewritten cuDNN calls (HP301/HP303/HP304/HP307).
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
#ifndef HIPIFY_PLUS_MIOPEN_PROBLEM
#define HIPIFY_PLUS_MIOPEN_PROBLEM
#include <map>
#include <mutex>
#include <vector>
namespace hipify_plus_miopen {
// What MIOpen's Find and fusion plans depend on: the handle and the contents of the descriptors
// (data type, lengths, strides; padding, stride, dilation and mode of the convolution).
typedef std::vector<long long> Problem;
static inline void add_tensor(Problem& key, miopenTensorDescriptor_t desc)
{
    int rank = 0;
    miopenDataType_t type = miopenFloat;
    int lengths[8] = {0}, strides[8] = {0};
    if (desc == nullptr || miopenGetTensorDescriptorSize(desc, &rank) != miopenStatusSuccess || rank < 1
        || rank > 8 || miopenGetTensorDescriptor(desc, &type, lengths, strides) != miopenStatusSuccess) {
        key.push_back(-1);
        return;
    }
    key.push_back(rank);
    key.push_back(static_cast<long long>(type));
    for (int i = 0; i < rank; ++i) {
        key.push_back(lengths[i]);
        key.push_back(strides[i]);
    }
}
static inline void add_convolution(Problem& key, miopenConvolutionDescriptor_t desc)
{
    int rank = 0;
    int pads[8] = {0}, strides[8] = {0}, dilations[8] = {0};
    miopenConvolutionMode_t mode = miopenConvolution;
    if (miopenGetConvolutionSpatialDim(desc, &rank) != miopenStatusSuccess || rank < 1 || rank > 8
        || miopenGetConvolutionNdDescriptor(desc, rank, &rank, pads, strides, dilations, &mode) != miopenStatusSuccess) {
        key.push_back(-1);
        return;
    }
    key.push_back(rank);
    key.push_back(static_cast<long long>(mode));
    for (int i = 0; i < rank; ++i) {
        key.push_back(pads[i]);
        key.push_back(strides[i]);
        key.push_back(dilations[i]);
    }
}
static inline bool double_tensor(miopenTensorDescriptor_t desc)
{
    int rank = 0;
    miopenDataType_t type = miopenFloat;
    int lengths[8] = {0}, strides[8] = {0};
    return miopenGetTensorDescriptorSize(desc, &rank) == miopenStatusSuccess && rank >= 1 && rank <= 8
           && miopenGetTensorDescriptor(desc, &type, lengths, strides) == miopenStatusSuccess && type == miopenDouble;
}
// MIOpen reads alpha and beta as double for double tensors, as float otherwise.
static inline bool scalar_is(const void* value, miopenTensorDescriptor_t desc, double expected)
{
    if (value == nullptr)
        return expected == 0.0;
    if (double_tensor(desc))
        return *static_cast<const double*>(value) == expected;
    return *static_cast<const float*>(value) == static_cast<float>(expected);
}
} // namespace hipify_plus_miopen
#endif
#ifndef HIPIFY_PLUS_MIOPEN_FIND
#define HIPIFY_PLUS_MIOPEN_FIND
namespace hipify_plus_miopen {
enum Direction { forward = 0, backward_data = 1, backward_weights = 2 };
// The Find step of one problem, run once: the algorithm it chose and the workspace to run it with.
struct Found {
    int algorithm;
    size_t workspace_size;  // what miopen*GetWorkSpaceSize and the chosen algorithm need
    void* workspace;        // allocated here when a caller's workspace was smaller (kept for the process)
};
static inline miopenStatus_t workspace_size(Direction direction, miopenHandle_t handle,
                                            miopenTensorDescriptor_t aDesc, miopenTensorDescriptor_t bDesc,
                                            miopenConvolutionDescriptor_t convDesc, miopenTensorDescriptor_t cDesc,
                                            size_t* size)
{
    switch (direction) {
    case forward:  // the filter before the input
        return miopenConvolutionForwardGetWorkSpaceSize(handle, bDesc, aDesc, convDesc, cDesc, size);
    case backward_data:
        return miopenConvolutionBackwardDataGetWorkSpaceSize(handle, aDesc, bDesc, convDesc, cDesc, size);
    default:
        return miopenConvolutionBackwardWeightsGetWorkSpaceSize(handle, aDesc, bDesc, convDesc, cDesc, size);
    }
}
// For the problem c = conv(a, b): forward (x, w -> y), backward data (dy, w -> dx), backward
// weights (dy, x -> dw). Find runs the candidates on the call's own buffers, once per handle and
// descriptor contents; it writes c, so when beta is not 0 (the call reads c) it writes a scratch copy.
static inline miopenStatus_t find_once(Direction direction, miopenHandle_t handle,
                                       miopenTensorDescriptor_t aDesc, const void* a,
                                       miopenTensorDescriptor_t bDesc, const void* b,
                                       miopenConvolutionDescriptor_t convDesc, const void* beta,
                                       miopenTensorDescriptor_t cDesc, void* c, void* workSpace,
                                       size_t workSpaceSize, Found* found)
{
    static std::mutex lock;
    static std::map<Problem, Found> cache;
    Problem key;
    key.push_back(direction);
    key.push_back(reinterpret_cast<long long>(handle));
    add_tensor(key, aDesc);
    add_tensor(key, bDesc);
    add_tensor(key, cDesc);
    add_convolution(key, convDesc);
    std::lock_guard<std::mutex> guard(lock);
    std::map<Problem, Found>::iterator known = cache.find(key);
    if (known == cache.end()) {
        Found entry = {0, 0, nullptr};
        miopenStatus_t status = workspace_size(direction, handle, aDesc, bDesc, convDesc, cDesc, &entry.workspace_size);
        if (status != miopenStatusSuccess)
            return status;
        // the search gets the workspace the call will run with: the caller's, or one of MIOpen's size
        void* search_workspace = workSpace;
        if (workSpaceSize < entry.workspace_size) {
            if (hipMalloc(&entry.workspace, entry.workspace_size) != hipSuccess)
                return miopenStatusAllocFailed;
            search_workspace = entry.workspace;
        }
        void* output = c;
        void* scratch = nullptr;
        if (!scalar_is(beta, cDesc, 0.0)) {
            size_t bytes = 0;
            status = miopenGetTensorNumBytes(cDesc, &bytes);
            if (status == miopenStatusSuccess && hipMalloc(&scratch, bytes) != hipSuccess)
                status = miopenStatusAllocFailed;
            output = scratch;
        }
        miopenConvAlgoPerf_t perf;
        int returned = 0;
        if (status == miopenStatusSuccess) {
            switch (direction) {
            case forward:
                status = miopenFindConvolutionForwardAlgorithm(handle, aDesc, a, bDesc, b, convDesc, cDesc, output, 1,
                                                               &returned, &perf, search_workspace,
                                                               entry.workspace_size, false);
                entry.algorithm = perf.fwd_algo;
                break;
            case backward_data:
                status = miopenFindConvolutionBackwardDataAlgorithm(handle, aDesc, a, bDesc, b, convDesc, cDesc,
                                                                    output, 1, &returned, &perf, search_workspace,
                                                                    entry.workspace_size, false);
                entry.algorithm = perf.bwd_data_algo;
                break;
            default:
                status = miopenFindConvolutionBackwardWeightsAlgorithm(handle, aDesc, a, bDesc, b, convDesc, cDesc,
                                                                       output, 1, &returned, &perf, search_workspace,
                                                                       entry.workspace_size, false);
                entry.algorithm = perf.bwd_weights_algo;
                break;
            }
        }
        if (scratch != nullptr)
            (void)hipFree(scratch);
        if (status == miopenStatusSuccess && returned < 1)
            status = miopenStatusUnknownError;
        if (status != miopenStatusSuccess) {
            if (entry.workspace != nullptr)
                (void)hipFree(entry.workspace);
            return status;  // not cached: the next call searches again
        }
        if (perf.memory > entry.workspace_size) {  // not expected: Find keeps to the workspace it gets
            entry.workspace_size = perf.memory;
            if (entry.workspace != nullptr)
                (void)hipFree(entry.workspace);
            entry.workspace = nullptr;  // allocated below if the caller's is smaller
        }
        known = cache.insert(std::make_pair(key, entry)).first;
    }
    if (workSpaceSize < known->second.workspace_size && known->second.workspace == nullptr) {
        if (hipMalloc(&known->second.workspace, known->second.workspace_size) != hipSuccess) {
            known->second.workspace = nullptr;
            return miopenStatusAllocFailed;
        }
    }
    *found = known->second;
    return miopenStatusSuccess;
}
} // namespace hipify_plus_miopen
#endif
#ifndef HIPIFY_PLUS_MIOPEN_FORWARD
#define HIPIFY_PLUS_MIOPEN_FORWARD
namespace hipify_plus_miopen {
// miopenConvolutionForward with the algorithm MIOpen's Find chose for this problem (searched on
// the first call for each handle and descriptor set) and a workspace of at least the size
// miopenConvolutionForwardGetWorkSpaceSize gives: the caller's, or one allocated here.
static inline miopenStatus_t convolution_forward(
    miopenHandle_t handle, const void* alpha, miopenTensorDescriptor_t xDesc, const void* x,
    miopenTensorDescriptor_t wDesc, const void* w, miopenConvolutionDescriptor_t convDesc,
    const void* beta, miopenTensorDescriptor_t yDesc, void* y, void* workSpace, size_t workSpaceSize)
{
    Found found;
    miopenStatus_t status = find_once(forward, handle, xDesc, x, wDesc, w, convDesc,
                                      beta, yDesc, y, workSpace, workSpaceSize, &found);
    if (status != miopenStatusSuccess)
        return status;
    if (workSpaceSize < found.workspace_size) {
        workSpace = found.workspace;
        workSpaceSize = found.workspace_size;
    }
    return miopenConvolutionForward(handle, alpha, xDesc, x, wDesc, w, convDesc,
                                      static_cast<miopenConvFwdAlgorithm_t>(found.algorithm), beta,
                                      yDesc, y, workSpace, workSpaceSize);
}
} // namespace hipify_plus_miopen
#endif

#define CHECK(x) do { miopenStatus_t s_ = (x); if (s_ != miopenStatusSuccess) { \
    printf("%s failed: %s\n", #x, miopenGetErrorString(s_)); return 1; } } while (0)

int main()
{
    const int N = 8, C = 32, H = 28, W = 28, K = 64, R = 3, S = 3;
    miopenHandle_t handle;
    CHECK(miopenCreate(&handle));
    miopenTensorDescriptor_t xDesc, yDesc;
    miopenTensorDescriptor_t wDesc;
    miopenConvolutionDescriptor_t convDesc;
    CHECK(miopenCreateTensorDescriptor(&xDesc));
    CHECK(miopenCreateTensorDescriptor(&yDesc));
    CHECK(miopenCreateTensorDescriptor(&wDesc));
    CHECK(miopenCreateConvolutionDescriptor(&convDesc));
    CHECK(miopenSet4dTensorDescriptor(xDesc, miopenFloat, N, C, H, W));
    CHECK(miopenSet4dTensorDescriptor(wDesc, miopenFloat, K, C, R, S));
    CHECK(miopenInitConvolutionDescriptor(convDesc, miopenConvolution, 1, 1, 1, 1, 1, 1));
    /* hipify-plus: dropped `cudnnSetConvolutionMathType(convDesc, CUDNN_DEFAULT_MATH)`: MIOpen has no math type */;
    int n, c, h, w;
    CHECK(miopenGetConvolutionForwardOutputDim(convDesc, xDesc, wDesc, &n, &c, &h, &w));
    CHECK(miopenSet4dTensorDescriptor(yDesc, miopenFloat, n, c, h, w));

    // The heuristic: no buffers needed, the best algorithm first.
    miopenConvAlgoPerf_t perf[4];
    int returned = 0;
    CHECK(hipify_plus_miopen::convolution_forward_heuristic(handle, xDesc, wDesc, convDesc, yDesc, 4, &returned, perf));
    miopenConvFwdAlgorithm_t algo = perf[0].fwd_algo;
    for (int i = 0; i < returned; ++i)
        if (static_cast<miopenStatus_t>(miopenStatusSuccess) == miopenStatusSuccess && perf[i].memory < (64u << 20)) {
            algo = perf[i].fwd_algo;
            break;
        }
    size_t wsBytes = 0;
    CHECK(miopenConvolutionForwardGetWorkSpaceSize(handle, wDesc, xDesc, convDesc, yDesc, &wsBytes));

    float *x, *wt, *y;
    void *ws = nullptr;
    hipMalloc(&x, sizeof(float) * N * C * H * W);
    hipMalloc(&wt, sizeof(float) * K * C * R * S);
    hipMalloc(&y, sizeof(float) * n * c * h * w);
    if (wsBytes > 0)
        hipMalloc(&ws, wsBytes);

    const float alpha = 1.0f, beta = 0.0f;
    for (int batch = 0; batch < 3; ++batch)
        CHECK(hipify_plus_miopen::convolution_forward(handle, &alpha, xDesc, x, wDesc, wt, convDesc, &beta, yDesc,
                                      y, ws, wsBytes));
    hipDeviceSynchronize();
    printf("algorithm %d, %zu bytes of workspace, output %d x %d x %d x %d\n", (int)algo, wsBytes, n, c, h, w);

    hipFree(ws);
    hipFree(y);
    hipFree(wt);
    hipFree(x);
    miopenDestroyConvolutionDescriptor(convDesc);
    miopenDestroyTensorDescriptor(wDesc);
    miopenDestroyTensorDescriptor(yDesc);
    miopenDestroyTensorDescriptor(xDesc);
    miopenDestroy(handle);
    return 0;
}
