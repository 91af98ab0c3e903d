// Kernels launched with small fixed blocks. Those that keep a register tile per thread lose
// registers to the default 1024-thread bound; element-wise ones use a few registers and do not.
#include <cuda_runtime.h>

#define BLOCK_SIZE 128
#define KERNEL_BOUNDS __launch_bounds__(256)
#define TILE 8  // rows and columns of the tile each thread accumulates

__global__ void __launch_bounds__(256) tiled_gemm(int n, const float* a, const float* b, float* c)  // expect: HP201
{
    float acc[TILE][2 * TILE] = {};
    int row = (blockIdx.y * 16 + threadIdx.y) * TILE, col = (blockIdx.x * 16 + threadIdx.x) * 2 * TILE;
    for (int k = 0; k < n; ++k) {
        float ra[TILE], rb[2 * TILE];
#pragma unroll
        for (int i = 0; i < TILE; ++i) ra[i] = a[(row + i) * n + k];
#pragma unroll
        for (int j = 0; j < 2 * TILE; ++j) rb[j] = b[k * n + col + j];
#pragma unroll
        for (int i = 0; i < TILE; ++i)
#pragma unroll
            for (int j = 0; j < 2 * TILE; ++j) acc[i][j] += ra[i] * rb[j];
    }
#pragma unroll
    for (int i = 0; i < TILE; ++i)
#pragma unroll
        for (int j = 0; j < 2 * TILE; ++j) c[(row + i) * n + col + j] = acc[i][j];
}

// The per-thread state may sit in a helper the kernel calls.
__device__ void load_window(const float* x, float (&w)[128], int i)
{
    float staged[128];
#pragma unroll
    for (int k = 0; k < 128; ++k) staged[k] = x[i + k];
#pragma unroll
    for (int k = 0; k < 128; ++k) w[k] = staged[k];
}

__global__ void __launch_bounds__(256) window_transpose(float* out, const float* in, int width)  // expect: HP201
{
    float w[128];
    load_window(in, w, blockIdx.x * 16 + threadIdx.x);
    out[blockIdx.y * width + threadIdx.y] = w[threadIdx.y % 128];
}

__global__ void __launch_bounds__(BLOCK_SIZE) fir(float* x, const float* taps, int n)  // expect: HP201
{
    float window[BLOCK_SIZE];
    int i = blockIdx.x * BLOCK_SIZE + threadIdx.x;
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) window[k] = i + k < n ? x[i + k] : 0.0f;
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) s += window[k] * taps[k];
    if (i < n) x[i] = s;
}

template <typename T>
__global__ void __launch_bounds__(64) moments(T* x, T value, int n)  // expect: HP201
{
    double m[64] = {};
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
    for (int k = 0; k < 64; ++k) m[k] = i < n ? x[i] * (k + value) : 0.0;
    if (i < n) x[i] = m[i % 64];
}

__global__ void __launch_bounds__(512) histogram_private(const int* keys, int* bins, int n)  // expect: HP201
{
    int local[112] = {};
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) local[keys[i] % 112] += 1;
#pragma unroll
    for (int k = 0; k < 112; ++k) atomicAdd(&bins[k], local[k]);
}

__global__ void __launch_bounds__(256) stencil_wide(const float4* in, float4* out, int n)  // expect: HP201
{
    float4 taps[25];
    int i = blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
#pragma unroll
    for (int k = 0; k < 25; ++k) taps[k] = in[(i + k) % n];
    float4 s = {};
#pragma unroll
    for (int k = 0; k < 25; ++k) s.x += taps[k].x, s.y += taps[k].y, s.z += taps[k].z, s.w += taps[k].w;
    out[i] = s;
}

__global__ void __launch_bounds__(192) clamp_block(float* x, int n, int spread)  // expect: HP201
{
    float v[100];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
    for (int k = 0; k < 100; ++k) v[k] = fminf(fmaxf(x[(i + k) % n], -spread), spread);
    x[i % n] = v[i % 100];
}

