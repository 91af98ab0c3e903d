#include <cuda_runtime.h>
#include <cublasLt.h>

int handle_ok() {
  cublasLtHandle_t handle;
  return cublasLtCreate(&handle) == CUBLAS_STATUS_SUCCESS;
}
