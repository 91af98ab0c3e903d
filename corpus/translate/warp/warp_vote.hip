// hipify-plus-test: rocm-version=7.0
// Stream compaction of positive values using warp vote functions.
#include <cstdio>
#include <hip/hip_runtime.h>

#define FULL_MASK 0xffffffff
#define WARP_SIZE 32

__global__ void compact_positive(const int *in, int n, int *out, int *out_count,
                                 int *warps_all_zero)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & (WARP_SIZE - 1);
    int v = i < n ? in[i] : 0;
    bool keep = v > 0;

    // Whole-warp early exit when nothing is kept.
    if (!__any_sync(~0ull, keep)) {
        if (lane == 0) atomicAdd(warps_all_zero, 1);
        return;
    }

    unsigned int ballot = __ballot_sync(~0ull, keep);
    int warp_count = __popc(ballot);
    int rank = __popc(ballot & ((1u << lane) - 1));

    int base = 0;
    if (lane == 0)
        base = atomicAdd(out_count, warp_count);
    base = __shfl_sync(~0ull, base, 0);
    if (keep)
        out[base + rank] = v;

    if (__all_sync(~0ull, keep) && lane == 0)
        printf("block %d: warp %d kept every element\n", blockIdx.x, threadIdx.x / WARP_SIZE);
}

__global__ void count_active(int *active_lanes)
{
    // Only odd threads take the branch; __activemask reports who is here.
    if (threadIdx.x % 2) {
        unsigned int mask = __activemask();
        if ((threadIdx.x & (WARP_SIZE - 1)) == 1)
            atomicAdd(active_lanes, __popc(mask));
    }
}

int main()
{
    const int n = 1 << 20;
    int *d_in, *d_out, *d_count, *d_zero;
    hipMalloc(&d_in, n * sizeof(int));
    hipMalloc(&d_out, n * sizeof(int));
    hipMalloc(&d_count, sizeof(int));
    hipMalloc(&d_zero, sizeof(int));
    hipMemset(d_in, 0, n * sizeof(int));
    hipMemset(d_count, 0, sizeof(int));
    hipMemset(d_zero, 0, sizeof(int));
    compact_positive<<<(n + 255) / 256, 256>>>(d_in, n, d_out, d_count, d_zero);
    count_active<<<1, 64>>>(d_count);
    int h_count = 0;
    hipMemcpy(&h_count, d_count, sizeof(int), hipMemcpyDeviceToHost);
    printf("kept %d\n", h_count);
    hipFree(d_in); hipFree(d_out); hipFree(d_count); hipFree(d_zero);
    return 0;
}
