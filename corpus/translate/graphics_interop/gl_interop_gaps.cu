// hipify-plus-test: rocm-version=5.7
// Before ROCm 6.0 hip_runtime_api.h declares HIP's GL interop (5.6 and 5.7's hip_gl_interop.h
// declares nothing on AMD). Map flags that do not go straight into a register call become the
// register flags of the same value, and the per-map hint goes (HP717); cudaGLSetGLDevice has no
// HIP counterpart: an error that says what to write.
#include <cuda_runtime.h>
#include <cuda_gl_interop.h>  // expect: HP008

void create_vbo(GLuint vbo, struct cudaGraphicsResource **res, unsigned int flags)
{
    cudaGraphicsGLRegisterBuffer(res, vbo, flags);
}

void setup(GLuint vbo, struct cudaGraphicsResource **res)
{
    cudaGLSetGLDevice(0);                                            // expect: HP001
    create_vbo(vbo, res, cudaGraphicsMapFlagsWriteDiscard);
    cudaGraphicsResourceSetMapFlags(*res, cudaGraphicsMapFlagsNone);
}
