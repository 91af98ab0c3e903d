// cuRAND's device API is split over many headers; hipRAND has it all in hiprand_kernel.h, which
// is written once (later includes that would repeat it are dropped).
#include <hip/hip_runtime.h>
#include <hiprand/hiprand_kernel.h>

__global__ void draw(float *out, unsigned long long seed)
{
    hiprandState state;
    hiprand_init(seed, threadIdx.x, 0, &state);
    out[threadIdx.x] = hiprand_log_normal(&state, 0.0f, 1.0f) + hiprand_poisson(&state, 4.0);
}
