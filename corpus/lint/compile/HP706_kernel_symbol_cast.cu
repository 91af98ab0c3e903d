// hipify-plus-test: fails-before
// Kernels passed to HIP functions that take `const void*` with no template overload.
#include <hip/hip_runtime.h>

template <typename T, int TILE>
__global__ void gemm(const T* a, const T* b, T* c, int n)
{
    extern __shared__ unsigned char tile[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] * b[i] + static_cast<T>(tile[0] * TILE);
}

__global__ void axpy(float a, const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] += a * x[i];
}

namespace kernels {
__global__ void fill(float* y, float v) { y[threadIdx.x] = v; }
}

void configure(float* x, float* y, int n, hipStream_t stream, const void* registered, void* opaque)
{
    hipFuncSetAttribute(gemm<float, 128>, hipFuncAttributeMaxDynamicSharedMemorySize, 65536);  // expect: HP706
    hipFuncSetAttribute(reinterpret_cast<const void*>(gemm<double, 64>),  // ok: HP706
                        hipFuncAttributeMaxDynamicSharedMemorySize, 32768);
    hipFuncSetCacheConfig(axpy, hipFuncCachePreferShared);  // expect: HP706
    hipFuncSetCacheConfig(&kernels::fill, hipFuncCachePreferL1);  // expect: HP706
    hipFuncSetSharedMemConfig((const void*)axpy, hipSharedMemBankSizeFourByte);  // ok: HP706
    hipFuncSetSharedMemConfig(registered, hipSharedMemBankSizeFourByte);  // ok: HP706
    hipFuncSetSharedMemConfig(opaque, hipSharedMemBankSizeEightByte);  // ok: HP706

    hipFuncAttributes attributes;
    hipFuncGetAttributes(&attributes, axpy);  // expect: HP706
    hipFuncGetAttributes(&attributes, (gemm<float, 128>));  // expect: HP706

    void (*entry)(float, const float*, float*, int) = axpy;
    float a = 2.0f;
    void* args[] = {&a, &x, &y, &n};
    hipLaunchKernel(entry, dim3(n / 256), dim3(256), args, 0, stream);  // expect: HP706
    hipLaunchKernel(reinterpret_cast<const void*>(&axpy), dim3(n / 256), dim3(256), args, 0, stream);  // ok: HP706

    // templates in HIP itself take the kernel as it is
    hipLaunchCooperativeKernel(axpy, dim3(1), dim3(256), args, 0, stream);  // ok: HP706
    int blocks = 0;
    hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, gemm<float, 128>, 256, 0);  // ok: HP706
}
