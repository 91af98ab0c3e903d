// cuBLAS's legacy API (<cublas.h>, no handle): hipBLAS has only the handle API, so the BLAS calls
// stay as they are (HP014), and the legacy context functions have no counterpart (HP001).
#include <cstdio>
#include <cublas.h>

int scale(float *x, int n, float alpha)
{
    cublasInit();  // expect: HP001
    float *d = nullptr;
    cublasAlloc(n, sizeof(float), (void **)&d);  // expect: HP001
    cublasSetVector(n, sizeof(float), x, 1, d, 1);
    cublasSscal(n, alpha, d, 1);  // expect: HP014
    int i = cublasIsamax(n, d, 1);  // expect: HP014
    cublasGetVector(n, sizeof(float), d, 1, x, 1);
    cublasFree(d);  // expect: HP001
    cublasShutdown();  // expect: HP001
    return i;
}
