// hipify-plus-test: select=HP313
// cuBLASLt GEMMs of an MLP block: forward with ReLU mask, backward, FP8 fast accumulation.
#include <cublasLt.h>

void configure(cublasLtMatmulDesc_t fwd, cublasLtMatmulDesc_t bwd, cublasLtMatmulDesc_t fp8, cublasLtMatmulDesc_t gelu)
{
    cublasLtEpilogue_t fwd_epilogue = CUBLASLT_EPILOGUE_RELU_AUX_BIAS;  // expect: HP313
    cublasLtMatmulDescSetAttribute(fwd, CUBLASLT_MATMUL_DESC_EPILOGUE, &fwd_epilogue, sizeof(fwd_epilogue));
    cublasLtEpilogue_t bwd_epilogue = CUBLASLT_EPILOGUE_DRELU_BGRAD;  // expect: HP313
    cublasLtMatmulDescSetAttribute(bwd, CUBLASLT_MATMUL_DESC_EPILOGUE, &bwd_epilogue, sizeof(bwd_epilogue));
    cublasLtEpilogue_t gelu_epilogue = CUBLASLT_EPILOGUE_GELU_BIAS;  // ok: HP313
    cublasLtMatmulDescSetAttribute(gelu, CUBLASLT_MATMUL_DESC_EPILOGUE, &gelu_epilogue, sizeof(gelu_epilogue));
    const int8_t fast = 1;
    cublasLtMatmulDescSetAttribute(fp8, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast, sizeof(fast));  // expect: HP313
    const int32_t sms = 64;
    cublasLtMatmulDescSetAttribute(fp8, CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET, &sms, sizeof(sms));  // expect: HP313
}
