// A host loop launching four kernels per iteration, with host code between them whose call is
// longer than the 48 characters HP324's blocker quotes: the report shows it whole.
#include <cuda_runtime.h>

__global__ void scale(float* x, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= s;
}

__global__ void shift(float* x, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += s;
}

void validate_result(const float* device, const float* host, const char* name, int n, float tolerance);

void run(float* d_x, const float* h_reference, int n, int steps, float accuracy_threshold) {
    for (int step = 0; step < steps; ++step) {
        scale<<<(n + 255) / 256, 256>>>(d_x, 0.5f, n);
        shift<<<(n + 255) / 256, 256>>>(d_x, 1.0f, n);
        scale<<<(n + 255) / 256, 256>>>(d_x, 2.0f, n);
        shift<<<(n + 255) / 256, 256>>>(d_x, -1.0f, n);
        validate_result(d_x, h_reference, "out_after_every_step", n, accuracy_threshold);
    }
}
