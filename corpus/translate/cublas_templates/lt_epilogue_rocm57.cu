// hipify-plus-test: rocm-version=5.7
// A cuBLASLt epilogue matmul ported to hipBLASLt 0.3 (ROCm 5.7: hipblasLtComputeType_t, hipblasDatatype_t).
#include <cstdint>
#include <cuda_runtime.h>
#include <cublasLt.h>

// D = GELU(W x + bias) in one cuBLASLt call, fp16 or fp32 data, fp32 compute and scale.
void mlp_forward(cublasLtHandle_t lt, const void* W, const void* X, void* D, const void* bias,
                 int out_features, int in_features, int tokens, bool half,
                 void* workspace, size_t workspace_bytes, cudaStream_t stream)
{
    cublasLtMatmulDesc_t desc;
    cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    cublasOperation_t transpose = CUBLAS_OP_T;
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &transpose, sizeof(transpose));
    cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_GELU_BIAS;
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
    cudaDataType_t bias_type = half ? CUDA_R_16F : CUDA_R_32F;
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &bias_type, sizeof(bias_type));
    cudaDataType_t scale_type = CUDA_R_32F;
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scale_type, sizeof(scale_type));

    cublasLtMatrixLayout_t w_layout, x_layout, d_layout;
    cublasLtMatrixLayoutCreate(&w_layout, half ? CUDA_R_16F : CUDA_R_32F, in_features, out_features, in_features);
    cublasLtMatrixLayoutCreate(&x_layout, half ? CUDA_R_16F : CUDA_R_32F, in_features, tokens, in_features);
    cublasLtMatrixLayoutCreate(&d_layout, half ? CUDA_R_16F : CUDA_R_32F, out_features, tokens, out_features);

    cublasLtMatmulPreference_t preference;
    cublasLtMatmulPreferenceCreate(&preference);
    cublasLtMatmulPreferenceSetAttribute(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                         &workspace_bytes, sizeof(workspace_bytes));
    cublasLtMatmulHeuristicResult_t heuristic;
    int found = 0;
    cublasLtMatmulAlgoGetHeuristic(lt, desc, w_layout, x_layout, d_layout, d_layout, preference, 1,
                                   &heuristic, &found);
    const float alpha = 1.0f, beta = 0.0f;
    cublasLtMatmul(lt, desc, &alpha, W, w_layout, X, x_layout, &beta, D, d_layout, D, d_layout,
                   &heuristic.algo, workspace, workspace_bytes, stream);
    cublasLtMatmulPreferenceDestroy(preference);
    cublasLtMatrixLayoutDestroy(w_layout);
    cublasLtMatrixLayoutDestroy(x_layout);
    cublasLtMatrixLayoutDestroy(d_layout);
    cublasLtMatmulDescDestroy(desc);
}

// An FP32 descriptor that allows TF32, and a ReLU layer that keeps its mask for the backward pass.
cublasLtMatmulDesc_t relu_layer(void* mask, int64_t mask_ld)
{
    cublasLtMatmulDesc_t desc;
    cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F_FAST_TF32, CUDA_R_32F);  // expect: HP312
    cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_RELU_AUX_BIAS;  // expect: HP313
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &mask, sizeof(mask));
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &mask_ld, sizeof(mask_ld));
    return desc;
}
