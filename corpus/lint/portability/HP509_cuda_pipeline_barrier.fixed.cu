// hipify-plus-test: compile fails-before
// libcu++'s thread-scope pipeline and block-scope barrier in code already renamed to HIP:
// staged tile loads (cuda-samples' bf16TensorCoreGemm) and a split arrive/wait barrier
// (simpleAWBarrier), which the block's synchronous forms implement.
#include <hip/hip_runtime.h>
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
// hipify-plus: HIP has no <cuda/barrier>; this block provides the forms of it a synchronous
// copy implements: each copy is done when memcpy_async returns, one of the schedules CUDA allows,
// so the waits have nothing left to wait for. CUDA builds include the real header.
#if !defined(__HIP__)
#include <cuda/barrier>
#else
#include <hip/hip_runtime.h>
#include <cstddef>
#ifndef HIP_PLUS_CUDA_BARRIER
#define HIP_PLUS_CUDA_BARRIER
namespace cuda {
template <thread_scope Scope> class barrier;
// A barrier in shared memory for the threads of one block, with CUDA's split arrive/wait: the
// last arrival of a phase resets the count and advances the phase; waiting threads spin on the
// phase (other wavefronts keep running, so the spin ends once every expected thread arrived).
template <> class barrier<thread_scope_block> {
 public:
  using arrival_token = unsigned;
  barrier() = default;  // trivial: CUDA code declares it __shared__ and calls init()
  friend __device__ inline void init(barrier* bar, std::ptrdiff_t expected) {
    bar->expected_ = static_cast<unsigned>(expected);
    bar->arrived_ = 0;
    bar->dropped_ = 0;
    bar->phase_ = 0;
  }
  [[nodiscard]] __device__ arrival_token arrive(std::ptrdiff_t update = 1) {
    const unsigned phase = __hip_atomic_load(&phase_, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WORKGROUP);
    const unsigned count = static_cast<unsigned>(update);
    const unsigned before = __hip_atomic_fetch_add(&arrived_, count, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_WORKGROUP);
    if (before + count == expected_) {  // the phase's last arrival: every other one is in
      expected_ -= __hip_atomic_exchange(&dropped_, 0u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
      __hip_atomic_store(&arrived_, 0u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
      __hip_atomic_fetch_add(&phase_, 1u, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_WORKGROUP);
    }
    return phase;
  }
  __device__ void wait(arrival_token&& token) {
    while (__hip_atomic_load(&phase_, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WORKGROUP) == token) {
      __builtin_amdgcn_s_sleep(1);
    }
  }
  __device__ void arrive_and_wait() { wait(arrive()); }
  // The calling thread arrives and leaves the barrier: the phases after this one expect one
  // thread fewer (the phase's last arrival applies the drops).
  __device__ void arrive_and_drop() {
    __hip_atomic_fetch_add(&dropped_, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
    (void)arrive();
  }

 private:
  unsigned expected_;
  unsigned arrived_;
  unsigned dropped_;
  unsigned phase_;
};
template <class T, class Size>
__device__ inline void memcpy_async(T* dst, const T* src, Size size, barrier<thread_scope_block>&) {
  hip_plus_async::copy(dst, src, static_cast<std::size_t>(size));
}
}  // namespace cuda
#endif
#endif  // expect: HP509
#include <utility>

__global__ void staged_rows(const float4* in, float* out, int rows)
{
    __shared__ float4 stage[2][64];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    const auto shape = cuda::aligned_size_t<alignof(float4)>(sizeof(float4));
    float sum = 0.0f;
    for (int r = 0; r < rows; ++r) {
        cuda::memcpy_async(&stage[r % 2][threadIdx.x % 64], &in[r * 64 + threadIdx.x % 64], shape, pipe);
        pipe.producer_commit();
        cuda::pipeline_consumer_wait_prior<0>(pipe);
        __syncthreads();
        sum += stage[r % 2][(threadIdx.x + 1) % 64].x;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

__global__ void block_total(const double* in, double* out)
{
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ double partial[1024];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    cuda::memcpy_async(&partial[threadIdx.x], &in[blockIdx.x * blockDim.x + threadIdx.x], sizeof(double), bar);
    auto token = bar.arrive();
    bar.wait(std::move(token));
    if (threadIdx.x == 0) {
        double total = 0.0;
        for (unsigned i = 0; i < blockDim.x; ++i) total += partial[i];
        out[blockIdx.x] = total;
    }
    bar.arrive_and_wait();
}
