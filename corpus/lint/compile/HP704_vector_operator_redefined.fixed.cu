// hipify-plus-test: fails-before
// A helper_math.h-style header, ported: its operators duplicate HIP's vector-type operators.
#include <hip/hip_runtime.h>

typedef unsigned int uint;

inline __host__ __device__ float2 make_float2(float3 a) { return make_float2(a.x, a.y); }  // ok: HP704

// negate
#if !defined(__HIP_PLATFORM_AMD__)  // HIP's vector types define these operators
inline __host__ __device__ float2 operator-(float2 &a)  // expect: HP704
{
    return make_float2(-a.x, -a.y);
}
inline __host__ __device__ int2 operator-(int2 &a)
{
    return make_int2(-a.x, -a.y);
}

// addition
inline __host__ __device__ float2 operator+(float2 a, float2 b)
{
    return make_float2(a.x + b.x, a.y + b.y);
}
inline __host__ __device__ void operator+=(float2 &a, float2 b)
{
    a.x += b.x;
    a.y += b.y;
}
inline __host__ __device__ float2 operator+(float2 a, float b)
{
    return make_float2(a.x + b, a.y + b);
}
inline __host__ __device__ uint2 operator+(uint b, uint2 a)
{
    return make_uint2(a.x + b, a.y + b);
}
#endif  // !defined(__HIP_PLATFORM_AMD__)

inline __host__ __device__ float dot(float2 a, float2 b) { return a.x * b.x + a.y * b.y; }  // ok: HP704

// mixed element types: HIP converts the scalar, so this one stays
inline __host__ __device__ float3 operator*(float3 a, int s)  // ok: HP704
{
    return make_float3(a.x * s, a.y * s, a.z * s);
}

struct Complex {
    float re, im;
    __host__ __device__ Complex operator+(const Complex& o) const { return {re + o.re, im + o.im}; }  // ok: HP704
};

__global__ void blend(float2* out, const float2* a, const float2* b, float t)
{
    int i = threadIdx.x;
    float2 sum = a[i] + b[i];
    sum += a[i];
    out[i] = -sum + t + dot(a[i], b[i]);
}

#if !defined(__HIP_PLATFORM_AMD__)
inline __host__ __device__ float4 operator*(float4 a, float4 b)  // ok: HP704
{
    return make_float4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w);
}
#endif

#if !defined(__HIP_PLATFORM_AMD__)  // HIP's vector types define these operators
inline __host__ __device__ double2 operator/(double2 a, double b)  // expect: HP704
{
    return make_double2(a.x / b, a.y / b);
}
#endif  // !defined(__HIP_PLATFORM_AMD__)
