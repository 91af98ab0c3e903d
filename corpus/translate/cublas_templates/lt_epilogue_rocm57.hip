// hipify-plus-test: rocm-version=5.7
// A cuBLASLt epilogue matmul ported to hipBLASLt 0.3 (ROCm 5.7: hipblasLtComputeType_t, hipblasDatatype_t).
#include <cstdint>
#include <hip/hip_runtime.h>
#include <hipblaslt/hipblaslt.h>

// D = GELU(W x + bias) in one cuBLASLt call, fp16 or fp32 data, fp32 compute and scale.
void mlp_forward(hipblasLtHandle_t lt, const void* W, const void* X, void* D, const void* bias,
                 int out_features, int in_features, int tokens, bool half,
                 void* workspace, size_t workspace_bytes, hipStream_t stream)
{
    hipblasLtMatmulDesc_t desc;
    hipblasLtMatmulDescCreate(&desc, HIPBLASLT_COMPUTE_F32, HIPBLAS_R_32F);
    hipblasOperation_t transpose = HIPBLAS_OP_T;
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSA, &transpose, sizeof(transpose));
    hipblasLtEpilogue_t epilogue = HIPBLASLT_EPILOGUE_GELU_BIAS;
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
    hipblasDatatype_t bias_type = half ? HIPBLAS_R_16F : HIPBLAS_R_32F;
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &bias_type, sizeof(bias_type));

    hipblasLtMatrixLayout_t w_layout, x_layout, d_layout;
    hipblasLtMatrixLayoutCreate(&w_layout, half ? HIPBLAS_R_16F : HIPBLAS_R_32F, in_features, out_features, in_features);
    hipblasLtMatrixLayoutCreate(&x_layout, half ? HIPBLAS_R_16F : HIPBLAS_R_32F, in_features, tokens, in_features);
    hipblasLtMatrixLayoutCreate(&d_layout, half ? HIPBLAS_R_16F : HIPBLAS_R_32F, out_features, tokens, out_features);

    hipblasLtMatmulPreference_t preference;
    hipblasLtMatmulPreferenceCreate(&preference);
    hipblasLtMatmulPreferenceSetAttribute(preference, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                         &workspace_bytes, sizeof(workspace_bytes));
    hipblasLtMatmulHeuristicResult_t heuristic;
    int found = 0;
    hipblasLtMatmulAlgoGetHeuristic(lt, desc, w_layout, x_layout, d_layout, d_layout, preference, 1,
                                   &heuristic, &found);
    const float alpha = 1.0f, beta = 0.0f;
    hipblasLtMatmul(lt, desc, &alpha, W, w_layout, X, x_layout, &beta, D, d_layout, D, d_layout,
                   &heuristic.algo, workspace, workspace_bytes, stream);
    hipblasLtMatmulPreferenceDestroy(preference);
    hipblasLtMatrixLayoutDestroy(w_layout);
    hipblasLtMatrixLayoutDestroy(x_layout);
    hipblasLtMatrixLayoutDestroy(d_layout);
    hipblasLtMatmulDescDestroy(desc);
}

// An FP32 descriptor that allows TF32, and a ReLU layer that keeps its mask for the backward pass.
hipblasLtMatmulDesc_t relu_layer(void* mask, int64_t mask_ld)
{
    hipblasLtMatmulDesc_t desc;
    hipblasLtMatmulDescCreate(&desc, HIPBLASLT_COMPUTE_F32 /* hipify-plus: TF32 requested: FP32 compute for gfx90a */, HIPBLAS_R_32F);  // expect: HP312
    hipblasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_RELU_AUX_BIAS;  // expect: HP313
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &mask, sizeof(mask));
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &mask_ld, sizeof(mask_ld));
    return desc;
}
