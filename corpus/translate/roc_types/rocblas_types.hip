// hipify-plus-test: roc
// Host code that hands complex and half-precision buffers to cuBLAS: under --roc the CUDA types
// become rocBLAS's, which rocBLAS's functions take.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <hip/hip_complex.h>
#include <rocblas/rocblas.h>

int main()
{
    const int n = 256;
    rocblas_float_complex *a, *b, *c;
    rocblas_double_complex *za;
    rocblas_half *ha, *hb, *hc;
    rocblas_bfloat16 *bf;
    hipMalloc(&a, n * n * sizeof(rocblas_float_complex));
    hipMalloc(&b, n * n * sizeof(rocblas_float_complex));
    hipMalloc(&c, n * n * sizeof(rocblas_float_complex));
    hipMalloc(&za, n * sizeof(rocblas_double_complex));
    hipMalloc(&ha, n * n * sizeof(rocblas_half));
    hipMalloc(&hb, n * n * sizeof(rocblas_half));
    hipMalloc(&hc, n * n * sizeof(rocblas_half));
    hipMalloc(&bf, n * sizeof(rocblas_bfloat16));

    rocblas_handle handle;
    rocblas_create_handle(&handle);
    rocblas_float_complex alpha, beta;
    hipMemcpy(&alpha, a, sizeof(alpha), hipMemcpyDeviceToHost);
    hipMemcpy(&beta, b, sizeof(beta), hipMemcpyDeviceToHost);
    rocblas_cgemm(handle, rocblas_operation_none, rocblas_operation_none, n, n, n, &alpha, a, n, b, n, &beta, c, n);
    double norm = 0.0;
    rocblas_dznrm2(handle, n, za, 1, &norm);
    rocblas_half halpha, hbeta;
    hipMemcpy(&halpha, ha, sizeof(halpha), hipMemcpyDeviceToHost);
    hbeta = halpha;
    rocblas_hgemm(handle, rocblas_operation_none, rocblas_operation_none, n, n, n, &halpha, ha, n, hb, n, &hbeta, hc, n);
    hipDeviceSynchronize();
    printf("%f\n", norm);
    rocblas_destroy_handle(handle);
    hipFree(a); hipFree(b); hipFree(c); hipFree(za);
    hipFree(ha); hipFree(hb); hipFree(hc); hipFree(bf);
    return 0;
}
