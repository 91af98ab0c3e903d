// hipify-plus-test: select=HP309
// Plain cuDNN code: `convert` maps the header itself, nothing to do here.
#include <cudnn.h>  // ok: HP309

void make_handle(cudnnHandle_t* handle, cudaStream_t stream)
{
    cudnnCreate(handle);
    cudnnSetStream(*handle, stream);
}
