// The project's own API, declared here and defined in a translation unit of its own: files that
// include this header see the prototypes, and names that look like CUDA stay the project's.
#pragma once
#include <cstddef>

extern "C" int cudaProjectAllocPinned(float **host, size_t count);
extern "C" void cudaProjectRelease(float *host);
