// hipify-plus-test: rocm-version=5.2
// Streaming loads and stores, a flag wait with backoff, a trap, a warp barrier, block-scoped
// atomics, and cooperative-groups reductions, scans and group copies: CUDA device code that
// convert rewrites so that hip-clang compiles it.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

// HP_SYNCWARP (hipify-plus): __syncwarp() for a full warp; AMD lanes run in lockstep, so a
// wavefront-scope fence pair around a wave barrier is enough.
#ifndef HP_SYNCWARP
#if defined(__HIP__)
#define HP_SYNCWARP() (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"))
#else
#define HP_SYNCWARP() __syncwarp()
#endif
#endif
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
#endif
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
#endif
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
#endif

// hipify-plus: CUDA device intrinsics that HIP does not declare, defined for hip-clang (CUDA
// builds keep CUDA's own): __ldcs, __ldcg, __ldcv, __stcs, __stcg, __trap, __nanosleep.
#if defined(__HIP__)
#include <hip/hip_runtime.h>
#ifndef HIP_PLUS_CACHE_HINTS
#define HIP_PLUS_CACHE_HINTS
namespace hip_plus {
template <class T> struct same { typedef T type; };
// Cache hints do not change what a load or store does. Streaming ones (cs, lu) become
// nontemporal accesses for the types the builtin takes (scalars, pointers, HIP vector types);
// any other type gets a plain access.
template <class T, bool = __is_arithmetic(T) || __is_pointer(T)> struct access {
  static __device__ T load_streaming(const T* p) { return *p; }
  static __device__ void store_streaming(T* p, T v) { *p = v; }
};
template <class T> struct access<T, true> {
  static __device__ T load_streaming(const T* p) { return __builtin_nontemporal_load(p); }
  static __device__ void store_streaming(T* p, T v) { __builtin_nontemporal_store(v, p); }
};
template <class U, unsigned N> struct access<HIP_vector_type<U, N>, false> {
  typedef HIP_vector_type<U, N> V;
  static __device__ V load_streaming(const V* p) { V v; v.data = __builtin_nontemporal_load(&p->data); return v; }
  static __device__ void store_streaming(V* p, V v) { __builtin_nontemporal_store(v.data, &p->data); }
};
// __ldcv (fetch again, do not cache): a volatile load, word by word, so the compiler reads
// memory every time and the load bypasses the non-coherent caches.
template <class T> __device__ inline T load_volatile(const T* p) {
  T v = T();
  if (sizeof(T) % 4 == 0 && alignof(T) >= 4) {
    unsigned words[sizeof(T) / 4 + 1];
    for (unsigned i = 0; i < sizeof(T) / 4; ++i) words[i] = reinterpret_cast<const volatile unsigned*>(p)[i];
    __builtin_memcpy(&v, words, sizeof(T));
  } else {
    unsigned char bytes[sizeof(T)];
    for (unsigned i = 0; i < sizeof(T); ++i) bytes[i] = reinterpret_cast<const volatile unsigned char*>(p)[i];
    __builtin_memcpy(&v, bytes, sizeof(T));
  }
  return v;
}
}  // namespace hip_plus
#endif
#ifndef HIP_PLUS__LDCS
#define HIP_PLUS__LDCS
template <class T> __device__ inline T __ldcs(const T* p) {
  return hip_plus::access<T>::load_streaming(p);
}
#endif
#ifndef HIP_PLUS__LDCG
#define HIP_PLUS__LDCG
template <class T> __device__ inline T __ldcg(const T* p) {
  return *p;
}
#endif
#ifndef HIP_PLUS__LDCV
#define HIP_PLUS__LDCV
template <class T> __device__ inline T __ldcv(const T* p) {
  return hip_plus::load_volatile(p);
}
#endif
#ifndef HIP_PLUS__STCS
#define HIP_PLUS__STCS
template <class T> __device__ inline void __stcs(T* p, typename hip_plus::same<T>::type v) {
  hip_plus::access<T>::store_streaming(p, v);
}
#endif
#ifndef HIP_PLUS__STCG
#define HIP_PLUS__STCG
template <class T> __device__ inline void __stcg(T* p, typename hip_plus::same<T>::type v) {
  *p = v;
}
#endif
#ifndef __trap
#define __trap() __builtin_trap()
#endif
#ifndef HIP_PLUS__NANOSLEEP
#define HIP_PLUS__NANOSLEEP
// s_sleep waits about 64 clocks per step. CUDA sleeps between 0 and 2*ns; the steps are
// counted at each target's peak clock, so the wait is about ns there and shorter than 2*ns
// down to half that clock.
__device__ inline void __nanosleep(unsigned ns) {
#if defined(__gfx906__)
  const unsigned mhz = 1725;
#elif defined(__gfx908__)
  const unsigned mhz = 1502;
#elif defined(__gfx90a__)
  const unsigned mhz = 1700;
#elif defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__)
  const unsigned mhz = 2100;
#elif defined(__gfx950__)
  const unsigned mhz = 2400;
#elif defined(__gfx1030__)
  const unsigned mhz = 2250;
#elif defined(__gfx1100__)
  const unsigned mhz = 2500;
#elif defined(__gfx1101__)
  const unsigned mhz = 2430;
#elif defined(__gfx1102__)
  const unsigned mhz = 2655;
#elif defined(__gfx1200__)
  const unsigned mhz = 2460;
#elif defined(__gfx1201__)
  const unsigned mhz = 2970;
#else
  const unsigned mhz = 1000;
#endif
  for (unsigned long long steps = (unsigned long long)ns * mhz / 64000; steps > 0; --steps) __builtin_amdgcn_s_sleep(1);
}
#endif
#endif
namespace cg = cooperative_groups;

__global__ void scale_rows(const float* __restrict__ in, float* __restrict__ out, const float4* in4,
                           float4* out4, float* mean, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? __ldcs(in + i) : 0.0f;
    float sum = cg::reduce(warp, v, cg::plus<float>());
    float peak = cg::reduce(warp, v, cg::greater<float>{});
    float prefix = cg::inclusive_scan(warp, v);
    if (i < n) {
        __stcs(out + i, v / (sum + peak) + prefix);
        __stcs(out4 + i / 4, __ldcs(in4 + i / 4));
        __stcg(mean + blockIdx.x, __ldcg(&in[i]));
    }
    HP_SYNCWARP();
}

__global__ void histogram(const int* keys, int n, int* bins)
{
    __shared__ int local[64];
    if (threadIdx.x < 64) local[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[keys[i] & 63], 1);
    __syncthreads();
    if (threadIdx.x < 64) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

__global__ void consumer(const int* ready, const float* data, float* out, int* status)
{
    while (__ldcv(ready) == 0) {
        __nanosleep(100);
    }
    __shared__ float tile[128];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, tile, data, sizeof(float) * 128);
    cg::wait(block);
    out[threadIdx.x] = tile[threadIdx.x % 128];
    if (out[threadIdx.x] < 0.0f) {
        *status = -1;
        __trap();
    }
}

int main()
{
    float *in = nullptr, *out = nullptr;
    hipMalloc(&in, 1024 * sizeof(float));
    hipMalloc(&out, 1024 * sizeof(float));
    scale_rows<<<4, 256>>>(in, out, (const float4*)in, (float4*)out, out, 1024);
    hipDeviceSynchronize();
    printf("done\n");
    hipFree(in);
    hipFree(out);
    return 0;
}
