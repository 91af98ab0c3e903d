// Frequency-domain filtering and a double-precision checksum with cuComplex.
#include <cstdio>
#include <cuda_runtime.h>
#include <cuComplex.h>

// out[i] = in[i] * H(f_i) with a first-order low-pass response H = 1 / (1 + j f / fc)
__global__ void apply_lowpass(const cuFloatComplex *in, cuFloatComplex *out, int n, float fc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float f = (float)i;
    cuFloatComplex h = cuCdivf(make_cuFloatComplex(1.0f, 0.0f), make_cuFloatComplex(1.0f, f / fc));
    out[i] = cuCmulf(in[i], h);
}

// Magnitude and phase-aligned accumulation, in double to limit rounding.
__global__ void energy(const cuFloatComplex *x, int n, double *total, cuDoubleComplex *acc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float mag = cuCabsf(x[i]);
    atomicAdd(total, (double)mag * mag);
    cuDoubleComplex z = cuComplexFloatToDouble(cuConjf(x[i]));
    cuDoubleComplex rotated = cuCmul(z, make_cuDoubleComplex(0.0, 1.0));
    atomicAdd(&acc->x, cuCreal(rotated));
    atomicAdd(&acc->y, cuCimag(rotated));
}

int main()
{
    const int n = 1 << 16;
    cuFloatComplex *h_in = new cuFloatComplex[n];
    for (int i = 0; i < n; ++i)
        h_in[i] = cuCaddf(make_cuFloatComplex(1.0f, 0.0f), make_cuFloatComplex(0.0f, 0.5f));

    cuFloatComplex *d_in, *d_out;
    double *d_total;
    cuDoubleComplex *d_acc;
    cudaMalloc(&d_in, n * sizeof(cuFloatComplex));
    cudaMalloc(&d_out, n * sizeof(cuFloatComplex));
    cudaMalloc(&d_total, sizeof(double));
    cudaMalloc(&d_acc, sizeof(cuDoubleComplex));
    cudaMemcpy(d_in, h_in, n * sizeof(cuFloatComplex), cudaMemcpyHostToDevice);
    cudaMemset(d_total, 0, sizeof(double));
    cudaMemset(d_acc, 0, sizeof(cuDoubleComplex));

    apply_lowpass<<<(n + 255) / 256, 256>>>(d_in, d_out, n, 1000.0f);
    energy<<<(n + 255) / 256, 256>>>(d_out, n, d_total, d_acc);

    double total = 0.0;
    cuDoubleComplex acc;
    cudaMemcpy(&total, d_total, sizeof(double), cudaMemcpyDeviceToHost);
    cudaMemcpy(&acc, d_acc, sizeof(cuDoubleComplex), cudaMemcpyDeviceToHost);
    cuDoubleComplex ref = cuCadd(make_cuDoubleComplex(total, 0.0), acc);
    printf("energy %.3f, acc (%.3f, %.3f), |ref| %.3f\n",
           total, cuCreal(acc), cuCimag(acc), cuCabs(ref));

    cudaFree(d_in); cudaFree(d_out); cudaFree(d_total); cudaFree(d_acc);
    delete[] h_in;
    return 0;
}
