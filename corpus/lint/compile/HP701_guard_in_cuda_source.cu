// hipify-plus-test: compile=no
// In CUDA code the guards are right: lint leaves them to convert.
#include <cuda_runtime.h>

#ifdef __CUDA_RUNTIME_H__  // ok: HP701
#define HAVE_RUNTIME 1
#endif
