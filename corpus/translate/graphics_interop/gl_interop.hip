// hipify-plus-test: rocm-version=6.2
// OpenGL interop: <cuda_gl_interop.h> becomes <hip/hip_gl_interop.h> (ROCm 6.0 and later), with
// the runtime before it (CUDA's header includes cuda_runtime_api.h, HIP's needs it first).
#include <hip/hip_runtime.h>
#include <hip/hip_gl_interop.h>

// CUDA's resource type is the struct itself; HIP's is a typedef of struct _hipGraphicsResource
static struct _hipGraphicsResource *vbo_resource;
static hipGraphicsResource_t pbo_resource;

void register_buffers(GLuint vbo, GLuint pbo, GLuint texture)
{
    // map flags straight into a register call: the register flag of the same value
    hipGraphicsGLRegisterBuffer(&vbo_resource, vbo, hipGraphicsRegisterFlagsWriteDiscard);
    hipGraphicsGLRegisterBuffer(&pbo_resource, pbo, hipGraphicsRegisterFlagsNone);
    struct _hipGraphicsResource *tex = nullptr;
    hipGraphicsGLRegisterImage(&tex, texture, 0x0DE1, hipGraphicsRegisterFlagsReadOnly);
    hipGraphicsUnregisterResource(tex);
}

float *map_vbo(hipStream_t stream)
{
    float *ptr = nullptr;
    size_t bytes = 0;
    hipGraphicsMapResources(1, &vbo_resource, stream);
    hipGraphicsResourceGetMappedPointer((void **)&ptr, &bytes, vbo_resource);
    return ptr;
}

void unmap_vbo(hipStream_t stream)
{
    hipGraphicsUnmapResources(1, &vbo_resource, stream);
}

void devices()
{
    unsigned int count = 0;
    int ids[4];
    hipGLGetDevices(&count, ids, 4, hipGLDeviceListAll);
}
