// CUDART_CB (CUDA's callback calling convention: empty on Linux, __stdcall on Windows) has no HIP
// counterpart; HIP's callback types use the default convention, so convert deletes the macro (HP714).
#include <hip/hip_runtime.h>

void done(hipStream_t stream, hipError_t status, void *data)
{
    *static_cast<int *>(data) = status == hipSuccess;
}

void enqueue(hipStream_t stream, int *flag)
{
    hipStreamAddCallback(stream, done, flag, 0);
}
