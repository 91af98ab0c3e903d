// hipify-plus-test: fails-before
// A device-selection helper written as C for a C++ caller: CUDA's cuda.h is a C header, so the
// original included it inside the extern "C" block.
#include "hip/hip_runtime.h"  // hipify-plus: before extern "C", which HIP's C++ headers cannot be inside
#ifdef __cplusplus
extern "C" {
#endif

#include "hip/hip_runtime.h"  // expect: HP723

void pick_device(void)
{
    int count = 0;
    hipGetDeviceCount(&count);
    if (count > 1) {
        hipSetDevice(count - 1);
    }
}

#ifdef __cplusplus
}
#endif

extern "C" {
#include "hip/hip_runtime.h"  // ok: HP723 (included above, before this block: this one is empty)
int device_count(void);
}

extern "C" {
#if defined(WITH_BLAS)
#include <hipblas/hipblas.h>  // expect: HP723
#endif
int blas_ready(void);
}

// extern "C" { #include <hip/hip_runtime.h> } in a comment: ok
