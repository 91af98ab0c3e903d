// hipify-plus-test: select=HP309
// hipify-perl output without --roc: the retired hipDNN wrapper API.
#include <hip/hip_runtime.h>
#include <hipDNN.h>  // expect: HP309

void make_handle(hipdnnHandle_t* handle, hipStream_t stream)
{
    hipdnnCreate(handle);
    hipdnnSetStream(*handle, stream);
}
