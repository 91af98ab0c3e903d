#include "kernels.cu"

int main() {
    float* x = nullptr;
    cudaMalloc(&x, 256 * sizeof(float));
    checked_scale<<<1, 256>>>(x, 2.0f, 256);
    cudaDeviceSynchronize();
    cudaFree(x);
    return 0;
}
