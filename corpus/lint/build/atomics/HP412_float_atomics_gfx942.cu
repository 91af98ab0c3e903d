// hipify-plus-test: arch=gfx942
// gfx942 uses the hardware float atomics by default: nothing to report.
__global__ void scale_sum(const float* x, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(out, 2.0f * x[i]);  // ok: HP412
}
