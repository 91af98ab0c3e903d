// hipify-plus-test: fails-before
// cuda-samples' nbody and simpleGL after renaming: map flags through variables and per-map hints.
#include <hip/hip_runtime.h>

void createVBO(GLuint *vbo, hipGraphicsResource **vbo_res, unsigned int vbo_res_flags)
{
    hipGraphicsGLRegisterBuffer(vbo_res, *vbo, vbo_res_flags);
}


void setup(GLuint vbo, hipGraphicsResource **pgres, int currentRead)
{
    createVBO(&vbo, &pgres[0], hipGraphicsRegisterFlagsWriteDiscard);  // expect: HP717
    hipGraphicsRegisterFlags flags = hipGraphicsRegisterFlagsNone;  // expect: HP717, HP717
    hipGraphicsGLRegisterBuffer(&pgres[1], vbo, flags);
    hipGraphicsGLRegisterBuffer(&pgres[0], vbo, hipGraphicsRegisterFlagsReadOnly);  // ok: HP717
    hipError_t status = hipSuccess /* cudaGraphicsResourceSetMapFlags: HIP has no per-map access hint */;  // expect: HP717
    hipSuccess /* cudaGraphicsResourceSetMapFlags: HIP has no per-map access hint */;  // expect: HP717
    (void)status;
}
