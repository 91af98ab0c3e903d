#include <cuda_runtime.h>

__device__ float g_energy;
__device__ double g_moments[4];
__device__ int g_count;

template <typename T>
__device__ void accumulate(T* dst, T v)
{
    atomicAdd(dst, v);  // ok: HP412 (template parameter: type unknown here)
}

__global__ void histogram(const float* __restrict__ x, float* hist, double* total, int n, int bins)
{
    __shared__ float local[256];
    __shared__ double local_total;
    extern __shared__ float scratch[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int bin = min(bins - 1, (int)(x[i] * bins));
    atomicAdd(&local[bin], 1.0f);  // ok: HP412 (LDS: ds_add_f32 is native on gfx90a)
    atomicAdd(&local_total, (double)x[i]);  // ok: HP412 (LDS)
    atomicAdd(&scratch[bin], 1.0f);  // ok: HP412 (dynamic LDS)
    float* weight_part = scratch + bins;
    float* bias_part = weight_part;
    float* first_bins = (float*)&local[8];
    atomicAdd(&weight_part[bin], 1.0f);  // ok: HP412 (a pointer into dynamic LDS)
    atomicAdd(&bias_part[bin], 1.0f);  // ok: HP412 (a copy of a pointer into LDS)
    atomicAdd(first_bins, 1.0f);  // ok: HP412 (a cast address in LDS)
    __syncthreads();
    atomicAdd(&hist[bin], local[bin]);  // expect: HP412
    atomicAdd(hist + bin, 0.0f);  // expect: HP412
    atomicAdd(total, local_total);  // expect: HP412
    atomicAdd_system(total, 1.0);  // ok: HP412 (system scope: fine-grained memory needs the CAS loop)
    atomicAdd(&g_energy, x[i] * x[i]);  // expect: HP412
    atomicAdd(&g_moments[1], (double)x[i]);  // expect: HP412
    atomicAdd(&g_count, 1);  // ok: HP412 (integer atomics are native)
    float* row = hist + bin;
    atomicAdd(row, 1.0f);  // expect: HP412
    unsafeAtomicAdd(row, 1.0f);  // ok: HP412
    float partial = 0.0f;
    atomicAdd(&partial, 1.0f);  // ok: HP412 (a local variable, not global memory)
}

void host_side(float* h)
{
    h[0] += 1.0f;  // ok: HP412
}
