// A host-only header that CUDA projects carry beside their kernels (cuda-samples' GL helpers):
// C math and OpenGL types the mapping tables list as CUDA names that stay the same. Nothing here
// needs the HIP runtime, and adding it inside `extern "C"` would break the C++ templates it pulls in.
#ifndef HOST_ONLY_H
#define HOST_ONLY_H
#include <math.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned int GLuint;
typedef unsigned int GLenum;

static inline float clamp_length(float x, float y, float limit)
{
    float length = sqrtf(x * x + y * y);
    return fminf(length, limit);
}

void bind_texture(GLenum target, GLuint texture);

#ifdef __cplusplus
}
#endif
#endif
