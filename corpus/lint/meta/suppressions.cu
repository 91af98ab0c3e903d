// hipify-plus-test: select=HP103,HP105,HP901,HP902
__device__ float f(float v)
{
    v += __shfl_xor_sync(0xffffffff, v, 1);  // hipify-plus: ignore[HP103]  // ok: HP901, HP902
    // hipify-plus: ignore[HP103]
    v += __shfl_xor_sync(0xffffffff, v, 2);
    v += __shfl_xor_sync(~0ull, v, 4);  // hipify-plus: ignore[HP103]  // expect: HP901
    v += __shfl_xor_sync(~0ull, v, 8);  // hipify-plus: ignore[HP1O3]  // expect: HP902
    v += __shfl_xor_sync(0xffffffff, v, 16);  // hipify-plus: ignore  // ok: HP103
    return v;
}
