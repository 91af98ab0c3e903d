// 3x3 convolution via the cuDNN backend API: op graph -> heuristics -> plan -> execute.
#include <cstdio>
#include <cstdint>
#include <initializer_list>
#include <cuda_runtime.h>
#include <cudnn.h>

#define CK(x) do { cudnnStatus_t s = (x); if (s != CUDNN_STATUS_SUCCESS) { \
    printf("%s -> %s\n", #x, cudnnGetErrorString(s)); return 1; } } while (0)

struct Attr { cudnnBackendAttributeName_t name; cudnnBackendAttributeType_t type; int64_t n; const void *v; };

static cudnnBackendDescriptor_t build(cudnnBackendDescriptorType_t kind, std::initializer_list<Attr> attrs)
{
    cudnnBackendDescriptor_t d = nullptr;
    if (cudnnBackendCreateDescriptor(kind, &d) != CUDNN_STATUS_SUCCESS) return nullptr;  // expect: HP308
    for (const Attr &a : attrs) cudnnBackendSetAttribute(d, a.name, a.type, a.n, a.v);
    return cudnnBackendFinalize(d) == CUDNN_STATUS_SUCCESS ? d : nullptr;
}

static cudnnBackendDescriptor_t tensor(int64_t uid, const int64_t *dims)
{
    const int64_t strides[4] = { dims[1] * dims[2] * dims[3], dims[2] * dims[3], dims[3], 1 };
    static const cudnnDataType_t dt = CUDNN_DATA_FLOAT; static const int64_t align = 16;
    return build(CUDNN_BACKEND_TENSOR_DESCRIPTOR, {
        { CUDNN_ATTR_TENSOR_DATA_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &dt },
        { CUDNN_ATTR_TENSOR_DIMENSIONS, CUDNN_TYPE_INT64, 4, dims },
        { CUDNN_ATTR_TENSOR_STRIDES, CUDNN_TYPE_INT64, 4, strides },
        { CUDNN_ATTR_TENSOR_UNIQUE_ID, CUDNN_TYPE_INT64, 1, &uid },
        { CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT, CUDNN_TYPE_INT64, 1, &align } });
}

int main()
{
    cudnnHandle_t h;
    CK(cudnnCreate(&h));
    float *x, *w, *y;
    cudaMalloc(&x, sizeof(float) * 8 * 32 * 64 * 64); cudaMalloc(&w, sizeof(float) * 64 * 32 * 3 * 3);
    cudaMalloc(&y, sizeof(float) * 8 * 64 * 64 * 64);
    const int64_t xd[4] = { 8, 32, 64, 64 }, wd[4] = { 64, 32, 3, 3 }, yd[4] = { 8, 64, 64, 64 };
    cudnnBackendDescriptor_t tx = tensor('x', xd), tw = tensor('w', wd), ty = tensor('y', yd);
    const int64_t nd = 2, pad[2] = { 1, 1 }, one[2] = { 1, 1 };
    const cudnnDataType_t comp = CUDNN_DATA_FLOAT; const cudnnConvolutionMode_t mode = CUDNN_CROSS_CORRELATION;
    cudnnBackendDescriptor_t conv = build(CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR, {
        { CUDNN_ATTR_CONVOLUTION_SPATIAL_DIMS, CUDNN_TYPE_INT64, 1, &nd },
        { CUDNN_ATTR_CONVOLUTION_COMP_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &comp },
        { CUDNN_ATTR_CONVOLUTION_CONV_MODE, CUDNN_TYPE_CONVOLUTION_MODE, 1, &mode },
        { CUDNN_ATTR_CONVOLUTION_PRE_PADDINGS, CUDNN_TYPE_INT64, 2, pad },
        { CUDNN_ATTR_CONVOLUTION_POST_PADDINGS, CUDNN_TYPE_INT64, 2, pad },
        { CUDNN_ATTR_CONVOLUTION_DILATIONS, CUDNN_TYPE_INT64, 2, one },
        { CUDNN_ATTR_CONVOLUTION_FILTER_STRIDES, CUDNN_TYPE_INT64, 2, one } });
    const float alpha = 1.0f, beta = 0.0f;
    cudnnBackendDescriptor_t op = build(CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR, {
        { CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &tx },
        { CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_W, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &tw },
        { CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &ty },
        { CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_CONV_DESC, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &conv },
        { CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_ALPHA, CUDNN_TYPE_FLOAT, 1, &alpha },
        { CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_BETA, CUDNN_TYPE_FLOAT, 1, &beta } });
    cudnnBackendDescriptor_t graph = build(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR, {
        { CUDNN_ATTR_OPERATIONGRAPH_OPS, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &op } });
    const cudnnBackendHeurMode_t hm = CUDNN_HEUR_MODE_INSTANT;
    cudnnBackendDescriptor_t heur = build(CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR, {
        { CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &graph },
        { CUDNN_ATTR_ENGINEHEUR_MODE, CUDNN_TYPE_HEUR_MODE, 1, &hm } });
    cudnnBackendDescriptor_t cfg; int64_t nCfg = 0, wsSize = 0;
    CK(cudnnBackendCreateDescriptor(CUDNN_BACKEND_ENGINECFG_DESCRIPTOR, &cfg));  // expect: HP308
    CK(cudnnBackendGetAttribute(heur, CUDNN_ATTR_ENGINEHEUR_RESULTS, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &nCfg, &cfg));
    cudnnBackendDescriptor_t plan = build(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR, {
        { CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &cfg } });
    CK(cudnnBackendGetAttribute(plan, CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE, CUDNN_TYPE_INT64, 1, nullptr, &wsSize));
    void *ws = nullptr;
    if (wsSize > 0) cudaMalloc(&ws, wsSize);
    void *ptrs[3] = { x, w, y }; const int64_t uids[3] = { 'x', 'w', 'y' };
    cudnnBackendDescriptor_t pack = build(CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR, {
        { CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS, CUDNN_TYPE_VOID_PTR, 3, ptrs },
        { CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS, CUDNN_TYPE_INT64, 3, uids },
        { CUDNN_ATTR_VARIANT_PACK_WORKSPACE, CUDNN_TYPE_VOID_PTR, 1, &ws } });
    CK(cudnnBackendExecute(h, plan, pack));
    cudaDeviceSynchronize();
    for (cudnnBackendDescriptor_t d : { pack, plan, cfg, heur, graph, op, conv, tx, tw, ty }) cudnnBackendDestroyDescriptor(d);
    cudaFree(ws); cudaFree(x); cudaFree(w); cudaFree(y);
    cudnnDestroy(h);
    return 0;
}
