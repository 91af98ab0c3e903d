// cuRAND's device API is split over many headers; hipRAND has it all in hiprand_kernel.h, which
// is written once (later includes that would repeat it are dropped).
#include <curand_kernel.h>
#include <curand_globals.h>
#include <curand_lognormal.h>
#include <curand_mrg32k3a.h>
#include <curand_normal_static.h>
#include <curand_poisson.h>
#include <curand_precalc.h>

__global__ void draw(float *out, unsigned long long seed)
{
    curandState state;
    curand_init(seed, threadIdx.x, 0, &state);
    out[threadIdx.x] = curand_log_normal(&state, 0.0f, 1.0f) + curand_poisson(&state, 4.0);
}
