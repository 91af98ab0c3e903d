// hipify-plus-test: rocm-version=5.2
// Streaming loads and stores, a flag wait with backoff, a trap, a warp barrier, block-scoped
// atomics, and cooperative-groups reductions, scans and group copies: CUDA device code that
// convert rewrites so that hip-clang compiles it.
#include <cstdio>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void scale_rows(const float* __restrict__ in, float* __restrict__ out, const float4* in4,
                           float4* out4, float* mean, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? __ldcs(in + i) : 0.0f;
    float sum = cg::reduce(warp, v, cg::plus<float>());
    float peak = cg::reduce(warp, v, cg::greater<float>{});
    float prefix = cg::inclusive_scan(warp, v);
    if (i < n) {
        __stcs(out + i, v / (sum + peak) + prefix);
        __stcs(out4 + i / 4, __ldcs(in4 + i / 4));
        __stcg(mean + blockIdx.x, __ldcg(&in[i]));
    }
    __syncwarp();
}

__global__ void histogram(const int* keys, int n, int* bins)
{
    __shared__ int local[64];
    if (threadIdx.x < 64) local[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd_block(&local[keys[i] & 63], 1);
    __syncthreads();
    if (threadIdx.x < 64) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

__global__ void consumer(const int* ready, const float* data, float* out, int* status)
{
    while (__ldcv(ready) == 0) {
        __nanosleep(100);
    }
    __shared__ float tile[128];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, tile, data, sizeof(float) * 128);
    cg::wait(block);
    out[threadIdx.x] = tile[threadIdx.x % 128];
    if (out[threadIdx.x] < 0.0f) {
        *status = -1;
        __trap();
    }
}

int main()
{
    float *in = nullptr, *out = nullptr;
    cudaMalloc(&in, 1024 * sizeof(float));
    cudaMalloc(&out, 1024 * sizeof(float));
    scale_rows<<<4, 256>>>(in, out, (const float4*)in, (float4*)out, out, 1024);
    cudaDeviceSynchronize();
    printf("done\n");
    cudaFree(in);
    cudaFree(out);
    return 0;
}
