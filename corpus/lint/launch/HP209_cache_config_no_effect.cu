// Cache and shared-memory configuration tuned for NVIDIA, in CUDA and in ported HIP spellings.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) stream_copy(const float* in, float* out)
{
    out[blockIdx.x * 256 + threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
}

void tune()
{
    cudaDeviceSetCacheConfig(cudaFuncCachePreferL1);  // expect: HP209
    cudaFuncSetCacheConfig(stream_copy, cudaFuncCachePreferShared);  // expect: HP209
    cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte);  // expect: HP209
    cudaFuncSetAttribute(stream_copy, cudaFuncAttributePreferredSharedMemoryCarveout, 50);  // expect: HP209
    hipFuncSetCacheConfig(reinterpret_cast<const void*>(stream_copy), hipFuncCachePreferL1);  // expect: HP209
    cudaFuncSetAttribute(stream_copy, cudaFuncAttributeMaxDynamicSharedMemorySize, 32 * 1024);  // ok: HP209, HP208
    cudaDeviceGetCacheConfig(nullptr);  // ok: HP209
}
