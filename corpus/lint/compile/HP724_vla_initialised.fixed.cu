// hipify-plus-test: fails-before
// A host function sizing arrays by its parameters and locals, as cuda-samples' Tegra multiplanar
// sample does for its surface objects.
#include <hip/hip_runtime.h>

#define MAX_PLANES 3

void launch_planes(int numPlanes, const float *scale)
{
    hipSurfaceObject_t surfObject[numPlanes]; __builtin_memset(surfObject, 0, sizeof(surfObject));  // expect: HP724
    int count = numPlanes * 2;
    float weights[count]; __builtin_memset(weights, 0, sizeof(weights));  // expect: HP724
    const float *rows[numPlanes][2]; __builtin_memset(rows, 0, sizeof(rows));  // expect: HP724
    hipSurfaceObject_t fixed[MAX_PLANES] = {0};  // ok: HP724
    const int planes = 4;
    int offsets[planes] = {0};  // ok: HP724
    float sized[numPlanes];  // ok: HP724
    char bytes[sizeof(numPlanes)] = {0};  // ok: HP724
    for (int i = 0; i < numPlanes; i++) {
        surfObject[i] = 0;
        sized[i] = scale[i] + weights[i] + offsets[i % planes];
        fixed[i % MAX_PLANES] = surfObject[i];
        rows[i][0] = scale;
        bytes[i % sizeof(bytes)] = 0;
    }
}
