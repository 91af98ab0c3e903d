// hipify-plus-test: compile fails-before
// Converted CUDA that reduces and scans over tiles and coalesced groups: HIP has no
// <cooperative_groups/reduce.h> or scan.h, so the fix puts hipify-plus's block in their place.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
// hipify-plus: HIP's cooperative groups have no <cooperative_groups/reduce.h>; this block
// provides what it declares, for tiles (any power-of-two size up to the wavefront, 64 or 32
// lanes) and coalesced groups. CUDA builds include the real header.
#if !defined(__HIP__)
#include <cooperative_groups/reduce.h>
#else
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#ifndef HIP_PLUS_CG_NATIVE
// 1 where HIP's headers have their own (newer clr): that one is used instead of the block's
#define HIP_PLUS_CG_NATIVE_REDUCE __has_include("hip/amd_detail/amd_hip_cooperative_groups_reduce.h")
#define HIP_PLUS_CG_NATIVE_MEMCPY __has_include("hip/amd_detail/amd_hip_cooperative_groups_memcpy.h")
#define HIP_PLUS_CG_NATIVE
#endif
#ifndef HIP_PLUS_CG_FUNCTIONAL
#define HIP_PLUS_CG_FUNCTIONAL
#if HIP_PLUS_CG_NATIVE_REDUCE
#include <hip/amd_detail/amd_hip_cooperative_groups_reduce.h>
#else
namespace cooperative_groups {
// CUDA's operators: less and greater return the smaller and the larger value, not a bool.
template <class T> struct plus { __host__ __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { __host__ __device__ T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { __host__ __device__ T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { __host__ __device__ T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { __host__ __device__ T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { __host__ __device__ T operator()(T a, T b) const { return a ^ b; } };
}  // namespace cooperative_groups
#endif
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
#if !defined(HIP_PLUS_CG_REDUCE) && !HIP_PLUS_CG_NATIVE_REDUCE
#define HIP_PLUS_CG_REDUCE
namespace cooperative_groups {
// op over the values of ranks 0 .. size-1 in rank order (a tree over shfl_down), then rank 0's
// result to every thread of the group: all threads get the same value, as on CUDA.
template <class Group, class T, class Op>
__device__ inline auto reduce(const Group& group, T&& value, Op&& op) -> decltype(op(value, value)) {
  typedef typename hip_plus_cg::plain<decltype(op(value, value))>::type V;
  V v = value;
  const unsigned size = hip_plus_cg::size_of(group), rank = hip_plus_cg::rank_of(group);
  for (unsigned d = 1; d < size; d *= 2) {
    V other = hip_plus_cg::shuffle(group, v, 1, d);
    if (rank + d < size) v = op(v, other);
  }
  return hip_plus_cg::shuffle(group, v, 0, 0);
}
}  // namespace cooperative_groups
#endif
#endif  // expect: HP510
// hipify-plus: HIP's cooperative groups have no <cooperative_groups/scan.h>; this block
// provides what it declares, for tiles (any power-of-two size up to the wavefront, 64 or 32
// lanes) and coalesced groups. CUDA builds include the real header.
#if !defined(__HIP__)
#include <cooperative_groups/scan.h>
#else
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#ifndef HIP_PLUS_CG_NATIVE
// 1 where HIP's headers have their own (newer clr): that one is used instead of the block's
#define HIP_PLUS_CG_NATIVE_REDUCE __has_include("hip/amd_detail/amd_hip_cooperative_groups_reduce.h")
#define HIP_PLUS_CG_NATIVE_MEMCPY __has_include("hip/amd_detail/amd_hip_cooperative_groups_memcpy.h")
#define HIP_PLUS_CG_NATIVE
#endif
#ifndef HIP_PLUS_CG_SCAN
#define HIP_PLUS_CG_SCAN
namespace cooperative_groups {
// Rank r gets op over the values of ranks 0 .. r (inclusive) or 0 .. r-1 (exclusive; rank 0
// gets a value-initialized T), combined in rank order (Hillis-Steele over shfl_up).
template <class Group, class T, class Op>
__device__ inline auto inclusive_scan(const Group& group, T&& value, Op&& op) -> decltype(op(value, value)) {
  typedef typename hip_plus_cg::plain<decltype(op(value, value))>::type V;
  V v = value;
  const unsigned size = hip_plus_cg::size_of(group), rank = hip_plus_cg::rank_of(group);
  for (unsigned d = 1; d < size; d *= 2) {
    V other = hip_plus_cg::shuffle(group, v, 2, d);
    if (rank >= d) v = op(other, v);
  }
  return v;
}
template <class Group, class T, class Op>
__device__ inline auto exclusive_scan(const Group& group, T&& value, Op&& op) -> decltype(op(value, value)) {
  typedef typename hip_plus_cg::plain<decltype(op(value, value))>::type V;
  V inclusive = inclusive_scan(group, value, op);
  V previous = hip_plus_cg::shuffle(group, inclusive, 2, 1);
  return hip_plus_cg::rank_of(group) == 0 ? V() : previous;
}
template <class Group, class T>
__device__ inline typename hip_plus_cg::plain<T>::type inclusive_scan(const Group& group, T&& value) {
  return inclusive_scan(group, value, plus<typename hip_plus_cg::plain<T>::type>());
}
template <class Group, class T>
__device__ inline typename hip_plus_cg::plain<T>::type exclusive_scan(const Group& group, T&& value) {
  return exclusive_scan(group, value, plus<typename hip_plus_cg::plain<T>::type>());
}
}  // namespace cooperative_groups
#endif
#endif  // expect: HP510
namespace cg = cooperative_groups;

__global__ void softmax_stats(const float* x, float* out, int* flags, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    auto quad = cg::tiled_partition<4>(block);  // ok: HP510
    float v = threadIdx.x < n ? x[threadIdx.x] : 0.0f;
    float maxval = cg::reduce(warp, v, cg::greater<float>{});  // ok: HP510
    float sum = cg::reduce(warp, v - maxval, cg::plus<float>());  // ok: HP510
    int bits = cg::reduce(quad, (int)v, cg::bit_or<int>());  // ok: HP510
    float prefix = cg::inclusive_scan(warp, v);  // ok: HP510
    float before = cg::exclusive_scan(quad, v, cg::plus<float>());  // ok: HP510
    if (v > 0.0f) {
        cg::coalesced_group active = cg::coalesced_threads();
        flags[threadIdx.x] = cg::reduce(active, 1, cg::plus<int>());  // ok: HP510
    }
    out[threadIdx.x] = maxval + sum + bits + prefix + before;
}
