// Byte histogram with per-block privatized bins in shared memory.
#include <cstdio>
#include <cstdint>
#include <hip/hip_runtime.h>

constexpr int NUM_BINS = 256;

__global__ void histogram256(const uint8_t *__restrict__ data, size_t n,
                             unsigned int *__restrict__ bins)
{
    __shared__ unsigned int local[NUM_BINS];
    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
        local[b] = 0;
    __syncthreads();

    size_t stride = (size_t)blockDim.x * gridDim.x;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&local[__ldg(data + i)], 1u);
    __syncthreads();

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
        unsigned int c = local[b];
        if (c) atomicAdd(&bins[b], c);
    }
}

__global__ void find_mode(const unsigned int *bins, unsigned long long *best)
{
    // Pack (count, bin) so one 64-bit atomicMax selects the most frequent bin.
    int b = threadIdx.x;
    unsigned long long key = ((unsigned long long)bins[b] << 32) | (unsigned)b;
    atomicMax(best, key);
}

int main()
{
    const size_t n = 1 << 26;
    uint8_t *d_data;
    unsigned int *d_bins;
    unsigned long long *d_best, h_best = 0;
    hipMalloc(&d_data, n);
    hipMalloc(&d_bins, NUM_BINS * sizeof(unsigned int));
    hipMalloc(&d_best, sizeof(unsigned long long));
    hipMemset(d_data, 7, n);
    hipMemset(d_bins, 0, NUM_BINS * sizeof(unsigned int));
    hipMemset(d_best, 0, sizeof(unsigned long long));

    int sms = 0;
    hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, 0);
    histogram256<<<sms * 4, 512>>>(d_data, n, d_bins);
    find_mode<<<1, NUM_BINS>>>(d_bins, d_best);
    hipMemcpy(&h_best, d_best, sizeof(h_best), hipMemcpyDeviceToHost);
    printf("mode: byte %u (%u occurrences)\n",
           (unsigned)(h_best & 0xffffffffu), (unsigned)(h_best >> 32));
    hipFree(d_data); hipFree(d_bins); hipFree(d_best);
    return 0;
}
