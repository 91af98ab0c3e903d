// hipify-plus-test: select=HP309
// A layer ported by hand to MIOpen that kept the header hipify-perl wrote.
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>  // expect: HP309

miopenStatus_t make_handle(miopenHandle_t* handle, hipStream_t stream)
{
    miopenStatus_t status = miopenCreate(handle);
    if (status != miopenStatusSuccess) {
        return status;
    }
    return miopenSetStream(*handle, stream);
}
