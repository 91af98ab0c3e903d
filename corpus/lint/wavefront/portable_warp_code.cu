// Warp code that is already portable between NVIDIA, CDNA (wave64) and RDNA (wave32):
// nothing in this file may be reported.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

#if defined(__GFX8__) || defined(__GFX9__)
#define WAVE_SIZE 64
#else
#define WAVE_SIZE 32  // ok: HP101
#endif

__device__ float warp_sum(float v)
{
    for (int o = warpSize / 2; o > 0; o >>= 1)  // ok: HP105
        v += __shfl_xor(v, o);
    return v;
}

__global__ void block_sum(const float *in, float *out, int n)
{
    extern __shared__ float partial[];
    int lane = threadIdx.x % warpSize;  // ok: HP102
    int warp = threadIdx.x / warpSize;  // ok: HP102
    int warps = (blockDim.x + warpSize - 1) / warpSize;  // ok: HP110
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = warp_sum(i < n ? in[i] : 0.f);
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < warps ? partial[lane] : 0.f;
        v = warp_sum(v);
        if (lane == 0)
            atomicAdd(out, v);
    }
}

__global__ void compact(const int *in, int *out, int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & (warpSize - 1);  // ok: HP102
    bool keep = i < n && in[i] != 0;
    int lanes = warpSize;  // ok: HP106 (a run-time value)
    unsigned long long voters = __ballot(keep);  // ok: HP104
    int leader = __ffsll(voters) - 1;  // ok: HP104
    int base = 0;
    if (lane == leader && lanes > 0)
        base = atomicAdd(count, __popcll(voters));  // ok: HP104
    base = __shfl(base, leader);
    if (keep)
        out[base + __popcll(voters & ((1ull << lane) - 1))] = in[i];  // ok: HP104
}

__global__ void tiles(const float *in, float *out)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());  // ok: HP108
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int o = tile.size() / 2; o > 0; o /= 2)
        v += tile.shfl_down(v, o);
    if (tile.thread_rank() == 0)
        out[blockIdx.x * (blockDim.x / tile.size()) + threadIdx.x / tile.size()] = v;
}

__global__ void set_flags(const float *x, unsigned *bits, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && x[i] > 0.f)
        atomicOr(&bits[i / 32], 1u << (i % 32));  // ok: HP102, HP104 (a bitmap of 32-bit words)
}

void launch(const float *in, float *out, int n, int device)
{
    int warp = 0;
    hipDeviceGetAttribute(&warp, hipDeviceAttributeWarpSize, device);
    int threads = 256;
    size_t shared = (threads / warp) * sizeof(float);  // ok: HP110
    hipLaunchKernelGGL(block_sum, dim3((n + threads - 1) / threads), dim3(threads), shared, 0, in, out, n);
}
