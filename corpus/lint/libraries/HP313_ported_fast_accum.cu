// hipify-plus-test: select=HP313 unsafe-fixes
// An FP8 matmul descriptor after `convert`: the unmapped attribute name survived.
#include <hipblaslt/hipblaslt.h>

#define CHECK_HIPBLAS(expr) do { if ((expr) != HIPBLAS_STATUS_SUCCESS) abort(); } while (0)

void configure(hipblasLtMatmulDesc_t fp8)
{
    const int8_t fast = 1;
    CHECK_HIPBLAS(hipblasLtMatmulDescSetAttribute(fp8, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast, sizeof(fast)));  // expect: HP313
    hipblasLtEpilogue_t epilogue = HIPBLASLT_EPILOGUE_RELU_BIAS;  // ok: HP313
    CHECK_HIPBLAS(hipblasLtMatmulDescSetAttribute(fp8, HIPBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue)));
}
