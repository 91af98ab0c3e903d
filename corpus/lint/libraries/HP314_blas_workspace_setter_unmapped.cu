// hipify-plus-test: select=HP314
// A user-provided cuBLAS workspace, so GEMMs capture cleanly into graphs.
#include <cublas_v2.h>

void attach_workspace(cublasHandle_t handle, void* workspace, size_t bytes)
{
    cublasSetWorkspace(handle, workspace, bytes);  // expect: HP314
    cublasSetStream(handle, 0);  // ok: HP314
}
