// hipify-plus-test: compile=no rocm-version=5.7
// Orderings a hipRAND without orderings cannot give, and the call at a release that has it.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

hiprandStatus_t seeded(hiprandGenerator_t gen)
{
    return hiprandSetGeneratorOrdering(gen, HIPRAND_ORDERING_PSEUDO_SEEDED);  // expect: HP726
}
