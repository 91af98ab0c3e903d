// hipify-plus-test: roc
// Host code that hands complex and half-precision buffers to cuBLAS: under --roc the CUDA types
// become rocBLAS's, which rocBLAS's functions take.
#include <cstdio>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuComplex.h>
#include <cublas_v2.h>

int main()
{
    const int n = 256;
    cuComplex *a, *b, *c;
    cuDoubleComplex *za;
    __half *ha, *hb, *hc;
    __nv_bfloat16 *bf;
    cudaMalloc(&a, n * n * sizeof(cuComplex));
    cudaMalloc(&b, n * n * sizeof(cuComplex));
    cudaMalloc(&c, n * n * sizeof(cuComplex));
    cudaMalloc(&za, n * sizeof(cuDoubleComplex));
    cudaMalloc(&ha, n * n * sizeof(__half));
    cudaMalloc(&hb, n * n * sizeof(__half));
    cudaMalloc(&hc, n * n * sizeof(__half));
    cudaMalloc(&bf, n * sizeof(__nv_bfloat16));

    cublasHandle_t handle;
    cublasCreate(&handle);
    cuComplex alpha, beta;
    cudaMemcpy(&alpha, a, sizeof(alpha), cudaMemcpyDeviceToHost);
    cudaMemcpy(&beta, b, sizeof(beta), cudaMemcpyDeviceToHost);
    cublasCgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, a, n, b, n, &beta, c, n);
    double norm = 0.0;
    cublasDznrm2(handle, n, za, 1, &norm);
    __half halpha, hbeta;
    cudaMemcpy(&halpha, ha, sizeof(halpha), cudaMemcpyDeviceToHost);
    hbeta = halpha;
    cublasHgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &halpha, ha, n, hb, n, &hbeta, hc, n);
    cudaDeviceSynchronize();
    printf("%f\n", norm);
    cublasDestroy(handle);
    cudaFree(a); cudaFree(b); cudaFree(c); cudaFree(za);
    cudaFree(ha); cudaFree(hb); cudaFree(hc); cudaFree(bf);
    return 0;
}
