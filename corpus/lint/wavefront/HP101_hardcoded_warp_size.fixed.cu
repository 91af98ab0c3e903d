// hipify-plus-test: unsafe-fixes
// Per-warp histograms; the warp width comes from constants written for CUDA.
#include <hip/hip_runtime.h>

// HP_WARP_SIZE (hipify-plus): compile-time wavefront size of the device pass. The AMD host
// pass sees 64 even for RDNA targets: host code must query hipDeviceAttributeWarpSize.
#ifndef HP_WARP_SIZE
#if defined(__HIP__) && (!defined(__HIP_DEVICE_COMPILE__) || defined(__GFX8__) || defined(__GFX9__))
#define HP_WARP_SIZE 64
#else
#define HP_WARP_SIZE 32
#endif
#endif

#define WARP_SIZE HP_WARP_SIZE  // expect: HP101
#define LOGICAL_WARP_SIZE 32  // ok: HP101 (a logical width chosen on purpose)
#define TILE_DIM 32  // ok: HP101 (not a warp size)
#define BINS 64

#if defined(__GFX8__) || defined(__GFX9__)
#define WAVE_WIDTH 64
#else
#define WAVE_WIDTH 32  // ok: HP101 (already chosen per GPU family)
#endif

constexpr int kWarpSize = 32;  // expect: HP101
static const unsigned int THREADS_PER_WARP = HP_WARP_SIZE;  // expect: HP101
constexpr int kWarpSize64 = 64;  // ok: HP101

__global__ void warp_histogram(const int *keys, int *hist, int n)
{
    const int warp_size = HP_WARP_SIZE;  // expect: HP101
    __shared__ int counts[BINS * (256 / WARP_SIZE)];
    int lane = threadIdx.x % WARP_SIZE;
    int warp = threadIdx.x / WARP_SIZE;
    for (int b = lane; b < BINS; b += warp_size)
        counts[warp * BINS + b] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&counts[warp * BINS + keys[i] % BINS], 1);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        int total = 0;
        for (int w = 0; w < 256 / THREADS_PER_WARP; ++w)
            total += counts[w * BINS + b];
        atomicAdd(&hist[b], total);
    }
}

int warps_for(int threads)
{
    return threads / kWarpSize;
}
