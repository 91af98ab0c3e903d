// Fused MLP layer with cuBLASLt: D = GELU(A * B + bias), and the matching
// backward epilogue for a ReLU layer (dReLU + bias gradient).
#include <cstdio>
#include <cstdint>
#include <hip/hip_runtime.h>
#include <hipblaslt/hipblaslt.h>

#define LT_CHECK(x) do { hipblasStatus_t st = (x); if (st != HIPBLAS_STATUS_SUCCESS) { \
    printf("cublasLt error %d at line %d\n", (int)st, __LINE__); return 1; } } while (0)

int main()
{
    const int m = 4096, n = 128, k = 1024;   // D (m x n) = A (m x k) * B (k x n)
    float *A, *B, *D, *bias, *dBias;
    uint8_t *reluMask;
    void *workspace;
    const size_t wsSize = 32u << 20;
    hipMalloc(&A, sizeof(float) * m * k);
    hipMalloc(&B, sizeof(float) * k * n);
    hipMalloc(&D, sizeof(float) * m * n);
    hipMalloc(&bias, sizeof(float) * m);
    hipMalloc(&dBias, sizeof(float) * m);
    hipMalloc(&reluMask, m * n / 8);
    hipMalloc(&workspace, wsSize);
    hipStream_t stream;
    hipStreamCreate(&stream);

    hipblasLtHandle_t lt;
    LT_CHECK(hipblasLtCreate(&lt));

    hipblasLtMatmulDesc_t op;
    LT_CHECK(hipblasLtMatmulDescCreate(&op, HIPBLAS_COMPUTE_32F, HIP_R_32F));
    hipblasOperation_t trans = HIPBLAS_OP_N;
    LT_CHECK(hipblasLtMatmulDescSetAttribute(op, HIPBLASLT_MATMUL_DESC_TRANSA, &trans, sizeof(trans)));
    LT_CHECK(hipblasLtMatmulDescSetAttribute(op, HIPBLASLT_MATMUL_DESC_TRANSB, &trans, sizeof(trans)));
    hipblasLtEpilogue_t epi = HIPBLASLT_EPILOGUE_GELU_BIAS;
    LT_CHECK(hipblasLtMatmulDescSetAttribute(op, HIPBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi)));
    LT_CHECK(hipblasLtMatmulDescSetAttribute(op, HIPBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias)));

    hipblasLtMatrixLayout_t aL, bL, dL;
    LT_CHECK(hipblasLtMatrixLayoutCreate(&aL, HIP_R_32F, m, k, m));
    LT_CHECK(hipblasLtMatrixLayoutCreate(&bL, HIP_R_32F, k, n, k));
    LT_CHECK(hipblasLtMatrixLayoutCreate(&dL, HIP_R_32F, m, n, m));

    hipblasLtMatmulPreference_t pref;
    LT_CHECK(hipblasLtMatmulPreferenceCreate(&pref));
    LT_CHECK(hipblasLtMatmulPreferenceSetAttribute(pref, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                  &wsSize, sizeof(wsSize)));
    hipblasLtMatmulHeuristicResult_t heur[4];
    int found = 0;
    LT_CHECK(hipblasLtMatmulAlgoGetHeuristic(lt, op, aL, bL, dL, dL, pref, 4, heur, &found));
    if (found == 0) { printf("no algorithm for GELU_BIAS\n"); return 1; }

    const float alpha = 1.0f, beta = 0.0f;
    LT_CHECK(hipblasLtMatmul(lt, op, &alpha, A, aL, B, bL, &beta, D, dL, D, dL,
                            &heur[0].algo, workspace, wsSize, stream));

    // Backward of a ReLU layer: dReLU using the saved bitmask plus bias gradient.
    hipblasLtEpilogue_t bwd = CUBLASLT_EPILOGUE_DRELU_BGRAD;  // expect: HP313
    int64_t maskLd = m;
    LT_CHECK(hipblasLtMatmulDescSetAttribute(op, HIPBLASLT_MATMUL_DESC_EPILOGUE, &bwd, sizeof(bwd)));
    LT_CHECK(hipblasLtMatmulDescSetAttribute(op, HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &reluMask, sizeof(reluMask)));
    LT_CHECK(hipblasLtMatmulDescSetAttribute(op, HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &maskLd, sizeof(maskLd)));
    LT_CHECK(hipblasLtMatmulDescSetAttribute(op, HIPBLASLT_MATMUL_DESC_BIAS_POINTER, &dBias, sizeof(dBias)));
    LT_CHECK(hipblasLtMatmul(lt, op, &alpha, A, aL, B, bL, &beta, D, dL, D, dL,
                            nullptr, workspace, wsSize, stream));
    hipStreamSynchronize(stream);

    hipblasLtMatmulPreferenceDestroy(pref);
    hipblasLtMatrixLayoutDestroy(aL); hipblasLtMatrixLayoutDestroy(bL); hipblasLtMatrixLayoutDestroy(dL);
    hipblasLtMatmulDescDestroy(op);
    hipblasLtDestroy(lt);
    hipFree(A); hipFree(B); hipFree(D); hipFree(bias); hipFree(dBias);
    hipFree(reluMask); hipFree(workspace); hipStreamDestroy(stream);
    return 0;
}
