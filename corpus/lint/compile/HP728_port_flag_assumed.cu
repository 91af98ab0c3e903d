// hipify-plus-test: compile=no
// A project with its own ROCm switch, as llama.cpp's ggml has (the AMD build defines it).
#include <hip/hip_runtime.h>

#define MY_ROCM_FIXUPS 1

#ifdef GGML_USE_HIP  // expect: HP728
#include <hip/hip_cooperative_groups.h>
#else
#include <cooperative_groups/reduce.h>
#endif

#if defined(GGML_USE_HIP) && MY_ROCM_FIXUPS  // ok: HP728
#define WARP 64
#endif

#if !defined(USE_ROCM) || defined(__HIP_PLATFORM_AMD__)  // expect: HP728
#define FAST 1
#endif

#ifndef GL_AMD_draw_buffers_blend  // ok: HP728
#define GL_AMD_draw_buffers_blend 1
#endif

#ifdef GL_AMD_performance_monitor  // ok: HP728
#define MONITOR 1
#endif

#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H  // ok: HP728
#define HAVE_RUNTIME 1
#endif

#ifdef HIP_R_16BF  // ok: HP728
#define HAVE_BF16 1
#endif

#if HIP_VERSION >= 60000000  // ok: HP728
#define NEW_API 1
#endif
