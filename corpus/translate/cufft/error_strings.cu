// hipify-plus-test: rocm-version=5.7
// A cuFFT status-to-string helper in the style of cuda-samples' helper_cuda.h: the labels of the
// statuses hipFFT does not define are deleted (HP711); the CUDA names still get HP001/HP002.
#include <cufft.h>
#include <cstdio>

static const char* fft_status(cufftResult error)
{
    switch (error) {
        case CUFFT_SUCCESS:
            return "CUFFT_SUCCESS";
        case CUFFT_INVALID_PLAN:
            return "CUFFT_INVALID_PLAN";
        case CUFFT_NOT_SUPPORTED:
            return "CUFFT_NOT_SUPPORTED";
        case CUFFT_LICENSE_ERROR:
            return "CUFFT_LICENSE_ERROR";
        case CUFFT_MISSING_DEPENDENCY:
            return "CUFFT_MISSING_DEPENDENCY";
    }
    return "<unknown>";
}

int main()
{
    cufftHandle plan;
    cufftResult status = cufftPlan1d(&plan, 256, CUFFT_C2C, 1);
    std::printf("%s\n", fft_status(status));
    return status == CUFFT_SUCCESS ? 0 : 1;
}
