// Row norms and row scaling: the number of warps per block is computed for 32-thread warps.
#include <hip/hip_runtime.h>
#include <math.h>

#define BLOCK 256
constexpr int kWarpsPerBlock = BLOCK / 32;  // expect: HP110

// The kernel counts its own warps and the launch does not depend on them: the rewrite is safe.
__global__ void row_norms(const float *x, float *norms, int cols)
{
    __shared__ float partial[BLOCK / 32];  // expect: HP110
    int lane = threadIdx.x % warpSize;
    int warp = threadIdx.x / warpSize;
    float v = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        float e = x[blockIdx.x * cols + c];
        v += e * e;
    }
    for (int o = warpSize / 2; o > 0; o /= 2)
        v += __shfl_xor_sync(~0ull, v, o);
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        float total = 0.f;
        for (int w = 0; w < blockDim.x / warpSize; ++w)  // expect: HP110
            total += partial[w];
        norms[blockIdx.x] = sqrtf(total);
    }
}

// One warp per row, and the host derives the grid from 32-thread warps: unsafe.
__global__ void scale_rows(float *x, const float *scale, int rows, int cols)
{
    int warps_per_block = blockDim.x >> 5;  // expect: HP110
    int row = blockIdx.x * warps_per_block + threadIdx.x / warpSize;
    if (row >= rows)
        return;
    for (int c = threadIdx.x % warpSize; c < cols; c += warpSize)
        x[row * cols + c] *= scale[row];
}

void normalize(float *x, float *norms, const float *scale, int rows, int cols, hipStream_t stream)
{
    row_norms<<<rows, BLOCK, 0, stream>>>(x, norms, cols);
    int threads = BLOCK;
    int rows_per_block = (threads + 31) / 32;  // expect: HP110
    scale_rows<<<(rows + rows_per_block - 1) / rows_per_block, threads, 0, stream>>>(x, scale, rows, cols);
}

// Not warp counts.
int chunks(int n, int bytes)
{
    int words = (n + 31) / 32;  // ok: HP110 (32-bit words of a bitmap)
    return words + bytes / 32;  // ok: HP110
}

size_t portable_shared_bytes(int threads, int device)
{
    int warp = 0;
    hipDeviceGetAttribute(&warp, hipDeviceAttributeWarpSize, device);
    return (threads + warp - 1) / warp * sizeof(float);  // ok: HP110
}
