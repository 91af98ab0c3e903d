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
    cudaLaunchKernelExC(&config, (const void*)work, args);  // expect: HP519
    cudaEvent_t done;
    cudaEventCreate(&done);  // ok: HP519
    cudaEventRecordWithFlags(done, stream, cudaEventRecordExternal);  // expect: HP519
    cudaStreamSynchronize(stream);  // ok: HP519
}
