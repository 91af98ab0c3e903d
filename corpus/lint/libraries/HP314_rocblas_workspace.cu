// hipify-plus-test: select=HP314
// After `convert --roc`: the workspace call has no mapping and was left as is.
#include <rocblas/rocblas.h>

void attach_workspace(rocblas_handle handle, void* workspace, size_t bytes)
{
    cublasSetWorkspace_v2(handle, workspace, bytes);  // expect: HP314
    rocblas_set_workspace(handle, workspace, bytes);  // ok: HP314
}
