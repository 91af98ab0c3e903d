// hipify-plus-test: roc
// A file that calls cuBLAS and also computes with the CUDA types itself: rocBLAS's types lack
// what it uses (complex members and functions, half arithmetic in a kernel), so under --roc the
// HIP types stay, and HP017 says that rocBLAS calls taking them need a pointer cast.
#include <cstdio>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuComplex.h>
#include <cublas_v2.h>

__global__ void scale(__half *x, __half s, int n)  // expect: HP017
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = __hmul(x[i], s);
}

int main()
{
    const int n = 256;
    cuComplex z = make_cuComplex(1.0f, 2.0f);  // expect: HP017
    float re = cuCrealf(z);
    cuDoubleComplex w;  // expect: HP017
    w.x = 3.0;
    w.y = 4.0;
    __half *h;
    cudaMalloc(&h, n * sizeof(__half));
    scale<<<1, n>>>(h, __float2half(2.0f), n);

    float *x;
    cudaMalloc(&x, n * sizeof(float));
    cublasHandle_t handle;
    cublasCreate(&handle);
    float alpha = re;
    cublasSscal(handle, n, &alpha, x, 1);
    cudaDeviceSynchronize();
    printf("%f %f\n", alpha, w.x);
    cublasDestroy(handle);
    cudaFree(x);
    cudaFree(h);
    return 0;
}
