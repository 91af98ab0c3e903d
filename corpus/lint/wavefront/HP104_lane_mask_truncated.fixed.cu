// Stream compaction and work queues built on warp votes, with CUDA's 32-bit masks.
#include <hip/hip_runtime.h>
#include <stdint.h>

__device__ int rank_in_warp(bool keep, int lane)
{
    unsigned long long mask = __ballot_sync(~0ull, keep);  // expect: HP104
    return __popcll(mask & ((1ull << lane) - 1));  // expect: HP104, HP104
}

__global__ void compact(const float *in, float *out, int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % warpSize;
    bool keep = i < n && in[i] > 0.f;
    unsigned long long mask = __ballot_sync(~0ull, keep);  // expect: HP104
    int leader = __ffsll(__activemask()) - 1;  // expect: HP104
    int base = 0;
    if (lane == leader)
        base = atomicAdd(count, __popcll(mask));  // expect: HP104
    base = __shfl_sync(~0ull, base, leader);
    if (keep)
        out[base + rank_in_warp(keep, lane)] = in[i];
}

// Each lane with work hands it to the others, lowest lane first.
__device__ float drain(float x, bool has_work)
{
    unsigned long long pending = __ballot_sync(~0ull, has_work);  // expect: HP104
    float total = 0.f;
    while (pending) {
        int src = __ffsll(pending) - 1;  // expect: HP104
        total += __shfl_sync(~0ull, x, src);
        pending &= pending - 1;
    }
    return total;
}

// Broadcast from the lowest active lane: the mask goes back into a *_sync builtin.
__device__ float from_leader(float v)
{
    unsigned long long active = __activemask();  // expect: HP104
    return __shfl_sync(active, v, __ffsll(active) - 1);  // expect: HP104
}

// Uses that change value when the mask is widened: the fixes are unsafe here.
__device__ int highest_active_lane()
{
    uint32_t active = __activemask();  // expect: HP104
    return 31 - __clz(active);  // expect: HP104
}

__device__ int idle_lanes(bool busy)
{
    unsigned idle = __ballot_sync(~0ull, busy);  // expect: HP104
    return __popc(~idle);  // expect: HP104
}

__device__ bool everyone_agrees(int vote)
{
    int votes = __ballot_sync(~0ull, vote);  // expect: HP104
    return votes == -1 || votes == 0;
}

__device__ unsigned lane_flag(int lane)
{
    unsigned flags;  // expect: HP104
    flags = __match_any_sync(~0ull, lane / 4);  // ok: HP104 (reported at the declaration)
    return flags ^ (1ull << lane);  // expect: HP104
}

// Already 64-bit, or not a lane mask.
__device__ int portable_counts(bool p, int lane, unsigned word)
{
    unsigned long long all = __ballot_sync(~0ull, p);  // ok: HP104
    auto active = __activemask();  // ok: HP104
    int below = __popcll(all & ((1ull << lane) - 1));  // ok: HP104
    int bits = __popc(word);  // ok: HP104 (a data word)
    return below + bits + __popcll(active);
}

__device__ unsigned set_bit(unsigned word, int lane)
{
    return word | (1u << lane);  // ok: HP104 (no lane mask in this function)
}
