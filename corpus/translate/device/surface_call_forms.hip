// cuda-samples' simpleSurfaceWrite and vulkanImageCUDA: a boundary mode after the coordinates and a
// read that returns its value, which HIP's surface functions do not take (HP718).
#include <hip/hip_runtime.h>

__global__ void copy_surface(const float *in, int width, hipSurfaceObject_t out, hipSurfaceObject_t src)
{
    unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
    surf2Dwrite(in[y * width + x], out, x * 4, y);
    unsigned int pix = [&] { unsigned int v; surf2Dread(&v, src, x * 4, y); return v; }();
    surf2Dwrite(pix, out, x * 4, y);
}
