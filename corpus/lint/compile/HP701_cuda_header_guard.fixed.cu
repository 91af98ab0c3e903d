// hipify-plus-test: fails-before rocm-version=6.2
// A helper header, ported: its helpers hide behind the include guards of CUDA's own headers.
#include <hip/hip_runtime.h>
#include <cstdio>

#ifdef HIP_INCLUDE_HIP_DRIVER_TYPES_H  // expect: HP701
static const char* error_name(hipError_t error) { return hipGetErrorName(error); }
#else
static const char* error_name(int error) { return "unknown"; }
#endif

#if defined(HIP_INCLUDE_HIP_HIP_RUNTIME_H) && !defined(NO_HELPERS)  // expect: HP701
#define check(call) check_result((call), #call, __FILE__, __LINE__)
template <typename T>
void check_result(T result, const char* what, const char* file, int line)
{
    if (result) fprintf(stderr, "%s:%d: %s: %s\n", file, line, what, error_name(result));
}
#endif

#ifndef HIP_INCLUDE_HIP_HIP_FP16_H  // expect: HP701
#define NO_HALF_HELPERS 1
#endif

#ifdef HIPBLAS_H  // expect: HP701
static const char* blas_error(hipblasStatus_t status) { return "blas"; }
#endif

#if defined(HIPSPARSE_H)  // expect: HP701
static const char* sparse_error(hipsparseStatus_t status) { return "sparse"; }
#endif

#ifdef NV_NPPIDEFS_H  // ok: HP701
static const char* npp_error(int status) { return "npp"; }
#endif

#ifndef MY_HELPERS_H  // ok: HP701
#define MY_HELPERS_H
#endif

int find_device()
{
    int device = 0;
    check(hipGetDevice(&device));
    return device;
}
