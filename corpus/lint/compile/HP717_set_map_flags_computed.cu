// hipify-plus-test: compile=no
// A per-map hint whose resource argument is computed by a call: dropping the call would drop the
// call it makes, so it is reported, not fixed.
#include <hip/hip_runtime.h>

hipGraphicsResource *next_resource();

void remap(unsigned int flags)
{
    cudaGraphicsResourceSetMapFlags(next_resource(), flags);  // expect: HP717
}
