// Element-wise kernels launched with small fixed blocks, and a few that must stay as they are.
#include <cuda_runtime.h>

#define BLOCK_SIZE 128
#define KERNEL_BOUNDS __launch_bounds__(256)

__global__ void __launch_bounds__(256) saxpy(int n, float a, const float* x, float* y)  // expect: HP201
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void __launch_bounds__(256) transpose(float* out, const float* in, int width)  // expect: HP201
{
    int x = blockIdx.x * 16 + threadIdx.x;
    int y = blockIdx.y * 16 + threadIdx.y;
    out[x * width + y] = in[y * width + x];
}

__global__ void __launch_bounds__(BLOCK_SIZE) relu(float* x, int n)  // expect: HP201
{
    int i = blockIdx.x * BLOCK_SIZE + threadIdx.x;
    if (i < n) x[i] = fmaxf(x[i], 0.0f);
}

template <typename T>
__global__ void __launch_bounds__(64) fill(T* x, T value, int n)  // expect: HP201
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = value;
}

__global__ void __launch_bounds__(512) histogram(const int* keys, int* bins, int n)  // expect: HP201
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&bins[keys[i]], 1);
}

__global__ void __launch_bounds__(256) stencil(const float* in, float* out, int n)  // expect: HP201
{
    int i = blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1) out[i] = 0.25f * in[i - 1] + 0.5f * in[i] + 0.25f * in[i + 1];
}

__global__ void __launch_bounds__(192) clamp_values(float* x, int n, int spread)  // expect: HP201
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = fminf(fmaxf(x[i], -spread), spread);
}

__global__ void __launch_bounds__(256) scale(float* x, float s, int n)  // ok: HP201
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= s;
}

__global__ void KERNEL_BOUNDS bounded_by_macro(float* x)  // ok: HP201
{
    x[blockIdx.x * blockDim.x + threadIdx.x] = -1.0f;
}

__global__ void reduce_rows(const float* m, float* sums, int cols)  // ok: HP201
{
    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += m[blockIdx.x * cols + c];
    atomicAdd(&sums[blockIdx.x], s);
}

__global__ void gather(const float* in, const int* index, float* out, int n)  // ok: HP201
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[index[i]];
}

__global__ void big_blocks(float* x)  // ok: HP201
{
    x[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
}

__global__ void almost_full_blocks(float* x)  // ok: HP201
{
    x[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
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

void run(int n, float* x, float* y, int* keys, int* bins, int user_threads)
{
    int blocks = (n + 255) / 256;
    saxpy<<<blocks, 256>>>(n, 2.0f, x, y);
    saxpy<<<blocks / 2, 256, 0, 0>>>(n, 3.0f, x, y);

    dim3 tile(16, 16);
    dim3 grid(n / 16, n / 16);
    transpose<<<grid, tile>>>(y, x, n);

    relu<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(x, n);
    fill<float><<<blocks, dim3(64)>>>(x, 1.0f, n);

    const int threads = 512;
    histogram<<<(n + threads - 1) / threads, threads>>>(keys, bins, n);

    dim3 rows{32, 8};
    stencil<<<blocks, rows>>>(x, y, n);

    hipLaunchKernelGGL(clamp_values, dim3(blocks), dim3(192), 0, 0, x, n, 4);

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
    histogram<<<(n + 511) / 512, 512>>>(keys, bins, n);
    (void)threads;
}
