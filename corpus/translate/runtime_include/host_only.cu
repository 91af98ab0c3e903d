// A .cu file is compiled as CUDA even when it uses no CUDA runtime name: it gets
// hip/hip_runtime.h, as hipcc's -x hip and HIPIFY give every CUDA source. The feature-test macro
// above the first include stays above it (it must precede every system header).
#define _GNU_SOURCE
#include <sched.h>
#include <cstdio>

int pinned_cpus()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    sched_getaffinity(0, sizeof(set), &set);
    return CPU_COUNT(&set);
}
