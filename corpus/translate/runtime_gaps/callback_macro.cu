// CUDART_CB (CUDA's callback calling convention: empty on Linux, __stdcall on Windows) has no HIP
// counterpart; HIP's callback types use the default convention, so convert deletes the macro (HP714).
#include <cuda_runtime.h>

void CUDART_CB done(cudaStream_t stream, cudaError_t status, void *data)
{
    *static_cast<int *>(data) = status == cudaSuccess;
}

void enqueue(cudaStream_t stream, int *flag)
{
    cudaStreamAddCallback(stream, done, flag, 0);
}
