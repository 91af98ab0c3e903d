// hipify-plus-test: roc
// A file that calls cuBLAS and also computes with the CUDA types itself: rocBLAS's types lack
// what it uses (complex members and functions, half arithmetic in a kernel), so under --roc the
// HIP types stay, and HP017 says that rocBLAS calls taking them need a pointer cast.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_complex.h>
#include <rocblas/rocblas.h>

__global__ void scale(__half *x, __half s, int n)  // expect: HP017
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = __hmul(x[i], s);
}

int main()
{
    const int n = 256;
    hipComplex z = make_hipComplex(1.0f, 2.0f);  // expect: HP017
    float re = hipCrealf(z);
    hipDoubleComplex w;  // expect: HP017
    w.x = 3.0;
    w.y = 4.0;
    __half *h;
    hipMalloc(&h, n * sizeof(__half));
    scale<<<1, n>>>(h, __float2half(2.0f), n);

    float *x;
    hipMalloc(&x, n * sizeof(float));
    rocblas_handle handle;
    rocblas_create_handle(&handle);
    float alpha = re;
    rocblas_sscal(handle, n, &alpha, x, 1);
    hipDeviceSynchronize();
    printf("%f %f\n", alpha, w.x);
    rocblas_destroy_handle(handle);
    hipFree(x);
    hipFree(h);
    return 0;
}
