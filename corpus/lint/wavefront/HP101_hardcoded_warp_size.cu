// hipify-plus-test: unsafe-fixes
// Per-warp histograms; the warp width comes from constants written for CUDA.
#include <hip/hip_runtime.h>

#define WARP_SIZE 32  // expect: HP101
#define LOGICAL_WARP_SIZE 32  // ok: HP101 (a logical width chosen on purpose)
#define TILE_DIM 32  // ok: HP101 (not a warp size)
#define BINS 64

#if defined(__GFX8__) || defined(__GFX9__)
#define WAVE_WIDTH 64
#else
#define WAVE_WIDTH 32  // ok: HP101 (already chosen per GPU family)
#endif

constexpr int kWarpSize = 32;  // expect: HP101
static const unsigned int THREADS_PER_WARP = 32u;  // expect: HP101
constexpr int kWarpSize64 = 64;  // ok: HP101

__global__ void warp_histogram(const int *keys, int *hist, int n)
{
    const int warp_size = 32;  // expect: HP101
    __shared__ int counts[BINS * (256 / WARP_SIZE)];
    int lane = threadIdx.x % kWarpSize;
    int warp = threadIdx.x / WARP_SIZE;
    for (int b = lane; b < BINS; b += warp_size)
        counts[warp * BINS + b] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int key = i < n ? keys[i] % BINS : -1;
    // The warp's first lane counts for every lane with its key: a broadcast from lane 0 of the
    // whole wavefront, which on a 64-lane wavefront is not the first lane of the second warp.
    int first = __shfl_sync(~0ull, key, 0);
    if (key >= 0 && key != first)
        atomicAdd(&counts[warp * BINS + key], 1);
    else if (key >= 0 && lane == 0)
        atomicAdd(&counts[warp * BINS + key], __popcll(__ballot_sync(~0ull, key == first)));
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

// 32 as the width of a tile that no warp-synchronous work sees: the same on any wavefront.
#define WARP_WIDTH 32  // ok: HP101 (only the width of a tile: no shuffle, vote or lane mask uses it)

__global__ void transpose_tiles(const float *in, float *out, int width)
{
    __shared__ float tile[WARP_WIDTH][WARP_WIDTH + 1];
    int x = blockIdx.x * WARP_WIDTH + threadIdx.x, y = blockIdx.y * WARP_WIDTH + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
    __syncthreads();
    out[x * width + y] = tile[threadIdx.x][threadIdx.y];
}
