// hipify-plus-test: select=HP309
// A partly ported file: the calls are MIOpen, the include is still cuDNN's.
#include <hip/hip_runtime.h>
#include <cudnn.h>  // expect: HP309

void destroy(miopenHandle_t handle, miopenTensorDescriptor_t desc)
{
    miopenDestroyTensorDescriptor(desc);
    miopenDestroy(handle);
}
