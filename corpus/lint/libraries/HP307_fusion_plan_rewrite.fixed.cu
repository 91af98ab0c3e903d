// hipify-plus-test: select=HP307
// A ported conv + bias + activation block: cuDNN's fused call renamed to MIOpen's, which takes
// other values (and builds a fusion plan per call).
#include <hip/hip_runtime.h>
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
#ifndef HIPIFY_PLUS_MIOPEN_FUSION
#define HIPIFY_PLUS_MIOPEN_FUSION
namespace hipify_plus_miopen {
// cudnnConvolutionBiasActivationForward with alpha1 = 1 and alpha2 = 0: y = act(conv(x, w) + bias).
// A fusion plan (convolution, bias, activation) is created and compiled once per handle,
// descriptor set and activation mode; where MIOpen cannot fuse the problem (compiling fails, or
// running the plan is refused as not implemented) the same result comes from the convolution (with
// Find), a bias add and the activation.
struct Fused {
    miopenFusionPlanDescriptor_t plan;  // nullptr: not fusable, run unfused
    miopenFusionOpDescriptor_t convolution, bias, activation;
};
static inline miopenStatus_t convolution_bias_activation_forward(
    miopenHandle_t handle, miopenTensorDescriptor_t xDesc, const void* x, miopenTensorDescriptor_t wDesc,
    const void* w, miopenConvolutionDescriptor_t convDesc, void* workSpace, size_t workSpaceSize,
    miopenTensorDescriptor_t biasDesc, const void* bias, miopenActivationDescriptor_t activationDesc,
    miopenTensorDescriptor_t yDesc, void* y)
{
    miopenActivationMode_t mode = miopenActivationPASTHRU;
    double activation_alpha = 0.0, activation_beta = 0.0, activation_gamma = 0.0;
    miopenStatus_t status = miopenGetActivationDescriptor(activationDesc, &mode, &activation_alpha, &activation_beta,
                                                          &activation_gamma);
    if (status != miopenStatusSuccess)
        return status;
    static std::mutex lock;
    static std::map<Problem, Fused> cache;
    Problem key;
    key.push_back(reinterpret_cast<long long>(handle));
    key.push_back(static_cast<long long>(mode));
    add_tensor(key, xDesc);
    add_tensor(key, wDesc);
    add_tensor(key, biasDesc);
    add_tensor(key, yDesc);
    add_convolution(key, convDesc);
    Fused fused = {nullptr, nullptr, nullptr, nullptr};
    {
        std::lock_guard<std::mutex> guard(lock);
        std::map<Problem, Fused>::iterator known = cache.find(key);
        if (known == cache.end()) {
            bool built = miopenCreateFusionPlan(&fused.plan, miopenVerticalFusion, xDesc) == miopenStatusSuccess;
            built = built && miopenCreateOpConvForward(fused.plan, &fused.convolution, convDesc, wDesc)
                                 == miopenStatusSuccess;
            built = built && miopenCreateOpBiasForward(fused.plan, &fused.bias, biasDesc) == miopenStatusSuccess;
            if (mode != miopenActivationPASTHRU)
                built = built && miopenCreateOpActivationForward(fused.plan, &fused.activation, mode)
                                     == miopenStatusSuccess;
            built = built && miopenCompileFusionPlan(handle, fused.plan) == miopenStatusSuccess;
            if (!built) {
                if (fused.plan != nullptr)
                    (void)miopenDestroyFusionPlan(fused.plan);
                fused.plan = nullptr;  // not fusable: remembered, so it is not compiled again
            }
            known = cache.insert(std::make_pair(key, fused)).first;
        }
        fused = known->second;
    }
    const float float_one = 1.0f, float_zero = 0.0f;
    const double double_one = 1.0, double_zero = 0.0;
    const bool doubles = double_tensor(yDesc);
    const void* one = doubles ? static_cast<const void*>(&double_one) : static_cast<const void*>(&float_one);
    const void* zero = doubles ? static_cast<const void*>(&double_zero) : static_cast<const void*>(&float_zero);
    if (fused.plan != nullptr) {
        miopenOperatorArgs_t args = nullptr;
        status = miopenCreateOperatorArgs(&args);
        if (status != miopenStatusSuccess)
            return status;
        status = miopenSetOpArgsConvForward(args, fused.convolution, one, zero, w);
        if (status == miopenStatusSuccess)
            status = miopenSetOpArgsBiasForward(args, fused.bias, one, zero, bias);
        if (status == miopenStatusSuccess && fused.activation != nullptr)
            status = miopenSetOpArgsActivForward(args, fused.activation, one, zero, activation_alpha,
                                                 activation_beta, activation_gamma);
        if (status == miopenStatusSuccess)
            status = miopenExecuteFusionPlan(handle, fused.plan, xDesc, x, yDesc, y, args);
        (void)miopenDestroyOperatorArgs(args);
        if (status != miopenStatusNotImplemented && status != miopenStatusUnsupportedOp)
            return status;
        std::lock_guard<std::mutex> guard(lock);  // compiled, but MIOpen will not run it: unfused from now on
        cache[key].plan = nullptr;
    }
    // y = act(conv(x, w) + bias) in three steps; miopenOpTensor is what miopenConvolutionForwardBias
    // runs (with alpha = 1, beta = 0), without its refusal of bf16 tensors
    status = convolution_forward(handle, one, xDesc, x, wDesc, w, convDesc, zero, yDesc, y, workSpace, workSpaceSize);
    if (status == miopenStatusSuccess)  // y = 1 * y + 1 * bias + 0 * y, bias broadcast over N, H, W
        status = miopenOpTensor(handle, miopenTensorOpAdd, one, yDesc, y, one, biasDesc, bias, zero, yDesc, y);
    if (status == miopenStatusSuccess && mode != miopenActivationPASTHRU)
        status = miopenActivationForward(handle, activationDesc, one, yDesc, y, zero, yDesc, y);
    return status;
}
} // namespace hipify_plus_miopen
#endif

