// CUDA 13 changed these calls (edge data, memory locations); HIP takes CUDA 12's arguments.
#include <cuda_runtime.h>

void deps(cudaGraph_t g, cudaGraphNode_t a, cudaGraphNode_t b, float *p, size_t n, cudaStream_t s)
{
    cudaGraphAddDependencies(g, &a, &b, 1);                    // CUDA 12: renamed
    cudaGraphAddDependencies(g, &a, &b, nullptr, 1);           // expect: HP015
    cudaMemPrefetchAsync(p, n, 0, s);                          // CUDA 12: renamed
    cudaMemLocation where = {};
    cudaMemPrefetchAsync(p, n, where, 0, s);                   // expect: HP015
}
