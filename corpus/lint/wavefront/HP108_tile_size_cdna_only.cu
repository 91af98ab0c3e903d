// A 64-thread tile is one wavefront on CDNA (the default target, gfx90a).
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void wave_tiles(const float *in, float *out)
{
    auto wave = cg::tiled_partition<64>(cg::this_thread_block());  // ok: HP108 (no RDNA target)
    auto pair = cg::tiled_partition<128>(cg::this_thread_block());  // expect: HP108
    float v = in[threadIdx.x];
    for (int o = wave.size() / 2; o > 0; o /= 2)
        v += wave.shfl_down(v, o);
    if (wave.thread_rank() == 0)
        out[blockIdx.x * 2 + pair.meta_group_rank()] = v;
}
