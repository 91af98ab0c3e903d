// Inline PTX idioms from a CUDA utilities header, and asm that is not PTX.
#include <cstdint>

#define LANE_ID(out) asm volatile("mov.u32 %0, %%laneid;" : "=r"(out))  // expect: HP501
#define COMPILER_FENCE() asm volatile("" ::: "memory")  // ok: HP501

__device__ __forceinline__ unsigned lane_id()
{
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));  // expect: HP501
    return lane;
}

__device__ __forceinline__ uint64_t global_timer()
{
    uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));  // expect: HP501
    return t;
}

__device__ __forceinline__ float load_streaming(const float* p)
{
    float v;
    asm volatile("ld.global.cs.f32 %0, [%1];" : "=f"(v) : "l"(p));  // expect: HP501
    return v;
}

__device__ __forceinline__ unsigned permute(unsigned a, unsigned b, unsigned s)
{
    unsigned r;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(s));  // expect: HP501
    return r;
}

__device__ __forceinline__ int is_odd(int x)
{
    int r;
    asm("{\n\t"  // expect: HP501
        ".reg .pred p;\n\t"
        "setp.ne.b32 p, %1, 0;\n\t"
        "selp.s32 %0, 1, 0, p;\n\t"
        "}" : "=r"(r) : "r"(x & 1));
    return r;
}

__device__ __forceinline__ void stop_here()
{
    asm volatile("trap;");  // expect: HP501
}

__device__ __forceinline__ void opaque(double& x)
{
    asm volatile("" : "+d"(x));  // expect: HP501
}

__device__ __forceinline__ void drain_loads()
{
    asm volatile("s_waitcnt vmcnt(0)" ::: "memory");  // ok: HP501
}

__device__ __forceinline__ float amd_move(float x)
{
    float r;
    asm volatile("v_mov_b32 %0, %1" : "=v"(r) : "v"(x));  // ok: HP501
    return r;
}

__device__ __forceinline__ unsigned lane_id_portable()
{
#if defined(__HIP_PLATFORM_AMD__)
    return __lane_id();
#else
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));  // ok: HP501
    return lane;
#endif
}

static inline uint64_t host_cycles()
{
    unsigned lo, hi;
    asm volatile("rdtsc" : "=a"(lo), "=d"(hi));  // ok: HP501
    return ((uint64_t)hi << 32) | lo;
}

#if 0
__device__ void retired() { asm volatile("trap;"); }  // ok: HP501
#endif

__device__ __forceinline__ unsigned lane_id_device_pass()
{
#ifdef __HIP_DEVICE_COMPILE__
    return __lane_id();
#else
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));  // ok: HP501
    return lane;
#endif
}

// Compute capabilities named by macros of another header: `__CUDA_ARCH__` reads as 0 on AMD, so
// a test for at least (or exactly) a named capability is false there.
__device__ __forceinline__ void mma_named_arch(int& d, int a, int b)
{
#if __CUDA_ARCH__ >= PROJECT_CC_AMPERE  // expect: HP502 (the guard is the porting task)
    asm("mad.lo.s32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b));  // ok: HP501
#elif PROJECT_CC_VOLTA == __CUDA_ARCH__  // expect: HP502
    asm("mad.lo.s32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b));  // ok: HP501
#else
    asm("mad.lo.s32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b));  // expect: HP501
#endif
#if __CUDA_ARCH__ < PROJECT_CC_TURING  // expect: HP502
    asm("mad.lo.s32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b));  // expect: HP501
#endif
}

// An execution space spelled by a macro of the file is device code too.
#define PROJECT_DEVICE __device__ __forceinline__
PROJECT_DEVICE unsigned lane_id_by_macro()
{
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));  // expect: HP501
    return lane;
}

// A host function's asm is the host's own assembly, never PTX (nvcc hands it to the host
// compiler); and another ISA's dotted mnemonic (RISC-V vector-mask moves, as in ggml's ET
// kernels) is no PTX instruction in a macro either.
static inline void host_mask_setup()
{
    __asm__ volatile("mov.m.x m0, x0, 0xFF");  // ok: HP501
}
#define ET_MASK_ALL() __asm__ volatile("mov.m.x m0, x0, 0xFF")  // ok: HP501
