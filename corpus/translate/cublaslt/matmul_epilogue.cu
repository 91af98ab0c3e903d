// Fused MLP layer with cuBLASLt: D = GELU(A * B + bias), and the matching
// backward epilogue for a ReLU layer (dReLU + bias gradient).
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>
#include <cublasLt.h>

#define LT_CHECK(x) do { cublasStatus_t st = (x); if (st != CUBLAS_STATUS_SUCCESS) { \
    printf("cublasLt error %d at line %d\n", (int)st, __LINE__); return 1; } } while (0)

int main()
{
    const int m = 4096, n = 128, k = 1024;   // D (m x n) = A (m x k) * B (k x n)
    float *A, *B, *D, *bias, *dBias;
    uint8_t *reluMask;
    void *workspace;
    const size_t wsSize = 32u << 20;
    cudaMalloc(&A, sizeof(float) * m * k);
    cudaMalloc(&B, sizeof(float) * k * n);
    cudaMalloc(&D, sizeof(float) * m * n);
    cudaMalloc(&bias, sizeof(float) * m);
    cudaMalloc(&dBias, sizeof(float) * m);
    cudaMalloc(&reluMask, m * n / 8);
    cudaMalloc(&workspace, wsSize);
    cudaStream_t stream;
    cudaStreamCreate(&stream);

    cublasLtHandle_t lt;
    LT_CHECK(cublasLtCreate(&lt));

    cublasLtMatmulDesc_t op;
    LT_CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    cublasOperation_t trans = CUBLAS_OP_N;
    LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &trans, sizeof(trans)));
    LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &trans, sizeof(trans)));
    cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_BIAS;
    LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi)));
    LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias)));

    cublasLtMatrixLayout_t aL, bL, dL;
    LT_CHECK(cublasLtMatrixLayoutCreate(&aL, CUDA_R_32F, m, k, m));
    LT_CHECK(cublasLtMatrixLayoutCreate(&bL, CUDA_R_32F, k, n, k));
    LT_CHECK(cublasLtMatrixLayoutCreate(&dL, CUDA_R_32F, m, n, m));

    cublasLtMatmulPreference_t pref;
    LT_CHECK(cublasLtMatmulPreferenceCreate(&pref));
    LT_CHECK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                  &wsSize, sizeof(wsSize)));
    cublasLtMatmulHeuristicResult_t heur[4];
    int found = 0;
    LT_CHECK(cublasLtMatmulAlgoGetHeuristic(lt, op, aL, bL, dL, dL, pref, 4, heur, &found));
    if (found == 0) { printf("no algorithm for GELU_BIAS\n"); return 1; }

    const float alpha = 1.0f, beta = 0.0f;
    LT_CHECK(cublasLtMatmul(lt, op, &alpha, A, aL, B, bL, &beta, D, dL, D, dL,
                            &heur[0].algo, workspace, wsSize, stream));

    // Backward of a ReLU layer: dReLU using the saved bitmask plus bias gradient.
    cublasLtEpilogue_t bwd = CUBLASLT_EPILOGUE_DRELU_BGRAD;  // expect: HP313
    int64_t maskLd = m;
    LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &bwd, sizeof(bwd)));
    LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &reluMask, sizeof(reluMask)));
    LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &maskLd, sizeof(maskLd)));
    LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &dBias, sizeof(dBias)));
    LT_CHECK(cublasLtMatmul(lt, op, &alpha, A, aL, B, bL, &beta, D, dL, D, dL,
                            nullptr, workspace, wsSize, stream));
    cudaStreamSynchronize(stream);

    cublasLtMatmulPreferenceDestroy(pref);
    cublasLtMatrixLayoutDestroy(aL); cublasLtMatrixLayoutDestroy(bL); cublasLtMatrixLayoutDestroy(dL);
    cublasLtMatmulDescDestroy(op);
    cublasLtDestroy(lt);
    cudaFree(A); cudaFree(B); cudaFree(D); cudaFree(bias); cudaFree(dBias);
    cudaFree(reluMask); cudaFree(workspace); cudaStreamDestroy(stream);
    return 0;
}
