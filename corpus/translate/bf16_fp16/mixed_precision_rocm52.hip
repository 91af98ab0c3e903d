// hipify-plus-test: rocm-version=5.2
// Mixed-precision helpers: fp32 <-> fp16/bf16 conversion and a half2 AXPY.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bfloat16.h>  // expect: HP008

__global__ void f32_to_f16(const float *in, __half *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = __float2half(in[i]);
}

__global__ void f32_to_bf16(const float *in, hip_bfloat16 *out, int n)  // expect: HP008
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = __float2bfloat16(in[i]);  // expect: HP005
}

// y = a * x + y on packed half2 values; n2 is the number of half2 pairs.
__global__ void haxpy2(int n2, __half a, const __half2 *x, __half2 *y)
{
    __half2 a2 = __half2half2(a);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += blockDim.x * gridDim.x)
        y[i] = __hfma2(a2, x[i], y[i]);
}

// Dot product of bf16 vectors, accumulated in fp32.
__global__ void bf16_dot(const __hip_bfloat162 *x, const __hip_bfloat162 *y, int n2, float *result)  // expect: HP005, HP005
{
    float acc = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += blockDim.x * gridDim.x) {
        float2 a = __bfloat1622float2(x[i]);  // expect: HP005
        float2 b = __bfloat1622float2(y[i]);  // expect: HP005
        acc += a.x * b.x + a.y * b.y;
    }
    atomicAdd(result, acc);
}

__global__ void half_stats(const __half *v, int n, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half h = v[i];
    __half sq = __hmul(h, h);
    __half clipped = __hgt(h, __float2half(6.0f)) ? __float2half(6.0f) : h;
    out[i] = __half2float(__hadd(sq, clipped)) + __bfloat162float(__float2bfloat16(1.0f));  // expect: HP005, HP005
}

int main()
{
    const int n = 1 << 20;
    float *d_f32, *d_out, *d_dot;
    __half *d_h;
    hip_bfloat16 *d_bf;  // expect: HP008
    hipMalloc(&d_f32, n * sizeof(float));
    hipMalloc(&d_out, n * sizeof(float));
    hipMalloc(&d_dot, sizeof(float));
    hipMalloc(&d_h, n * sizeof(__half));
    hipMalloc(&d_bf, n * sizeof(hip_bfloat16));  // expect: HP008
    hipMemset(d_f32, 0, n * sizeof(float));
    hipMemset(d_dot, 0, sizeof(float));

    const int threads = 256, blocks = (n + threads - 1) / threads;
    f32_to_f16<<<blocks, threads>>>(d_f32, d_h, n);
    f32_to_bf16<<<blocks, threads>>>(d_f32, d_bf, n);
    haxpy2<<<blocks / 2, threads>>>(n / 2, __float2half(0.5f),
                                    reinterpret_cast<const __half2 *>(d_h),
                                    reinterpret_cast<__half2 *>(d_h));
    bf16_dot<<<128, threads>>>(reinterpret_cast<const __hip_bfloat162 *>(d_bf),  // expect: HP005
                               reinterpret_cast<const __hip_bfloat162 *>(d_bf), n / 2, d_dot);  // expect: HP005
    half_stats<<<blocks, threads>>>(d_h, n, d_out);
    float dot = 0.0f;
    hipMemcpy(&dot, d_dot, sizeof(float), hipMemcpyDeviceToHost);
    printf("dot = %f\n", dot);
    hipFree(d_f32); hipFree(d_out); hipFree(d_dot); hipFree(d_h); hipFree(d_bf);
    return 0;
}
