// hipify-plus-test: fails-before rocm-version=5.7
// A Sobol generator set to its default ordering, renamed for a hipRAND that has no orderings.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

hiprandStatus_t make_sobol(hiprandGenerator_t *out, unsigned int dimensions)
{
    hiprandGenerator_t qrng;
    hiprandStatus_t status = hiprandCreateGenerator(&qrng, HIPRAND_RNG_QUASI_SOBOL32);
    if (status != HIPRAND_STATUS_SUCCESS)
        return status;
    status = hiprandSetQuasiRandomGeneratorDimensions(qrng, dimensions);
    if (status != HIPRAND_STATUS_SUCCESS)
        return status;
    status = HIPRAND_STATUS_SUCCESS /* hiprandSetGeneratorOrdering: the default ordering is the only one here */;  // expect: HP726
    *out = qrng;
    return status;
}
