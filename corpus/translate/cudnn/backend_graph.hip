// 3x3 convolution via the cuDNN backend API: op graph -> heuristics -> plan -> execute.
#include <cstdio>
#include <cstdint>
#include <initializer_list>
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

#define CK(x) do { miopenStatus_t s = (x); if (s != miopenStatusSuccess) { \
    printf("%s -> %s\n", #x, miopenGetErrorString(s)); return 1; } } while (0)

struct Attr { miopenBackendAttributeName_t name; miopenBackendAttributeType_t type; int64_t n; const void *v; };

static miopenBackendDescriptor_t build(miopenBackendDescriptorType_t kind, std::initializer_list<Attr> attrs)
{
    miopenBackendDescriptor_t d = nullptr;
    if (miopenBackendCreateDescriptor(kind, &d) != miopenStatusSuccess) return nullptr;  // expect: HP308
    for (const Attr &a : attrs) miopenBackendSetAttribute(d, a.name, a.type, a.n, const_cast<void*>(a.v));
    return miopenBackendFinalize(d) == miopenStatusSuccess ? d : nullptr;
}

static miopenBackendDescriptor_t tensor(int64_t uid, const int64_t *dims)
{
    const int64_t strides[4] = { dims[1] * dims[2] * dims[3], dims[2] * dims[3], dims[3], 1 };
    static const miopenDataType_t dt = miopenFloat; static const int64_t align = 16;
    return build(MIOPEN_BACKEND_TENSOR_DESCRIPTOR, {
        { MIOPEN_ATTR_TENSOR_DATA_TYPE, MIOPEN_TYPE_DATA_TYPE, 1, &dt },
        { MIOPEN_ATTR_TENSOR_DIMENSIONS, MIOPEN_TYPE_INT64, 4, dims },
        { MIOPEN_ATTR_TENSOR_STRIDES, MIOPEN_TYPE_INT64, 4, strides },
        { MIOPEN_ATTR_TENSOR_UNIQUE_ID, MIOPEN_TYPE_INT64, 1, &uid },
        { MIOPEN_ATTR_TENSOR_BYTE_ALIGNMENT, MIOPEN_TYPE_INT64, 1, &align } });
}

int main()
{
    miopenHandle_t h;
    CK(miopenCreate(&h));
    float *x, *w, *y;
    hipMalloc(&x, sizeof(float) * 8 * 32 * 64 * 64); hipMalloc(&w, sizeof(float) * 64 * 32 * 3 * 3);
    hipMalloc(&y, sizeof(float) * 8 * 64 * 64 * 64);
    const int64_t xd[4] = { 8, 32, 64, 64 }, wd[4] = { 64, 32, 3, 3 }, yd[4] = { 8, 64, 64, 64 };
    miopenBackendDescriptor_t tx = tensor('x', xd), tw = tensor('w', wd), ty = tensor('y', yd);
    const int64_t nd = 2, pad[2] = { 1, 1 }, one[2] = { 1, 1 };
    const miopenDataType_t comp = miopenFloat; const miopenConvolutionMode_t mode = miopenConvolution;
    miopenBackendDescriptor_t conv = build(MIOPEN_BACKEND_CONVOLUTION_DESCRIPTOR, {
        { MIOPEN_ATTR_CONVOLUTION_SPATIAL_DIMS, MIOPEN_TYPE_INT64, 1, &nd },
        { MIOPEN_ATTR_CONVOLUTION_COMP_TYPE, MIOPEN_TYPE_DATA_TYPE, 1, &comp },
        { MIOPEN_ATTR_CONVOLUTION_CONV_MODE, MIOPEN_TYPE_CONVOLUTION_MODE, 1, &mode },
        { MIOPEN_ATTR_CONVOLUTION_PRE_PADDINGS, MIOPEN_TYPE_INT64, 2, pad },
        { MIOPEN_ATTR_CONVOLUTION_POST_PADDINGS, MIOPEN_TYPE_INT64, 2, pad },
        { MIOPEN_ATTR_CONVOLUTION_DILATIONS, MIOPEN_TYPE_INT64, 2, one },
        { MIOPEN_ATTR_CONVOLUTION_FILTER_STRIDES, MIOPEN_TYPE_INT64, 2, one } });
    const float alpha = 1.0f, beta = 0.0f;
    miopenBackendDescriptor_t op = build(MIOPEN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR, {
        { MIOPEN_ATTR_OPERATION_CONVOLUTION_FORWARD_X, MIOPEN_TYPE_BACKEND_DESCRIPTOR, 1, &tx },
        { MIOPEN_ATTR_OPERATION_CONVOLUTION_FORWARD_W, MIOPEN_TYPE_BACKEND_DESCRIPTOR, 1, &tw },
        { MIOPEN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y, MIOPEN_TYPE_BACKEND_DESCRIPTOR, 1, &ty },
        { MIOPEN_ATTR_OPERATION_CONVOLUTION_FORWARD_CONV_DESC, MIOPEN_TYPE_BACKEND_DESCRIPTOR, 1, &conv },
        { MIOPEN_ATTR_OPERATION_CONVOLUTION_FORWARD_ALPHA, MIOPEN_TYPE_FLOAT, 1, &alpha },
        { MIOPEN_ATTR_OPERATION_CONVOLUTION_FORWARD_BETA, MIOPEN_TYPE_FLOAT, 1, &beta } });
    miopenBackendDescriptor_t graph = build(MIOPEN_BACKEND_OPERATIONGRAPH_DESCRIPTOR, {
        { MIOPEN_ATTR_OPERATIONGRAPH_OPS, MIOPEN_TYPE_BACKEND_DESCRIPTOR, 1, &op } });
    const miopenBackendHeurMode_t hm = MIOPEN_HEUR_MODE_INSTANT;
    miopenBackendDescriptor_t heur = build(MIOPEN_BACKEND_ENGINEHEUR_DESCRIPTOR, {
        { MIOPEN_ATTR_ENGINEHEUR_OPERATION_GRAPH, MIOPEN_TYPE_BACKEND_DESCRIPTOR, 1, &graph },
        { MIOPEN_ATTR_ENGINEHEUR_MODE, MIOPEN_TYPE_HEUR_MODE, 1, &hm } });
    miopenBackendDescriptor_t cfg; int64_t nCfg = 0, wsSize = 0;
    CK(miopenBackendCreateDescriptor(MIOPEN_BACKEND_ENGINECFG_DESCRIPTOR, &cfg));  // expect: HP308
    CK(miopenBackendGetAttribute(heur, MIOPEN_ATTR_ENGINEHEUR_RESULTS, MIOPEN_TYPE_BACKEND_DESCRIPTOR, 1, &nCfg, &cfg));
    miopenBackendDescriptor_t plan = build(MIOPEN_BACKEND_EXECUTION_PLAN_DESCRIPTOR, {
        { MIOPEN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG, MIOPEN_TYPE_BACKEND_DESCRIPTOR, 1, &cfg } });
    CK(miopenBackendGetAttribute(plan, MIOPEN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE, MIOPEN_TYPE_INT64, 1, nullptr, &wsSize));
    void *ws = nullptr;
    if (wsSize > 0) hipMalloc(&ws, wsSize);
    void *ptrs[3] = { x, w, y }; const int64_t uids[3] = { 'x', 'w', 'y' };
    miopenBackendDescriptor_t pack = build(MIOPEN_BACKEND_VARIANT_PACK_DESCRIPTOR, {
        { MIOPEN_ATTR_VARIANT_PACK_DATA_POINTERS, MIOPEN_TYPE_VOID_PTR, 3, ptrs },
        { MIOPEN_ATTR_VARIANT_PACK_UNIQUE_IDS, MIOPEN_TYPE_INT64, 3, uids },
        { MIOPEN_ATTR_VARIANT_PACK_WORKSPACE, MIOPEN_TYPE_VOID_PTR, 1, &ws } });
    CK(miopenBackendExecute(h, plan, pack));
    hipDeviceSynchronize();
    for (miopenBackendDescriptor_t d : { pack, plan, cfg, heur, graph, op, conv, tx, tw, ty }) miopenBackendDestroyDescriptor(d);
    hipFree(ws); hipFree(x); hipFree(w); hipFree(y);
    miopenDestroy(h);
    return 0;
}
