// CUDA 13 changed these calls (edge data, memory locations); HIP takes CUDA 12's arguments.
#include <hip/hip_runtime.h>

void deps(hipGraph_t g, hipGraphNode_t a, hipGraphNode_t b, float *p, size_t n, hipStream_t s)
{
    hipGraphAddDependencies(g, &a, &b, 1);                    // CUDA 12: renamed
    cudaGraphAddDependencies(g, &a, &b, nullptr, 1);           // expect: HP015
    hipMemPrefetchAsync(p, n, 0, s);                          // CUDA 12: renamed
    hipMemLocation where = {};
    cudaMemPrefetchAsync(p, n, where, 0, s);                   // expect: HP015
}
