// hipify-plus-test: roc
// With --roc each header becomes its rocRAND counterpart (rocRAND keeps them separate).
// cuRAND's device API is split over many headers; hipRAND has it all in hiprand_kernel.h, which
// is written once (later includes that would repeat it are dropped).
#include <hip/hip_runtime.h>
#include <rocrand/rocrand_kernel.h>
#include <rocrand/rocrand_common.h>
#include <rocrand/rocrand_log_normal.h>
#include <rocrand/rocrand_mrg32k3a.h>
#include <rocrand/rocrand_normal.h>
#include <rocrand/rocrand_poisson.h>
#include <rocrand/rocrand_xorwow_precomputed.h>

__global__ void draw(float *out, unsigned long long seed)
{
    rocrand_state_xorwow state;
    rocrand_init(seed, threadIdx.x, 0, &state);
    out[threadIdx.x] = rocrand_log_normal(&state, 0.0f, 1.0f) + rocrand_poisson(&state, 4.0);
}
