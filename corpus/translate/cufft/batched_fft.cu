// Batched spectra of real signals plus an in-place complex 1-D transform.
#include <cstdio>
#include <cuda_runtime.h>
#include <cufft.h>

#define CUFFT_CHECK(x) do { cufftResult r = (x); if (r != CUFFT_SUCCESS) { \
    printf("cuFFT error %d at line %d\n", (int)r, __LINE__); return 1; } } while (0)

__global__ void power_spectrum(const cufftComplex *spec, float *power, int total)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < total)
        power[i] = spec[i].x * spec[i].x + spec[i].y * spec[i].y;
}

int main()
{
    const int nfft = 4096, batch = 256;
    const int nfreq = nfft / 2 + 1;
    cufftReal *d_signal;
    cufftComplex *d_spec, *d_buf;
    float *d_power;
    cudaMalloc(&d_signal, sizeof(cufftReal) * nfft * batch);
    cudaMalloc(&d_spec, sizeof(cufftComplex) * nfreq * batch);
    cudaMalloc(&d_buf, sizeof(cufftComplex) * nfft);
    cudaMalloc(&d_power, sizeof(float) * nfreq * batch);
    cudaMemset(d_signal, 0, sizeof(cufftReal) * nfft * batch);
    cudaMemset(d_buf, 0, sizeof(cufftComplex) * nfft);

    cudaStream_t stream;
    cudaStreamCreate(&stream);

    // One R2C transform per row; rows are contiguous.
    cufftHandle manyPlan;
    int n[1] = { nfft };
    int inembed[1] = { nfft }, onembed[1] = { nfreq };
    CUFFT_CHECK(cufftPlanMany(&manyPlan, 1, n, inembed, 1, nfft, onembed, 1, nfreq,
                              CUFFT_R2C, batch));
    CUFFT_CHECK(cufftSetStream(manyPlan, stream));
    CUFFT_CHECK(cufftExecR2C(manyPlan, d_signal, d_spec));

    int total = nfreq * batch;
    power_spectrum<<<(total + 255) / 256, 256, 0, stream>>>(d_spec, d_power, total);

    // Single complex transform, forward then inverse, in place.
    cufftHandle plan1d;
    CUFFT_CHECK(cufftPlan1d(&plan1d, nfft, CUFFT_C2C, 1));
    CUFFT_CHECK(cufftSetStream(plan1d, stream));
    CUFFT_CHECK(cufftExecC2C(plan1d, d_buf, d_buf, CUFFT_FORWARD));
    CUFFT_CHECK(cufftExecC2C(plan1d, d_buf, d_buf, CUFFT_INVERSE));  // unnormalized

    size_t workBytes = 0;
    CUFFT_CHECK(cufftGetSize(manyPlan, &workBytes));
    cudaStreamSynchronize(stream);
    printf("batched plan work area: %zu bytes\n", workBytes);

    CUFFT_CHECK(cufftDestroy(manyPlan));
    CUFFT_CHECK(cufftDestroy(plan1d));
    cudaStreamDestroy(stream);
    cudaFree(d_signal); cudaFree(d_spec); cudaFree(d_buf); cudaFree(d_power);
    return 0;
}