struct Block {
    miopenTensorDescriptor_t x, y, bias;
    miopenTensorDescriptor_t w;
    miopenConvolutionDescriptor_t conv;
    miopenActivationDescriptor_t act;
    miopenConvFwdAlgorithm_t algo;
    float *dx, *dy, *dw, *db, *shortcut;
    void* ws;
    size_t ws_bytes;
};

miopenStatus_t forward(miopenHandle_t h, Block& b)
{
    const float one = 1.0f, zero = 0.0f;
    miopenSetActivationDescriptor(b.act, miopenActivationCLIPPEDRELU, 6.0, 0.0, 0.0);
    return hipify_plus_miopen::convolution_bias_activation_forward(h, b.x, b.dx, b.w, b.dw, b.conv,  // expect: HP307
                                                  b.ws, b.ws_bytes, b.bias, b.db,
                                                  b.act, b.y, b.dy);
}

miopenStatus_t residual(miopenHandle_t h, Block& b)
{
    const float one = 1.0f;
    // adds alpha2 * z: no fusion-plan operator for it
    return miopenConvolutionBiasActivationForward(h, &one, b.x, b.dx, b.w, b.dw, b.conv, b.algo,  // expect: HP307
                                                  b.ws, b.ws_bytes, &one, b.y, b.shortcut, b.bias, b.db,
                                                  b.act, b.y, b.dy);
}

miopenStatus_t scaled(miopenHandle_t h, Block& b, const float* alpha)
{
    const float zero = 0.0f;
    return miopenConvolutionBiasActivationForward(h, alpha, b.x, b.dx, b.w, b.dw, b.conv, b.algo,  // expect: HP307
                                                  b.ws, b.ws_bytes, &zero, b.y, b.dy, b.bias, b.db,
                                                  b.act, b.y, b.dy);
}

miopenStatus_t unfused(miopenHandle_t h, Block& b, miopenConvFwdAlgorithm_t algo)
{
    const float one = 1.0f, zero = 0.0f;
    return miopenConvolutionForward(h, &one, b.x, b.dx, b.w, b.dw, b.conv, algo, &zero, b.y, b.dy,  // ok: HP307
                                    b.ws, b.ws_bytes);
}
