// hipify-plus-test: compile=no
// The same calls in the CUDA source, before convert: the per-map hint is what convert drops; the
// flags themselves convert writes as HIP's register flags of the same meaning, with no finding.
#include <cuda_runtime.h>
#include <cuda_gl_interop.h>

void remap(struct cudaGraphicsResource *res, struct cudaGraphicsResource **out, GLuint vbo)
{
    cudaGraphicsGLRegisterBuffer(out, vbo, cudaGraphicsRegisterFlagsNone);  // ok: HP717
    cudaGraphicsResourceSetMapFlags(res, cudaGraphicsMapFlagsReadOnly);  // expect: HP717
    unsigned int flags = cudaGraphicsMapFlagsWriteDiscard;  // ok: HP717
    (void)flags;
}
