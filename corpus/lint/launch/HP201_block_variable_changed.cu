// A `dim3` block variable is read at its initialiser only while nothing else in the function
// touches it: cuda-samples' eigenvalues sets `threads_onei.x = MAX_THREADS_BLOCK` after
// declaring it, and an assignment like that can raise the block to 1024 threads.
__global__ void tile_rows(const float* in, float* out, int n)  // ok: HP201 (the block is changed before the launch)
{
    float acc[112];
#pragma unroll
    for (int k = 0; k < 112; ++k) acc[k] = in[(threadIdx.x + k) % n];
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 112; ++k) s += acc[k] * acc[(k + 1) % 112];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__global__ void tile_cols(const float* in, float* out, int n)  // expect: HP201
{
    float acc[112];
#pragma unroll
    for (int k = 0; k < 112; ++k) acc[k] = in[(threadIdx.x + k) % n];
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 112; ++k) s += acc[k] * acc[(k + 1) % 112];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

void run(const float* in, float* out, int n, bool wide)
{
    dim3 rows(64);
    if (wide) rows.x = 1024;
    tile_rows<<<n / 64, rows>>>(in, out, n);

    dim3 cols(16, 8);  // only launches use it: 128 threads
    tile_cols<<<n / 128, cols>>>(in, out, n);
    tile_cols<<<1, cols>>>(in, out, n);
    dim3 hip_cols(8, 16);  // a launch call's block is a launch too
    hipLaunchKernelGGL(tile_cols, dim3(1), hip_cols, 0, 0, in, out, n);
}
