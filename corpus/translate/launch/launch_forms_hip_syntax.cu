// hipify-plus-test: hip-launch-syntax
// A small image pipeline that launches kernels in every syntactic form.
#include <cstdio>
#include <cuda_runtime.h>

#define LAUNCH_1D(kernel, n, stream, ...) \
    kernel<<<((n) + 255) / 256, 256, 0, stream>>>(__VA_ARGS__)  // expect: HP009

__global__ void clear(float *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] = 0.0f; }

__global__ void scale(float *p, int n, float s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] *= s;
}

__global__ void blur_rows(const float *in, float *out, int w, int h)
{
    extern __shared__ float row[];
    int y = blockIdx.y, x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x < w) row[threadIdx.x] = in[y * w + x];
    __syncthreads();
    if (x > 0 && x < w - 1 && threadIdx.x > 0 && threadIdx.x < blockDim.x - 1)
        out[y * w + x] = (row[threadIdx.x - 1] + row[threadIdx.x] + row[threadIdx.x + 1]) / 3.0f;
}

template <typename T, int TILE>
__global__ void transpose(const T *in, T *out, int w, int h)
{
    __shared__ T tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x; y = blockIdx.x * TILE + threadIdx.y;
    if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

static int clamp_blocks(int n, int max) { return n < max ? n : max; }

int main()
{
    const int w = 1920, h = 1080, n = w * h;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaStream_t s;
    cudaStreamCreate(&s);

    clear<<<(n + 255) / 256, 256>>>(a, n);                          // grid, block
    LAUNCH_1D(clear, n, s, b, n);                                    // inside a macro
    scale<<<dim3((n + 511) / 512), dim3(512), 0>>>(a, n, 2.0f);     // dim3 + smem
    blur_rows<<<dim3((w + 127) / 128, h), 128, 128 * sizeof(float), s>>>(a, b, w, h);

    dim3 block(32, 8);
    dim3 grid((w + 31) / 32,
              (h + 31) / 32);
    transpose<float, 32><<<grid, dim3(32, 32), 0, s>>>(
        b,
        a,
        w,
        h);
    scale<<< /* one wave is enough here */ clamp_blocks(n / 256, 1024), 256 >>>(a, n, 0.5f);
    scale<<<clamp_blocks((n + 255) / 256, 65535), block.x * block.y, 0, s>>>(
        b, n, [](float x, float y) { return x > y ? x : y; }(1.0f, 0.25f));
    transpose<float, 16><<<dim3((w + 15) / 16, (h + 15) / 16),
                           dim3(16, 16),
                           0,
                           s>>>(a, b, w, h);

    cudaStreamSynchronize(s);
    printf("launch status: %s\n", cudaGetErrorString(cudaGetLastError()));
    cudaStreamDestroy(s);
    cudaFree(a);
    cudaFree(b);
    return 0;
}
