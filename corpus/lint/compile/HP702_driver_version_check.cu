// hipify-plus-test: fails-before
// A sample that refuses to run on a driver older than the runtime it was built with (cuda-samples'
// ptxjit, after renaming): on AMD both numbers are HIP's.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>

int require_new_enough_driver()
{
    int driverVersion = 0;
    hipDriverGetVersion(&driverVersion);
    if (driverVersion < CUDART_VERSION) {  // expect: HP702
        printf("driver %d older than the runtime %d\n", driverVersion,
               CUDART_VERSION);  // expect: HP702
        return 1;
    }
    return 0;
}
