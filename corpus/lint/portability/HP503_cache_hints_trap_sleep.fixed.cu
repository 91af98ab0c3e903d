// hipify-plus-test: compile fails-before
// Converted CUDA that calls the cache-hinted loads and stores, __trap and __nanosleep, which
// HIP does not declare: the fix defines them for hip-clang after the includes.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

// hipify-plus: CUDA device intrinsics that HIP does not declare, defined for hip-clang (CUDA
// builds keep CUDA's own): __ldcs, __ldlu, __ldcg, __ldca, __ldcv, __stcs, __stcg, __stwb,
// __stwt, __trap, __nanosleep.
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
#ifndef HIP_PLUS__LDLU
#define HIP_PLUS__LDLU
template <class T> __device__ inline T __ldlu(const T* p) {
  return hip_plus::access<T>::load_streaming(p);
}
#endif
#ifndef HIP_PLUS__LDCG
#define HIP_PLUS__LDCG
template <class T> __device__ inline T __ldcg(const T* p) {
  return *p;
}
#endif
#ifndef HIP_PLUS__LDCA
#define HIP_PLUS__LDCA
template <class T> __device__ inline T __ldca(const T* p) {
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
#ifndef HIP_PLUS__STWB
#define HIP_PLUS__STWB
template <class T> __device__ inline void __stwb(T* p, typename hip_plus::same<T>::type v) {
  *p = v;
}
#endif
#ifndef HIP_PLUS__STWT
#define HIP_PLUS__STWT
template <class T> __device__ inline void __stwt(T* p, typename hip_plus::same<T>::type v) {
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

struct Pair { float a, b; };

__global__ void layer_norm(const float* __restrict__ x, float* out, float* mean, const float4* x4,
                           float4* out4, const __half* h, __half* hout, const Pair* pairs, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = __ldcs(x + i);  // expect: HP503
    float w = __ldcg(&x[i]) + __ldca(x);  // expect: HP503, HP503
    float4 q = __ldcs(x4 + i);  // expect: HP503
    __half hv = __ldcs(h + i);  // ok: HP503
    __half hw = __ldlu(h + i);  // expect: HP503
    Pair p = __ldlu(pairs + i);  // expect: HP503
    __stcs(mean + i, v + w + p.a);  // expect: HP503
    __stcs(out4 + i, q);  // expect: HP503
    __stcg(out + i, 0.0);  // expect: HP503
    __stwb(out, v);  // expect: HP503
    __stwt(hout + i, __hadd(hv, hw));  // expect: HP503
    out[i] = __ldg(x + i);  // ok: HP503
}

__global__ void wait_for_flag(const int* flag, int* done)
{
    while (__ldcv(flag) == 0) {  // expect: HP503
        __nanosleep(200);  // expect: HP503
    }
    if (*done < 0) {
        __trap();  // expect: HP503
    }
    unsigned backoff = 8u * threadIdx.x;
    __nanosleep(backoff);  // expect: HP503
}
