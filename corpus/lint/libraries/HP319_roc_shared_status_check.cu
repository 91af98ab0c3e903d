// hipify-plus-test: select=HP319 rocm-version=6.2
// llm.c's shape after `convert --roc`: one status check for cuBLAS and cuBLASLt calls, which --roc
// made take rocblas_status, while hipBLASLt still returns hipblasStatus_t.
#include <rocblas/rocblas.h>
#include <hipblaslt/hipblaslt.h>

void blas_check(rocblas_status status);

void setup(rocblas_handle blas, hipblasLtMatmulDesc_t* desc)
{
    blas_check(rocblas_set_pointer_mode(blas, rocblas_pointer_mode_host));  // ok: HP319
    blas_check(hipblasLtMatmulDescCreate(desc, HIPBLAS_COMPUTE_32F, HIP_R_32F));  // expect: HP319
}
