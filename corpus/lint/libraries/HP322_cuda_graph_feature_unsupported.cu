// hipify-plus-test: select=HP322
// A solver loop expressed as a CUDA 12.4 conditional while-node graph.
#include <cuda_runtime.h>

__global__ void step(float* x, cudaGraphConditionalHandle handle, const float* residual, float tol)  // expect: HP322
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        cudaGraphSetConditional(handle, *residual > tol ? 1 : 0);  // expect: HP322
    }
}

void build(cudaGraph_t graph, cudaGraphNode_t* node)
{
    cudaGraphConditionalHandle handle;  // expect: HP322
    cudaGraphConditionalHandleCreate(&handle, graph, 1, cudaGraphCondAssignDefault);  // expect: HP322, HP322
    cudaGraphNodeParams params = {};
    params.type = cudaGraphNodeTypeConditional;  // expect: HP322
    params.conditional.handle = handle;
    params.conditional.type = cudaGraphCondTypeWhile;  // expect: HP322
    params.conditional.size = 1;
    cudaGraphAddNode(node, graph, nullptr, 0, &params);  // ok: HP322
}

void update(cudaGraphExec_t exec, cudaGraph_t graph)
{
    cudaGraphExecUpdateResultInfo info;  // expect: HP322
    cudaGraphExecUpdate(exec, graph, &info);  // ok: HP322
}
