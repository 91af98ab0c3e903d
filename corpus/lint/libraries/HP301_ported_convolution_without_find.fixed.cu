// hipify-plus-test: select=HP301
// The same layer after porting to MIOpen: Find is mandatory before each direction.
#include <miopen/miopen.h>

// hipify-plus: MIOpen support for the rewritten cuDNN calls (HP301/HP303/HP304/HP307).
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
#ifndef HIPIFY_PLUS_MIOPEN_BACKWARD_DATA
#define HIPIFY_PLUS_MIOPEN_BACKWARD_DATA
namespace hipify_plus_miopen {
// miopenConvolutionBackwardData with the algorithm MIOpen's Find chose for this problem (searched on
// the first call for each handle and descriptor set) and a workspace of at least the size
// miopenConvolutionBackwardDataGetWorkSpaceSize gives: the caller's, or one allocated here.
static inline miopenStatus_t convolution_backward_data(
    miopenHandle_t handle, const void* alpha, miopenTensorDescriptor_t dyDesc, const void* dy,
    miopenTensorDescriptor_t wDesc, const void* w, miopenConvolutionDescriptor_t convDesc,
    const void* beta, miopenTensorDescriptor_t dxDesc, void* dx, void* workSpace, size_t workSpaceSize)
{
    Found found;
    miopenStatus_t status = find_once(backward_data, handle, dyDesc, dy, wDesc, w, convDesc,
                                      beta, dxDesc, dx, workSpace, workSpaceSize, &found);
    if (status != miopenStatusSuccess)
        return status;
    if (workSpaceSize < found.workspace_size) {
        workSpace = found.workspace;
        workSpaceSize = found.workspace_size;
    }
    return miopenConvolutionBackwardData(handle, alpha, dyDesc, dy, wDesc, w, convDesc,
                                      static_cast<miopenConvBwdDataAlgorithm_t>(found.algorithm), beta,
                                      dxDesc, dx, workSpace, workSpaceSize);
}
} // namespace hipify_plus_miopen
#endif

struct Layer {
    miopenTensorDescriptor_t x_desc, y_desc, w_desc;
    miopenConvolutionDescriptor_t conv_desc;
    float *x, *w, *y, *dx, *dw, *dy;
    void* workspace;
    size_t workspace_size;
};

void forward(miopenHandle_t handle, Layer& l)
{
    const float one = 1.0f, zero = 0.0f;
    miopenConvAlgoPerf_t perf[4];
    int returned = 0;
    miopenFindConvolutionForwardAlgorithm(handle, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc, l.y_desc, l.y,
                                          4, &returned, perf, l.workspace, l.workspace_size, false);
    miopenConvolutionForward(handle, &one, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc,  // ok: HP301
                             perf[0].fwd_algo, &zero, l.y_desc, l.y, l.workspace, l.workspace_size);
}

void backward_weights(miopenHandle_t handle, Layer& l)
{
    const float one = 1.0f, zero = 0.0f;
    miopenConvolutionBackwardWeights(handle, &one, l.y_desc, l.dy, l.x_desc, l.x, l.conv_desc,
                                     miopenConvolutionBwdWeightsAlgoGEMM,  // expect: HP301
                                     &zero, l.w_desc, l.dw, l.workspace, l.workspace_size);
}

void backward_data(miopenHandle_t handle, Layer& l)
{
    const float one = 1.0f, zero = 0.0f;
    miopenConvAlgoPerf_t perf;
    int returned = 0;
    // The search covers only the forward direction.
    miopenFindConvolutionForwardAlgorithm(handle, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc, l.y_desc, l.y,
                                          1, &returned, &perf, l.workspace, l.workspace_size, false);
    hipify_plus_miopen::convolution_backward_data(handle, &one, l.y_desc, l.dy, l.w_desc, l.w, l.conv_desc,  // expect: HP301
                                  &zero, l.x_desc, l.dx, l.workspace, l.workspace_size);
}
