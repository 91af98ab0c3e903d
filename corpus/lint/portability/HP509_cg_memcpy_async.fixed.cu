// hipify-plus-test: compile fails-before
// Converted CUDA staging a tile with cooperative groups' memcpy_async and wait: HIP has no
// <cooperative_groups/memcpy_async.h>, so the fix puts a synchronous group copy in its place.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
// hipify-plus: HIP's cooperative groups have no <cooperative_groups/memcpy_async.h>; this block
// provides what it declares, for tiles (any power-of-two size up to the wavefront, 64 or 32
// lanes) and coalesced groups. CUDA builds include the real header.
#if !defined(__HIP__)
#include <cooperative_groups/memcpy_async.h>
#else
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#ifndef HIP_PLUS_CG_NATIVE
// 1 where HIP's headers have their own (newer clr): that one is used instead of the block's
#define HIP_PLUS_CG_NATIVE_REDUCE __has_include("hip/amd_detail/amd_hip_cooperative_groups_reduce.h")
#define HIP_PLUS_CG_NATIVE_MEMCPY __has_include("hip/amd_detail/amd_hip_cooperative_groups_memcpy.h")
#define HIP_PLUS_CG_NATIVE
#endif
#ifndef HIP_PLUS_CG_GROUP
#define HIP_PLUS_CG_GROUP
namespace hip_plus_cg {
template <class T> struct plain { typedef T type; };
template <class T> struct plain<T&> : plain<T> {};
template <class T> struct plain<T&&> : plain<T> {};
template <class T> struct plain<const T> : plain<T> {};
template <class T> struct plain<volatile T> : plain<T> {};
template <class T> struct plain<const volatile T> : plain<T> {};
// Size, rank and sync through thread_group (HIP 5.7's thread_block_tile<N, Parent> finds
// size() and thread_rank() in two bases); a tile's size is its template argument.
template <class Group> __device__ inline unsigned size_of(const Group& group) {
  return static_cast<const cooperative_groups::thread_group&>(group).size();
}
template <unsigned N, class Parent>
__device__ inline unsigned size_of(const cooperative_groups::thread_block_tile<N, Parent>&) { return N; }
template <class Group> __device__ inline unsigned rank_of(const Group& group) {
  return static_cast<const cooperative_groups::thread_group&>(group).thread_rank();
}
template <unsigned N, class Parent>
__device__ inline unsigned rank_of(const cooperative_groups::thread_block_tile<N, Parent>&) {
  return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & (N - 1);
}
template <class Group> __device__ inline void sync_of(const Group& group) {
  static_cast<const cooperative_groups::thread_group&>(group).sync();
}
// The group's own shuffles take 4-byte integers: a value of any trivially copyable type moves
// as its 4-byte words. kind 0: from rank `arg`; 1: from rank + arg; 2: from rank - arg (a rank
// outside the group reads its own value, as HIP's shuffles do).
template <class Group, class T>
__device__ inline T shuffle(const Group& group, const T& value, int kind, unsigned arg) {
  unsigned words[(sizeof(T) + 3) / 4] = {};
  __builtin_memcpy(words, &value, sizeof(T));
  for (unsigned i = 0; i < (sizeof(T) + 3) / 4; ++i) {
    words[i] = kind == 0 ? group.shfl(words[i], static_cast<int>(arg))
             : kind == 1 ? group.shfl_down(words[i], arg) : group.shfl_up(words[i], arg);
  }
  T result = value;
  __builtin_memcpy(&result, words, sizeof(T));
  return result;
}
}  // namespace hip_plus_cg
#endif
#ifndef HIP_PLUS_CG_MEMCPY_ASYNC
#define HIP_PLUS_CG_MEMCPY_ASYNC
#if HIP_PLUS_CG_NATIVE_MEMCPY
#include <hip/amd_detail/amd_hip_cooperative_groups_memcpy.h>
#else
namespace hip_plus_cg {
// The group's threads copy the bytes between them, 4 at a time when both ends allow it.
template <class Group>
__device__ inline void copy(const Group& group, void* dst, const void* src, unsigned long long bytes) {
  const unsigned long long rank = hip_plus_cg::rank_of(group), size = hip_plus_cg::size_of(group);
  if (((reinterpret_cast<unsigned long long>(dst) | reinterpret_cast<unsigned long long>(src) | bytes) & 3) == 0) {
    for (unsigned long long i = rank; i < bytes / 4; i += size)
      static_cast<unsigned*>(dst)[i] = static_cast<const unsigned*>(src)[i];
  } else {
    for (unsigned long long i = rank; i < bytes; i += size)
      static_cast<unsigned char*>(dst)[i] = static_cast<const unsigned char*>(src)[i];
  }
}
}  // namespace hip_plus_cg
namespace cooperative_groups {
// Synchronous: the copy is done when memcpy_async returns, and wait() / wait_prior<N>()
// synchronize the group, so every thread sees the data where CUDA's copy would have landed.
template <class Group, class T, class Bytes>
__device__ inline void memcpy_async(const Group& group, T* dst, const T* src, const Bytes& bytes) {
  hip_plus_cg::copy(group, dst, src, static_cast<unsigned long long>(bytes));
}
template <class Group, class T>
__device__ inline void memcpy_async(const Group& group, T* dst, unsigned long long dst_count, const T* src,
                                    unsigned long long src_count) {
  hip_plus_cg::copy(group, dst, src, (dst_count < src_count ? dst_count : src_count) * sizeof(T));
}
template <class Group> __device__ inline void wait(const Group& group) { hip_plus_cg::sync_of(group); }
template <unsigned Stage, class Group> __device__ inline void wait_prior(const Group& group) {
  hip_plus_cg::sync_of(group);
}
}  // namespace cooperative_groups
#endif
#endif
#endif  // expect: HP509
namespace cg = cooperative_groups;

__global__ void staged_scale(const float* in, float* out, float scale, int tiles)
{
    __shared__ float tile[256];
    cg::thread_block block = cg::this_thread_block();
    for (int t = 0; t < tiles; ++t) {
        cg::memcpy_async(block, tile, in + t * 256, sizeof(float) * 256);  // ok: HP509
        cg::wait(block);  // ok: HP509
        out[t * 256 + threadIdx.x] = scale * tile[threadIdx.x];
        block.sync();
    }
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    cg::memcpy_async(warp, tile, 32, in, 32);  // ok: HP509
    cg::wait_prior<0>(warp);  // ok: HP509
    out[threadIdx.x] += tile[warp.thread_rank()];
}
