// Frequency-domain filtering and a double-precision checksum with cuComplex.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>

// out[i] = in[i] * H(f_i) with a first-order low-pass response H = 1 / (1 + j f / fc)
__global__ void apply_lowpass(const hipFloatComplex *in, hipFloatComplex *out, int n, float fc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float f = (float)i;
    hipFloatComplex h = hipCdivf(make_hipFloatComplex(1.0f, 0.0f), make_hipFloatComplex(1.0f, f / fc));
    out[i] = hipCmulf(in[i], h);
}

// Magnitude and phase-aligned accumulation, in double to limit rounding.
__global__ void energy(const hipFloatComplex *x, int n, double *total, hipDoubleComplex *acc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float mag = hipCabsf(x[i]);
    atomicAdd(total, (double)mag * mag);
    hipDoubleComplex z = hipComplexFloatToDouble(hipConjf(x[i]));
    hipDoubleComplex rotated = hipCmul(z, make_hipDoubleComplex(0.0, 1.0));
    atomicAdd(&acc->x, hipCreal(rotated));
    atomicAdd(&acc->y, hipCimag(rotated));
}

int main()
{
    const int n = 1 << 16;
    hipFloatComplex *h_in = new hipFloatComplex[n];
    for (int i = 0; i < n; ++i)
        h_in[i] = hipCaddf(make_hipFloatComplex(1.0f, 0.0f), make_hipFloatComplex(0.0f, 0.5f));

    hipFloatComplex *d_in, *d_out;
    double *d_total;
    hipDoubleComplex *d_acc;
    hipMalloc(&d_in, n * sizeof(hipFloatComplex));
    hipMalloc(&d_out, n * sizeof(hipFloatComplex));
    hipMalloc(&d_total, sizeof(double));
    hipMalloc(&d_acc, sizeof(hipDoubleComplex));
    hipMemcpy(d_in, h_in, n * sizeof(hipFloatComplex), hipMemcpyHostToDevice);
    hipMemset(d_total, 0, sizeof(double));
    hipMemset(d_acc, 0, sizeof(hipDoubleComplex));

    apply_lowpass<<<(n + 255) / 256, 256>>>(d_in, d_out, n, 1000.0f);
    energy<<<(n + 255) / 256, 256>>>(d_out, n, d_total, d_acc);

    double total = 0.0;
    hipDoubleComplex acc;
    hipMemcpy(&total, d_total, sizeof(double), hipMemcpyDeviceToHost);
    hipMemcpy(&acc, d_acc, sizeof(hipDoubleComplex), hipMemcpyDeviceToHost);
    hipDoubleComplex ref = hipCadd(make_hipDoubleComplex(total, 0.0), acc);
    printf("energy %.3f, acc (%.3f, %.3f), |ref| %.3f\n",
           total, hipCreal(acc), hipCimag(acc), hipCabs(ref));

    hipFree(d_in); hipFree(d_out); hipFree(d_total); hipFree(d_acc);
    delete[] h_in;
    return 0;
}
