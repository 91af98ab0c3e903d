// Hopper kernels that also bound the number of blocks per cluster.
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256, 2, 4) attention_tile(const float* q, float* o)  // expect: HP205
{
    o[blockIdx.x * 256 + threadIdx.x] = q[threadIdx.x];
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK, 1, 2) gemm_tile(const float* a, float* c)  // expect: HP205
{
    c[blockIdx.x * BLOCK + threadIdx.x] = a[threadIdx.x];
}

__global__ void __launch_bounds__(256, 2) no_clusters(float* x)  // ok: HP205
{
    x[threadIdx.x] = 0.0f;
}
