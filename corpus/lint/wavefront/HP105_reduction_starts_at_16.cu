__device__ float block_sum(float v)
{
    for (int offset = 16; offset > 0; offset >>= 1)  // expect: HP105
        v += __shfl_down_sync(~0ull, v, offset);
    for (int o = 16; o > 0; o /= 2) {  // expect: HP105
        v += __shfl_xor_sync(~0ull, v, o);
    }
    for (int i = 16; i > 0; i >>= 1)  // ok: HP105 (no shuffle: plain arithmetic)
        v *= 0.5f;
    for (int o = warpSize / 2; o > 0; o >>= 1)  // ok: HP105
        v += __shfl_down_sync(~0ull, v, o);
    return v;
}
