// Monte Carlo estimate of pi with numbers from the cuRAND host API.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

#define CURAND_CHECK(x)                                                   \
    do {                                                                  \
        hiprandStatus_t st_ = (x);                                         \
        if (st_ != HIPRAND_STATUS_SUCCESS) {                               \
            printf("cuRAND error %d at %s:%d\n", (int)st_, __FILE__, __LINE__); \
            return 1;                                                     \
        }                                                                 \
    } while (0)

__global__ void count_inside(const float *xy, size_t npts, unsigned long long *hits)
{
    unsigned long long local = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < npts;
         i += (size_t)blockDim.x * gridDim.x) {
        float x = xy[2 * i], y = xy[2 * i + 1];
        local += (x * x + y * y <= 1.0f);
    }
    atomicAdd(hits, local);
}

int main()
{
    const size_t npts = 1 << 24;
    float *d_xy, *d_noise;
    unsigned long long *d_hits, hits = 0;
    hipMalloc(&d_xy, 2 * npts * sizeof(float));
    hipMalloc(&d_noise, npts * sizeof(float));
    hipMalloc(&d_hits, sizeof(unsigned long long));
    hipMemset(d_hits, 0, sizeof(unsigned long long));

    hiprandGenerator_t gen;
    CURAND_CHECK(hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_PHILOX4_32_10));
    CURAND_CHECK(hiprandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
    CURAND_CHECK(hiprandSetGeneratorOffset(gen, 0));
    CURAND_CHECK(hiprandGenerateUniform(gen, d_xy, 2 * npts));
    // Gaussian noise for a later perturbation step; the count must be even.
    CURAND_CHECK(hiprandGenerateNormal(gen, d_noise, npts, 0.0f, 0.01f));

    count_inside<<<256, 256>>>(d_xy, npts, d_hits);
    hipMemcpy(&hits, d_hits, sizeof(hits), hipMemcpyDeviceToHost);
    printf("pi ~= %.6f\n", 4.0 * (double)hits / (double)npts);

    CURAND_CHECK(hiprandDestroyGenerator(gen));
    hipFree(d_xy); hipFree(d_noise); hipFree(d_hits);
    return 0;
}
