// hipify-plus-test: rocm-version=6.2
// OpenGL interop: <cuda_gl_interop.h> becomes <hip/hip_gl_interop.h> (ROCm 6.0 and later), with
// the runtime before it (CUDA's header includes cuda_runtime_api.h, HIP's needs it first).
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

// CUDA's resource type is the struct itself; HIP's is a typedef of struct _hipGraphicsResource
static struct cudaGraphicsResource *vbo_resource;
static cudaGraphicsResource_t pbo_resource;

void register_buffers(GLuint vbo, GLuint pbo, GLuint texture)
{
    // map flags straight into a register call: the register flag of the same value
    cudaGraphicsGLRegisterBuffer(&vbo_resource, vbo, cudaGraphicsMapFlagsWriteDiscard);
    cudaGraphicsGLRegisterBuffer(&pbo_resource, pbo, cudaGraphicsRegisterFlagsNone);
    struct cudaGraphicsResource *tex = nullptr;
    cudaGraphicsGLRegisterImage(&tex, texture, 0x0DE1, cudaGraphicsMapFlagsReadOnly);
    cudaGraphicsUnregisterResource(tex);
}

float *map_vbo(cudaStream_t stream)
{
    float *ptr = nullptr;
    size_t bytes = 0;
    cudaGraphicsMapResources(1, &vbo_resource, stream);
    cudaGraphicsResourceGetMappedPointer((void **)&ptr, &bytes, vbo_resource);
    return ptr;
}

void unmap_vbo(cudaStream_t stream)
{
    cudaGraphicsUnmapResources(1, &vbo_resource, stream);
}

void devices()
{
    unsigned int count = 0;
    int ids[4];
    cudaGLGetDevices(&count, ids, 4, cudaGLDeviceListAll);
}
