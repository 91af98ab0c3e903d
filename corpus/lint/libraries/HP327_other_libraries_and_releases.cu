// hipify-plus-test: rocm-version=5.7
// Near misses: a data-type macro in a file that also calls hipSPARSE (whose calls take
// hipDataType in every release), and values that are not compute types.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hipsparse/hipsparse.h>

#define VALUE_TYPE HIP_R_32F  // ok: HP327

static int mode = 0;

void set_mode(int m)
{
    mode = m ? 1 : 0;  // ok: HP327
}
