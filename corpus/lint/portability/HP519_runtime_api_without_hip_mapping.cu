// Runtime calls that HIPIFY cannot translate.
#include <cuda_runtime.h>

__global__ void work(float* x) { x[threadIdx.x] = 1.0f; }

void launch_ex(float* x, cudaStream_t stream)
{
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(1);
    config.blockDim = dim3(64);
    config.stream = stream;
    void* args[] = {&x};
    cudaLaunchKernelExC(&config, (const void*)work, args);  // ok: HP519 (hipLaunchKernelExC from ROCm 7.0)
    cudaEvent_t done;
    cudaEventCreate(&done);  // ok: HP519
    cudaEventRecordWithFlags(done, stream, cudaEventRecordExternal);  // ok: HP519 (hipEventRecordWithFlags from ROCm 6.4)
    cudaCtxResetPersistingL2Cache();  // expect: HP519
    cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,  // expect: HP519
                                       cudaFlushGPUDirectRDMAWritesToOwner);
    cudaStreamSynchronize(stream);  // ok: HP519
}
