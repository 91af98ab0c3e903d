// hipify-plus-test: rocm-version=6.0
// From ROCm 6.0 hipblasComputeType_t and hipDataType are the types hipBLAS and hipBLASLt take.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hipblaslt/hipblaslt.h>

#define MATMUL_LOWP HIP_R_16BF  // ok: HP327
static hipblasComputeType_t lt_compute = HIPBLAS_COMPUTE_32F;  // ok: HP327
