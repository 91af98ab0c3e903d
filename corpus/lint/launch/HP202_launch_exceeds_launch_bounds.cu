// Bounds added during tuning, launches left as they were.
#include <hip/hip_runtime.h>

constexpr int kWide = 512;

__global__ void __launch_bounds__(256) layer_norm(float* x, int n)
{
    x[blockIdx.x * blockDim.x + threadIdx.x] /= n;
}

__global__ void __launch_bounds__(128, 1) blur(const float* in, float* out, int width)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    out[x] = in[x] + in[x + width];
}

__global__ void __attribute__((amdgpu_flat_work_group_size(1, 128))) prefix(int* data)
{
    data[threadIdx.x] += data[threadIdx.x + 1];
}

void run(float* x, float* y, int* data, int n, int threads)
{
    layer_norm<<<n, kWide>>>(x, n);  // expect: HP202
    layer_norm<<<n, 256>>>(x, n);  // ok: HP202
    layer_norm<<<n, threads>>>(x, n);  // ok: HP202
    hipLaunchKernelGGL(blur, dim3(n), dim3(16, 16), 0, 0, x, y, n);  // expect: HP202
    hipLaunchKernelGGL(blur, dim3(n), dim3(8, 16), 0, 0, x, y, n);  // ok: HP202
    dim3 block(256);
    prefix<<<1, block>>>(data);  // expect: HP202
}
