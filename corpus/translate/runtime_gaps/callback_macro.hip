// CUDART_CB (CUDA's callback calling convention: empty on Linux, __stdcall on Windows) has no HIP
// counterpart; HIP's callback types use the default convention, so the macro is to be deleted.
#include <hip/hip_runtime.h>

void CUDART_CB done(hipStream_t stream, hipError_t status, void *data)  // expect: HP001
{
    *static_cast<int *>(data) = status == hipSuccess;
}

void enqueue(hipStream_t stream, int *flag)
{
    hipStreamAddCallback(stream, done, flag, 0);
}
