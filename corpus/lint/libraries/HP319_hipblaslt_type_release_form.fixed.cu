// hipify-plus-test: select=HP319 rocm-version=5.7
// hipBLASLt code written for ROCm 6, built against ROCm 5.7's hipBLASLt 0.3 (hipblasLtComputeType_t,
// hipblasDatatype_t), and what `convert --roc` leaves in a hipBLASLt-only file.
#include <hipblaslt/hipblaslt.h>

hipblasLtMatmulDesc_t make_desc(bool half, int m, int n, hipblasLtMatrixLayout_t* layout)
{
    hipblasLtMatmulDesc_t desc;
    hipblasLtMatmulDescCreate(&desc, HIPBLASLT_COMPUTE_F32, HIPBLAS_R_32F);  // expect: HP319
    hipblasLtMatrixLayoutCreate(layout, half ? HIPBLAS_R_16F : HIPBLAS_R_32F, m, n, m);  // expect: HP319
    hipblasDatatype_t bias_type = half ? HIPBLAS_R_16F : HIPBLAS_R_32F;
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &bias_type, sizeof(bias_type));  // expect: HP319
    hipblasOperation_t transpose = HIPBLAS_OP_T;
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSA, &transpose, sizeof(transpose));  // expect: HP319
    hipblasOperation_t no_transpose = HIPBLAS_OP_N;
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSB, &no_transpose, sizeof(no_transpose));  // ok: HP319
    hipblasLtMatmulDesc_t exact;
    hipblasLtMatmulDescCreate(&exact, HIPBLASLT_COMPUTE_F32, HIPBLAS_R_32F);  // ok: HP319
    return desc;
}

// A data type from elsewhere: 5.7 needs a hipblasDatatype_t, convert writes hipDataType.
void layout_from(hipDataType type, hipblasLtMatrixLayout_t* layout, int m, int n)
{
    hipblasLtMatrixLayoutCreate(layout, type, m, n, m);  // expect: HP319
}
