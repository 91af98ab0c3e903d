// hipify-plus-test: rocm-version=5.7 fails-before min-hip=5.7
// Error-string switches as cuda-samples' helper_cuda.h writes them, after renaming.
#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>

static const char* fft_error(hipfftResult error)
{
    switch (error) {
        case HIPFFT_SUCCESS:
            return "HIPFFT_SUCCESS";
        case HIPFFT_NOT_SUPPORTED:  // ok: HP711
            return "HIPFFT_NOT_SUPPORTED";
        case CUFFT_LICENSE_ERROR:  // expect: HP711
            return "CUFFT_LICENSE_ERROR";
        case CUFFT_MISSING_DEPENDENCY: return "CUFFT_MISSING_DEPENDENCY";  // expect: HP711
        default:
            break;
    }
    return "<unknown>";
}

static const char* runtime_error(hipError_t error)
{
    switch (error) {
        case hipErrorInvalidValue:  // ok: HP711
            return "hipErrorInvalidValue";
        case cudaErrorInvalidHostPointer:  // expect: HP711
            return "cudaErrorInvalidHostPointer";
        case hipErrorInvalidTexture:  // expect: HP711 (ROCm 6.4; the target is 5.7)
            return "hipErrorInvalidTexture";
        case hipErrorNotSupported:  // ok: HP711
            return "hipErrorNotSupported";
        default:
            return "<unknown>";
    }
}

enum { CUDA_LOCAL_VALUE = 2 };

static int other(int v)
{
    switch (v) {
        case 1:  // ok: HP711
            return 10;
        case CUDA_LOCAL_VALUE:  // ok: HP711 (not a CUDA enumerator the tables know)
            return 20;
    }
    return 0;
}
