// hipify-plus-test: rocm-version=7.0
// Sum and max reductions built from warp shuffles.
#include <cstdio>
#include <cuda_runtime.h>

__inline__ __device__ float warp_sum(float v)
{
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}

__inline__ __device__ float warp_allmax(float v)
{
    // Butterfly: every lane ends up with the maximum.
    for (int mask = 16; mask > 0; mask /= 2)
        v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, mask));
    return v;
}

__global__ void reduce_sum_max(const float *in, int n, float *sum, float *maxv)
{
    __shared__ float warp_sums[32];
    __shared__ float warp_maxs[32];
    int lane = threadIdx.x % 32;
    int warp = threadIdx.x / 32;

    float s = 0.0f, m = -INFINITY;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        s += in[i];
        m = fmaxf(m, in[i]);
    }
    s = warp_sum(s);
    m = warp_allmax(m);
    if (lane == 0) {
        warp_sums[warp] = s;
        warp_maxs[warp] = m;
    }
    __syncthreads();

    if (warp == 0) {
        int nwarps = blockDim.x / 32;
        s = lane < nwarps ? warp_sums[lane] : 0.0f;
        m = lane < nwarps ? warp_maxs[lane] : -INFINITY;
        s = warp_sum(s);
        m = warp_allmax(m);
        if (lane == 0) {
            atomicAdd(sum, s);
            // Values are non-negative here, so int ordering matches float ordering.
            atomicMax(reinterpret_cast<int *>(maxv), __float_as_int(m));
        }
    }
}

int main()
{
    const int n = 1 << 22;
    float *d_in, *d_sum, *d_max;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_sum, sizeof(float));
    cudaMalloc(&d_max, sizeof(float));
    cudaMemset(d_in, 0, n * sizeof(float));
    cudaMemset(d_sum, 0, sizeof(float));
    cudaMemset(d_max, 0, sizeof(float));
    reduce_sum_max<<<256, 512>>>(d_in, n, d_sum, d_max);
    float h_sum = 0.0f, h_max = 0.0f;
    cudaMemcpy(&h_sum, d_sum, sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(&h_max, d_max, sizeof(float), cudaMemcpyDeviceToHost);
    printf("sum=%f max=%f\n", h_sum, h_max);
    cudaFree(d_in); cudaFree(d_sum); cudaFree(d_max);
    return 0;
}
