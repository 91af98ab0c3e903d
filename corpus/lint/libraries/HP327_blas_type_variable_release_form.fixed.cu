// hipify-plus-test: rocm-version=5.7
// cuBLASLt matmul state renamed for ROCm 5.7, whose hipBLASLt takes its own compute type and
// hipBLAS's old data types.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hipblaslt/hipblaslt.h>

#define MATMUL_LOWP HIPBLAS_R_16B  // low-precision operands  // expect: HP327
#define MATMUL_OUT  HIPBLAS_R_32F  // ok: HP327

static hipblasLtComputeType_t lt_compute = HIPBLASLT_COMPUTE_F32;  // expect: HP327
static hipblasLtHandle_t lt_handle;

void choose_compute(int strict)
{
    lt_compute = strict ? HIPBLASLT_COMPUTE_F32 : HIPBLASLT_COMPUTE_F32;  // expect: HP327
}

int computes_fp32()
{
    return lt_compute == HIPBLASLT_COMPUTE_F32;  // expect: HP327
}

hipblasStatus_t make_desc(hipblasLtMatmulDesc_t *desc)
{
    return hipblasLtMatmulDescCreate(desc, lt_compute, HIPBLAS_R_32F);  // ok: HP319
}

hipblasStatus_t make_layout(hipblasLtMatrixLayout_t *layout, int rows, int cols)
{
    return hipblasLtMatrixLayoutCreate(layout, MATMUL_LOWP, rows, cols, rows);  // ok: HP319
}
