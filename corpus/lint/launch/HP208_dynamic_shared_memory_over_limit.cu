// Kernels that opt in to NVIDIA's large dynamic shared memory.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) gemm_dynamic(const float* a, float* c)
{
    extern __shared__ float tiles[];
    tiles[threadIdx.x] = a[threadIdx.x];
    __syncthreads();
    c[threadIdx.x] = tiles[255 - threadIdx.x];
}

__global__ void __launch_bounds__(256) conv_mixed(const float* in, float* out)
{
    __shared__ float halo[8192];  // 32 KiB of static LDS
    extern __shared__ float window[];
    halo[threadIdx.x] = in[threadIdx.x];
    window[threadIdx.x] = in[threadIdx.x + 1];
    __syncthreads();
    out[threadIdx.x] = halo[threadIdx.x] + window[threadIdx.x];
}

void configure(cudaStream_t stream, const float* a, float* c, int n, size_t user_bytes)
{
    cudaFuncSetAttribute(gemm_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);  // expect: HP208
    cudaFuncSetAttribute(conv_mixed, cudaFuncAttributeMaxDynamicSharedMemorySize, 40 * 1024);  // expect: HP208
    cudaFuncSetAttribute(gemm_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, 60 * 1024);  // ok: HP208
    cudaFuncSetAttribute(gemm_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, user_bytes);  // ok: HP208

    gemm_dynamic<<<n, 256, 96 * 1024, stream>>>(a, c);  // expect: HP208
    gemm_dynamic<<<n, 256, 48 * 1024, stream>>>(a, c);  // ok: HP208
    hipLaunchKernelGGL(gemm_dynamic, dim3(n), dim3(256), 80000, stream, a, c);  // expect: HP208

    void* args[] = {&a, &c};
    cudaLaunchKernel((const void*)conv_mixed, dim3(n), dim3(256), args, 36 * 1024, stream);  // expect: HP208
    cudaLaunchKernel((const void*)conv_mixed, dim3(n), dim3(256), args, 16 * 1024, stream);  // ok: HP208

    cudaLaunchConfig_t config = {};
    config.dynamicSmemBytes = 128 * 1024;  // expect: HP208
    config.blockDim = dim3(256);
}
