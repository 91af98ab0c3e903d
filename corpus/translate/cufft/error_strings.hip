// hipify-plus-test: rocm-version=5.7
// A cuFFT status-to-string helper in the style of cuda-samples' helper_cuda.h: the labels of the
// statuses hipFFT does not define are deleted (HP711); the CUDA names still get HP001/HP002.
#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>
#include <cstdio>

static const char* fft_status(hipfftResult error)
{
    switch (error) {
        case HIPFFT_SUCCESS:
            return "CUFFT_SUCCESS";
        case HIPFFT_INVALID_PLAN:
            return "CUFFT_INVALID_PLAN";
        case HIPFFT_NOT_SUPPORTED:
            return "CUFFT_NOT_SUPPORTED";
            return "CUFFT_LICENSE_ERROR";
            return "CUFFT_MISSING_DEPENDENCY";
    }
    return "<unknown>";
}

int main()
{
    hipfftHandle plan;
    hipfftResult status = hipfftPlan1d(&plan, 256, HIPFFT_C2C, 1);
    std::printf("%s\n", fft_status(status));
    return status == HIPFFT_SUCCESS ? 0 : 1;
}