// A few registers each: the 128-VGPR cap of the default bound never binds.
__global__ void saxpy(int n, float a, const float* x, float* y)  // ok: HP201
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void relu(float* x, int n)  // ok: HP201
{
    int i = blockIdx.x * BLOCK_SIZE + threadIdx.x;
    if (i < n) x[i] = fmaxf(x[i], 0.0f);
}

__global__ void small_tile(float* x, int n)  // ok: HP201 (16 values per thread)
{
    float v[16];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
    for (int k = 0; k < 16; ++k) v[k] = x[(i + k) % n];
    x[i % n] = v[i % 16];
}

__global__ void __launch_bounds__(256) scale(float* x, float s, int n)  // ok: HP201
{
    float acc[TILE][2 * TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    acc[0][0] = s;
    if (i < n) x[i] *= acc[0][0];
}

__global__ void KERNEL_BOUNDS bounded_by_macro(float* x)  // ok: HP201
{
    float acc[TILE][2 * TILE];
    acc[0][0] = -1.0f;
    x[blockIdx.x * blockDim.x + threadIdx.x] = acc[0][0];
}

__global__ void reduce_rows(const float* m, float* sums, int cols)  // ok: HP201
{
    float s[128] = {};
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s[c % 128] += m[blockIdx.x * cols + c];
    atomicAdd(&sums[blockIdx.x], s[threadIdx.x % 128]);
}

__global__ void gather(const float* in, const int* index, float* out, int n)  // ok: HP201
{
    float staged[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    staged[i % 128] = in[index[i % n]];
    if (i < n) out[i] = staged[i % 128];
}

__global__ void big_blocks(float* x)  // ok: HP201
{
    float staged[128];
    staged[threadIdx.x % 128] = 0.0f;
    x[blockIdx.x * blockDim.x + threadIdx.x] = staged[threadIdx.x % 128];
}

__global__ void almost_full_blocks(float* x)  // ok: HP201
{
    float staged[128];
    staged[threadIdx.x % 128] = 1.0f;
    x[blockIdx.x * blockDim.x + threadIdx.x] = staged[threadIdx.x % 128];
}

__global__ void exported_kernel(float* x)  // ok: HP201
{
    x[threadIdx.x] = 2.0f;
}

template <typename Kernel, typename... Args>
void launch_with(Kernel kernel, int threads, Args... args)
{
    kernel<<<1, threads>>>(args...);
}

void run(int n, float* x, float* y, int* keys, int* bins, const float* taps, int user_threads)
{
    int blocks = (n + 255) / 256;
    tiled_gemm<<<dim3(n / 256, n / 256), dim3(16, 16)>>>(n, x, y, x);
    saxpy<<<blocks, 256>>>(n, 2.0f, x, y);
    saxpy<<<blocks / 2, 256, 0, 0>>>(n, 3.0f, x, y);

    dim3 tile(16, 16);
    dim3 grid(n / 16, n / 16);
    window_transpose<<<grid, tile>>>(y, x, n);

    fir<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(x, taps, n);
    relu<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(x, n);
    moments<float><<<blocks, dim3(64)>>>(x, 1.0f, n);
    small_tile<<<blocks, 64>>>(x, n);

    const int threads = 512;
    histogram_private<<<(n + threads - 1) / threads, threads>>>(keys, bins, n);

    dim3 rows{32, 8};
    stencil_wide<<<blocks, rows>>>(reinterpret_cast<const float4*>(x), reinterpret_cast<float4*>(y), n / 4);

    hipLaunchKernelGGL(clamp_block, dim3(blocks), dim3(192), 0, 0, x, n, 4);

    scale<<<blocks, 256>>>(x, 0.5f, n);
    bounded_by_macro<<<blocks, 256>>>(x);
    reduce_rows<<<n, user_threads>>>(x, y, n);
    gather<<<blocks, 256>>>(x, keys, y, n);
    big_blocks<<<blocks, 1024>>>(x);
    almost_full_blocks<<<blocks, 1000>>>(x);
    launch_with(gather, 128, x, keys, y, n);
}

void run_again(int n, int* keys, int* bins)
{
    const int threads = 64;  // another function's `threads`, with another value
    histogram_private<<<(n + 511) / 512, 512>>>(keys, bins, n);
    (void)threads;
}
