// Device intrinsics that exist in CUDA but not in the HIP headers.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// hipify-plus: CUDA device intrinsics that HIP does not declare, defined for hip-clang (CUDA
// builds keep CUDA's own): __ldcs, __ldcg, __stcs, __trap, __nanosleep.
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
#ifndef HIP_PLUS__STCS
#define HIP_PLUS__STCS
template <class T> __device__ inline void __stcs(T* p, typename hip_plus::same<T>::type v) {
  hip_plus::access<T>::store_streaming(p, v);
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

__global__ void histogram(const int* keys, int n, int* bins)
{
    __shared__ int local[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&local[keys[i] & 255], 1);  // expect: HP503
        atomicAdd(&bins[keys[i] & 255], 1);  // ok: HP503
    }
}

__global__ void spin(volatile int* flag)
{
    while (*flag == 0) {
        __nanosleep(200);  // expect: HP503
    }
    if (*flag < 0) {
        __trap();  // expect: HP503
    }
}

__global__ void streaming(const float* in, const __half* hin, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = __ldcg(in + i);  // expect: HP503
    float4 b = __ldcs(reinterpret_cast<const float4*>(in) + i / 4);  // expect: HP503
    __half h = __ldcg(&hin[i]);  // ok: HP503
    __half2 h2 = __ldcs(reinterpret_cast<const __half2*>(hin) + i / 2);  // ok: HP503
    float c = __ldg(&in[i]);  // ok: HP503
    __stcs(&out[i], a + b.x + c + __half2float(h) + __low2float(h2));  // expect: HP503
}

__global__ void int8_dot(const int* a, const int* b, int* c)
{
    int i = threadIdx.x;
    c[i] = __dp4a(a[i], b[i], 0);  // expect: HP503
    c[i] += __vabsdiffu4(a[i], b[i]);  // expect: HP503
    c[i] += __byte_perm(a[i], b[i], 0x3210);  // ok: HP503
}

__global__ void warp_total(const int* in, int* out)
{
    int v = in[threadIdx.x];
    int sum = __reduce_add_sync(__activemask(), v);  // expect: HP503
    if (__isShared(out)) out[0] = sum;  // expect: HP503
}
