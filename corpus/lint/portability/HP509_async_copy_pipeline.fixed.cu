// Double-buffered tile loads with libcu++ pipelines and cooperative-groups collectives.
#include <cooperative_groups.h>  // ok: HP510
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
// hipify-plus: HIP has no <cuda/pipeline>; this block provides the forms of it a synchronous
// copy implements: each copy is done when memcpy_async returns, one of the schedules CUDA allows,
// so the waits have nothing left to wait for. CUDA builds include the real header.
#if !defined(__HIP__)
#include <cuda/pipeline>
#else
#include <hip/hip_runtime.h>
#include <cstddef>
#ifndef HIP_PLUS_CUDA_ASYNC_COMMON
#define HIP_PLUS_CUDA_ASYNC_COMMON
namespace cuda {
// libcu++'s scopes, with its values (libhipcxx, not used with this block, declares them too)
enum thread_scope { thread_scope_system = 0, thread_scope_device = 1, thread_scope_block = 2, thread_scope_thread = 3 };
// A size whose source and destination are aligned to Alignment bytes (a promise to the copy).
template <std::size_t Alignment> struct aligned_size_t {
  static constexpr std::size_t align = Alignment;
  std::size_t value;
  __host__ __device__ constexpr explicit aligned_size_t(std::size_t size) : value(size) {}
  __host__ __device__ constexpr operator std::size_t() const { return value; }
};
}  // namespace cuda
namespace hip_plus_async {
// One thread copies the bytes, 16 or 4 at a time when both ends and the size allow it.
__device__ inline void copy(void* dst, const void* src, std::size_t bytes) {
  const unsigned long long bits = reinterpret_cast<unsigned long long>(dst) |
                                  reinterpret_cast<unsigned long long>(src) | bytes;
  if ((bits & 15) == 0) {
    for (std::size_t i = 0; i < bytes / 16; ++i) static_cast<uint4*>(dst)[i] = static_cast<const uint4*>(src)[i];
  } else if ((bits & 3) == 0) {
    for (std::size_t i = 0; i < bytes / 4; ++i) static_cast<unsigned*>(dst)[i] = static_cast<const unsigned*>(src)[i];
  } else {
    for (std::size_t i = 0; i < bytes; ++i)
      static_cast<unsigned char*>(dst)[i] = static_cast<const unsigned char*>(src)[i];
  }
}
}  // namespace hip_plus_async
#endif
#ifndef HIP_PLUS_CUDA_PIPELINE
#define HIP_PLUS_CUDA_PIPELINE
namespace cuda {
template <thread_scope Scope> class pipeline;
// A thread's own pipeline: its copies are done when issued, so acquiring, committing, waiting
// and releasing stages have no work; other threads see the data after the code's own barrier,
// as with CUDA.
template <> class pipeline<thread_scope_thread> {
 public:
  __device__ void producer_acquire() {}
  __device__ void producer_commit() {}
  __device__ void consumer_wait() {}
  template <class Duration> __device__ bool consumer_wait_for(const Duration&) { return true; }
  __device__ void consumer_release() {}
  __device__ bool quit() { return true; }
};
__device__ inline pipeline<thread_scope_thread> make_pipeline() { return {}; }
template <class T, std::size_t Alignment>
__device__ inline void memcpy_async(T* dst, const T* src, aligned_size_t<Alignment> size, pipeline<thread_scope_thread>&) {
  hip_plus_async::copy(dst, src, size.value);
}
__device__ inline void memcpy_async(void* dst, const void* src, std::size_t size, pipeline<thread_scope_thread>&) {
  hip_plus_async::copy(dst, src, size);
}
template <unsigned Prior> __device__ inline void pipeline_consumer_wait_prior(pipeline<thread_scope_thread>&) {}
}  // namespace cuda
#endif
#endif  // expect: HP509
#include <cuda_pipeline.h>  // expect: HP509
namespace cg = cooperative_groups;

__global__ void staged_sum(const float* in, float* out, int n)
{
    __shared__ float tile[2][256];
    auto block = cg::this_thread_block();
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();  // ok: HP509 (the block has it)
    for (int base = 0; base < n; base += 256) {
        pipe.producer_acquire();
        cuda::memcpy_async(&tile[0][threadIdx.x], &in[base + threadIdx.x], sizeof(float), pipe);  // ok: HP509
        pipe.producer_commit();
        pipe.consumer_wait();
        pipe.consumer_release();
    }
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;  // expect: HP509
    auto shared = cuda::make_pipeline(block, &state);  // expect: HP509
    cuda::memcpy_async(block, &tile[1][0], &in[0], sizeof(float) * 256, shared);  // expect: HP509
    cg::memcpy_async(block, tile[1], in, sizeof(float) * 256);  // expect: HP509
    cg::wait(block);  // expect: HP509
    __pipeline_memcpy_async(&tile[0][0], &in[0], sizeof(float));  // expect: HP509
    __pipeline_commit();  // expect: HP509
    auto tile32 = cg::tiled_partition<32>(block);  // ok: HP510
    float v = tile[0][threadIdx.x];
    float total = cg::reduce(tile32, v, cg::plus<float>());  // ok: HP510
    int flags = cooperative_groups::reduce(tile32, (int)v, cooperative_groups::bit_or<int>());  // ok: HP510
    cg::plus<float> add;  // ok: HP510
    float scanned = cg::inclusive_scan(tile32, v);  // expect: HP510
    for (int o = tile32.size() / 2; o > 0; o /= 2) v += tile32.shfl_down(v, o);  // ok: HP510
    tile32.sync();  // ok: HP510
    block.sync();  // ok: HP509
    if (threadIdx.x == 0) out[blockIdx.x] = total + flags + add(v, scanned);
}
