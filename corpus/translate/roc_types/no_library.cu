// hipify-plus-test: roc
// A kernel file that calls no BLAS/SPARSE library: --roc changes nothing about its types (no
// rocBLAS header declares rocblas_half here).
#include <cuda_fp16.h>
#include <cuComplex.h>

__global__ void mix(__half *h, cuComplex *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        h[i] = __float2half(cuCabsf(c[i]));
    }
}
