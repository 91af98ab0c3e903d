// hipify-plus-test: fails-before
// cuda-samples' simpleSurfaceWrite and vulkanImageCUDA after renaming: a boundary mode after the
// coordinates, and reads that return the value.
#include <hip/hip_runtime.h>

__global__ void surfaceWriteKernel(const float *gIData, int width, hipSurfaceObject_t outputSurface)
{
    unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
    surf2Dwrite(gIData[y * width + x], outputSurface, x * 4, y, hipBoundaryModeTrap);  // expect: HP718
    surf2Dwrite(gIData[y * width + x], outputSurface, x * 4, y);  // ok: HP718
}

__global__ void blur(hipSurfaceObject_t src, hipSurfaceObject_t dst, int colInBytes, int height)
{
    unsigned int pixFirst = surf2Dread<unsigned int>(src, colInBytes, 0);  // expect: HP718
    unsigned int pixLast = surf2Dread<unsigned int>(src, colInBytes, height - 1, hipBoundaryModeZero);  // expect: HP718
    unsigned int pix;
    surf2Dread(&pix, src, colInBytes, 1);  // ok: HP718
    surf2Dwrite(pixFirst + pixLast + pix, dst, colInBytes, 0);
}
