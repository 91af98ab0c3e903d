// A project that supplies CUDA_VERSION itself when it is missing: its tests are its own business.
#include <hip/hip_runtime.h>

#ifndef CUDA_VERSION
#define CUDA_VERSION 0
#endif

#if CUDA_VERSION >= 11000  // ok: HP702
#define MODERN 1
#endif

int version() { return CUDA_VERSION; }  // ok: HP702
