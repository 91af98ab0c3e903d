// Device intrinsics that exist in CUDA but not in the HIP headers.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

__global__ void histogram(const int* keys, int n, int* bins)
{
    __shared__ int local[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&local[keys[i] & 255], 1);  // expect: HP503
        atomicAdd(&bins[keys[i] & 255], 1);  // ok: HP503
    }
}

__global__ void spin(volatile int* flag)
{
    while (*flag == 0) {
        __nanosleep(200);  // expect: HP503
    }
    if (*flag < 0) {
        __trap();  // expect: HP503
    }
}

__global__ void streaming(const float* in, const __half* hin, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = __ldcg(in + i);  // expect: HP503
    float4 b = __ldcs(reinterpret_cast<const float4*>(in) + i / 4);  // expect: HP503
    __half h = __ldcg(&hin[i]);  // ok: HP503
    __half2 h2 = __ldcs(reinterpret_cast<const __half2*>(hin) + i / 2);  // ok: HP503
    float c = __ldg(&in[i]);  // ok: HP503
    __stcs(&out[i], a + b.x + c + __half2float(h) + __low2float(h2));  // expect: HP503
}

__global__ void int8_dot(const int* a, const int* b, int* c)
{
    int i = threadIdx.x;
    c[i] = __dp4a(a[i], b[i], 0);  // expect: HP503
    c[i] += __vabsdiffu4(a[i], b[i]);  // expect: HP503
    c[i] += __byte_perm(a[i], b[i], 0x3210);  // ok: HP503
}

__global__ void warp_total(const int* in, int* out)
{
    int v = in[threadIdx.x];
    int sum = __reduce_add_sync(__activemask(), v);  // expect: HP503
    if (__isShared(out)) out[0] = sum;  // expect: HP503
}
