// hipify-plus-test: rocm-version=6.2
// The project's common header: the HIP port header for the HIP build, and feature macros defined
// only for NVIDIA's device passes (ggml's VOLTA_MMA_AVAILABLE & co.).
#pragma once

#if defined(MYLIB_USE_HIP)
#include "vendors/hip.h"
#else
#include <cuda_bf16.h>
#endif

#define MYLIB_CC_AMPERE 800

#if !defined(MYLIB_USE_HIP) && __CUDA_ARCH__ >= MYLIB_CC_AMPERE
#define AMPERE_MMA_AVAILABLE
#endif
