// cuda-samples' simpleSurfaceWrite and vulkanImageCUDA: a boundary mode after the coordinates and a
// read that returns its value, which HIP's surface functions do not take (HP718).
#include <cuda_runtime.h>

__global__ void copy_surface(const float *in, int width, cudaSurfaceObject_t out, cudaSurfaceObject_t src)
{
    unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
    surf2Dwrite(in[y * width + x], out, x * 4, y, cudaBoundaryModeTrap);
    unsigned int pix = surf2Dread<unsigned int>(src, x * 4, y);
    surf2Dwrite(pix, out, x * 4, y);
}
