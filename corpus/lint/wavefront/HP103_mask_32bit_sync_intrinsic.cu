// Warp-level vote and shuffle with CUDA's 32-bit masks.
#define FULL_MASK 0xffffffff

__device__ float warp_sum(float v)
{
    for (int offset = 1; offset < 32; offset <<= 1)  // expect: HP105
        v += __shfl_xor_sync(0xffffffff, v, offset);  // expect: HP103
    return v;
}

__device__ int vote(int predicate)
{
    unsigned active = __ballot_sync(FULL_MASK, predicate);  // expect: HP103, HP104
    unsigned low = __ballot_sync(0x0000ffffu, predicate);  // expect: HP103, HP104
    int all = __all_sync(~0u, predicate);  // expect: HP103
    int any = __any_sync(~0ull, predicate);  // ok: HP103
    int same = __any_sync(__activemask(), predicate);  // ok: HP103
    return __popc(active) + __popc(low) + all + any + same;  // expect: HP104, HP104
}

#if defined(__HIP_PLATFORM_NVIDIA__)
__device__ int vote_cuda(int predicate)
{
    return __any_sync(0xffffffff, predicate);  // ok: HP103 (compiled for NVIDIA only)
}
#endif
