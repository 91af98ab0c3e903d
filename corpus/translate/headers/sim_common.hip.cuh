// Shared declarations for the particle simulation kernels.
#ifndef SIM_COMMON_CUH
#define SIM_COMMON_CUH

#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <hiprand/hiprand_kernel.h>
#include <hip/hip_fp16.h>

namespace cg = cooperative_groups;

#if !defined(__HIP_PLATFORM_AMD__)  // HIP's vector types define these operators
__host__ __device__ inline float3 operator+(float3 a, float3 b)
{
    return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}

__host__ __device__ inline float3 operator*(float s, float3 a)
{
    return make_float3(s * a.x, s * a.y, s * a.z);
}
#endif  // !defined(__HIP_PLATFORM_AMD__)

namespace sim {

constexpr int kBlockSize = 256;

struct Particle {
    float3 pos;
    float3 vel;
    __half charge;
};

__device__ inline float3 random_unit_vector(hiprandState *state)
{
    float z = 2.0f * hiprand_uniform(state) - 1.0f;
    float phi = 6.2831853f * hiprand_uniform(state);
    float r = sqrtf(fmaxf(0.0f, 1.0f - z * z));
    return make_float3(r * cosf(phi), r * sinf(phi), z);
}

// Block-wide sum using a cooperative-groups block handle; scratch holds blockDim.x floats.
__device__ inline float block_sum(cg::thread_block block, float *scratch, float v)
{
    unsigned int t = block.thread_rank();
    scratch[t] = v;
    block.sync();
    for (unsigned int s = block.size() / 2; s > 0; s >>= 1) {
        if (t < s) scratch[t] += scratch[t + s];
        block.sync();
    }
    return scratch[0];
}

inline int blocks_for(int n) { return (n + kBlockSize - 1) / kBlockSize; }

void launch_init(Particle *p, hiprandState *states, int n, unsigned long long seed, hipStream_t s);

}  // namespace sim

#endif  // SIM_COMMON_CUH
