// Hopper kernels that also bound the number of blocks per cluster.
#include <hip/hip_runtime.h>

#if defined(__HIP_PLATFORM_AMD__)  // hipify-plus: no block clusters on AMD
#define HP_MIN_BLOCKS_CLUSTER_attention_tile 2
#else
#define HP_MIN_BLOCKS_CLUSTER_attention_tile 2, 4
#endif
__global__ void __launch_bounds__(256, HP_MIN_BLOCKS_CLUSTER_attention_tile) attention_tile(const float* q, float* o)  // expect: HP205
{
    o[blockIdx.x * 256 + threadIdx.x] = q[threadIdx.x];
}

#if defined(__HIP_PLATFORM_AMD__)  // hipify-plus: no block clusters on AMD
#define HP_MIN_BLOCKS_CLUSTER_gemm_tile 1
#else
#define HP_MIN_BLOCKS_CLUSTER_gemm_tile 1, 2
#endif
template <int BLOCK>
__global__ void __launch_bounds__(BLOCK, HP_MIN_BLOCKS_CLUSTER_gemm_tile) gemm_tile(const float* a, float* c)  // expect: HP205
{
    c[blockIdx.x * BLOCK + threadIdx.x] = a[threadIdx.x];
}

__global__ void __launch_bounds__(256, 2) no_clusters(float* x)  // ok: HP205
{
    x[threadIdx.x] = 0.0f;
}
