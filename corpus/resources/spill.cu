// A register-hungry kernel: each thread keeps 160 partial products live. Launched with 256
// threads, but compiled without __launch_bounds__ hip-clang assumes 1024 and caps it at 128 VGPRs.
#include <cuda_runtime.h>

#define TAPS 160

template <int N>
__global__ void mix(const float* __restrict__ in, float* __restrict__ out)
{
    float acc[N];
#pragma unroll
    for (int i = 0; i < N; ++i) acc[i] = in[threadIdx.x * N + i];
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int i = 0; i < N; ++i) acc[i] = acc[i] * acc[(i * 7 + r) % N] + acc[(i + r) % N];
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < N; ++i) s += acc[i] * (i + 1);
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__global__ void transpose_tile(const float* in, float* out, int n)
{
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
    if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    if (x < n && y < n) out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

void run(const float* in, float* out, float* t, int n, cudaStream_t stream)
{
    mix<TAPS><<<n / 256, 256, 0, stream>>>(in, out);
    dim3 block(32, 32);
    transpose_tile<<<dim3(n / 32, n / 32), block, 0, stream>>>(out, t, n);
}
