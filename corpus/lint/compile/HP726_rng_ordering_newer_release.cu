// hipify-plus-test: compile=no rocm-version=6.2
// hipRAND of ROCm 6.2 has orderings: the call stays (not compiled: older hipRAND headers lack them).
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

hiprandStatus_t quasi(hiprandGenerator_t gen)
{
    return hiprandSetGeneratorOrdering(gen, HIPRAND_ORDERING_QUASI_DEFAULT);  // ok: HP726
}
