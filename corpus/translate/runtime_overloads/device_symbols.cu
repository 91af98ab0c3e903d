// Device variables passed to the symbol copies: HIP_SYMBOL(sym), as HIPIFY writes it; graph
// memcpy nodes take the symbol's address (&sym) on AMD and NVIDIA alike.
#include <cstdio>
#include <cuda_runtime.h>

struct SimParams { float gravity; float damping; int steps; };

__constant__ float c_kernel[17];
__constant__ SimParams c_params;
__device__ int d_done;
__device__ float* d_scratch;

__global__ void step(float* data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = data[i] * c_params.damping + c_kernel[i % 17] * c_params.gravity;
    if (i == 0) atomicAdd(&d_done, 1);
    if (i == 0 && d_scratch) d_scratch[0] = data[0];
}

int main()
{
    float h_kernel[17] = {};
    SimParams params{-9.8f, 0.99f, 100};
    cudaMemcpyToSymbol(c_kernel, h_kernel, sizeof(h_kernel));
    cudaMemcpyToSymbol(c_params, &params, sizeof(params));

    float* scratch = nullptr;
    cudaMalloc(&scratch, sizeof(float));
    cudaGraph_t graph;
    cudaGraphCreate(&graph, 0);
    cudaGraphNode_t node;
    cudaGraphAddMemcpyNodeToSymbol(&node, graph, nullptr, 0, d_scratch, &scratch, sizeof(scratch), 0,
                                   cudaMemcpyHostToDevice);

    float* data = nullptr;
    cudaMalloc(&data, 1024 * sizeof(float));
    step<<<4, 256>>>(data, 1024);
    int done = 0;
    cudaMemcpyFromSymbol(&done, d_done, sizeof(done));
    void* address = nullptr;
    size_t bytes = 0;
    cudaGetSymbolAddress(&address, c_kernel);
    cudaGetSymbolSize(&bytes, c_kernel);
    printf("%d blocks done, c_kernel at %p (%zu bytes)\n", done, address, bytes);
    cudaGraphDestroy(graph);
    cudaFree(data);
    cudaFree(scratch);
    return 0;
}
