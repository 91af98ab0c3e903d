// hipify-plus-test: rocm-version=5.7
// Before ROCm 6.0 hip_runtime_api.h declares HIP's GL interop (5.6 and 5.7's hip_gl_interop.h
// declares nothing on AMD). Map flags that do not go straight into a register call become the
// register flags of the same value, and the per-map hint goes (HP717); cudaGLSetGLDevice has no
// HIP counterpart: an error that says what to write.
#include <hip/hip_runtime.h>
#include <hip/hip_runtime_api.h>  // expect: HP008

void create_vbo(GLuint vbo, struct _hipGraphicsResource **res, unsigned int flags)
{
    hipGraphicsGLRegisterBuffer(res, vbo, flags);
}

void setup(GLuint vbo, struct _hipGraphicsResource **res)
{
    cudaGLSetGLDevice(0);                                            // expect: HP001
    create_vbo(vbo, res, hipGraphicsRegisterFlagsWriteDiscard);
    hipSuccess /* cudaGraphicsResourceSetMapFlags: HIP has no per-map access hint */;
}
