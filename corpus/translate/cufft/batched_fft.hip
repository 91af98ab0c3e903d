// Batched spectra of real signals plus an in-place complex 1-D transform.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>

#define CUFFT_CHECK(x) do { hipfftResult r = (x); if (r != HIPFFT_SUCCESS) { \
    printf("cuFFT error %d at line %d\n", (int)r, __LINE__); return 1; } } while (0)

__global__ void power_spectrum(const hipfftComplex *spec, float *power, int total)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < total)
        power[i] = spec[i].x * spec[i].x + spec[i].y * spec[i].y;
}

int main()
{
    const int nfft = 4096, batch = 256;
    const int nfreq = nfft / 2 + 1;
    hipfftReal *d_signal;
    hipfftComplex *d_spec, *d_buf;
    float *d_power;
    hipMalloc(&d_signal, sizeof(hipfftReal) * nfft * batch);
    hipMalloc(&d_spec, sizeof(hipfftComplex) * nfreq * batch);
    hipMalloc(&d_buf, sizeof(hipfftComplex) * nfft);
    hipMalloc(&d_power, sizeof(float) * nfreq * batch);
    hipMemset(d_signal, 0, sizeof(hipfftReal) * nfft * batch);
    hipMemset(d_buf, 0, sizeof(hipfftComplex) * nfft);

    hipStream_t stream;
    hipStreamCreate(&stream);

    // One R2C transform per row; rows are contiguous.
    hipfftHandle manyPlan;
    int n[1] = { nfft };
    int inembed[1] = { nfft }, onembed[1] = { nfreq };
    CUFFT_CHECK(hipfftPlanMany(&manyPlan, 1, n, inembed, 1, nfft, onembed, 1, nfreq,
                              HIPFFT_R2C, batch));
    CUFFT_CHECK(hipfftSetStream(manyPlan, stream));
    CUFFT_CHECK(hipfftExecR2C(manyPlan, d_signal, d_spec));

    int total = nfreq * batch;
    power_spectrum<<<(total + 255) / 256, 256, 0, stream>>>(d_spec, d_power, total);

    // Single complex transform, forward then inverse, in place.
    hipfftHandle plan1d;
    CUFFT_CHECK(hipfftPlan1d(&plan1d, nfft, HIPFFT_C2C, 1));
    CUFFT_CHECK(hipfftSetStream(plan1d, stream));
    CUFFT_CHECK(hipfftExecC2C(plan1d, d_buf, d_buf, HIPFFT_FORWARD));
    CUFFT_CHECK(hipfftExecC2C(plan1d, d_buf, d_buf, HIPFFT_BACKWARD));  // unnormalized

    size_t workBytes = 0;
    CUFFT_CHECK(hipfftGetSize(manyPlan, &workBytes));
    hipStreamSynchronize(stream);
    printf("batched plan work area: %zu bytes\n", workBytes);

    CUFFT_CHECK(hipfftDestroy(manyPlan));
    CUFFT_CHECK(hipfftDestroy(plan1d));
    hipStreamDestroy(stream);
    hipFree(d_signal); hipFree(d_spec); hipFree(d_buf); hipFree(d_power);
    return 0;
}
