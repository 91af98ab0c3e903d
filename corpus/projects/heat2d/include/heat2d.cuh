// heat2d: explicit finite-difference solver for the 2-D heat equation
//   du/dt = alpha * (d2u/dx2 + d2u/dy2)
// on a rectangular plate with fixed (Dirichlet) boundary temperatures.
#ifndef HEAT2D_CUH
#define HEAT2D_CUH

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                       \
    do {                                                                       \
        cudaError_t err_ = (call);                                             \
        if (err_ != cudaSuccess) {                                             \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n",                    \
                    cudaGetErrorName(err_), __FILE__, __LINE__,                \
                    cudaGetErrorString(err_));                                 \
            exit(EXIT_FAILURE);                                                \
        }                                                                      \
    } while (0)

// Thread-block shape for the stencil kernel; the shared tile adds a one-cell halo.
constexpr int BLOCK_X = 32;
constexpr int BLOCK_Y = 8;
constexpr int HALO = 1;
constexpr int REDUCE_THREADS = 256;

// Boundary and initial temperatures.
constexpr float T_HOT = 100.0f;
constexpr float T_COLD = 0.0f;

struct SimParams {
    int nx = 512;          // interior + boundary cells in x
    int ny = 512;          // interior + boundary cells in y
    int steps = 2000;
    int report_every = 500;
    float alpha = 0.1f;    // diffusivity
    float dx = 1.0f;
    float dt = 0.0f;       // 0 -> pick the largest stable step
    bool verify = true;
    const char *image = nullptr;
};

// Host-side view of a field, used by the image writer.
struct Field {
    int nx;
    int ny;
    const float *data;     // row-major, nx * ny values
};

inline float stable_dt(const SimParams &p)
{
    // Explicit scheme is stable for alpha*dt/dx^2 <= 1/4; stay a bit below.
    return 0.2f * p.dx * p.dx / p.alpha;
}

#ifdef __CUDACC__
__host__ __device__ inline int idx2d(int x, int y, int nx) { return y * nx + x; }

__host__ __device__ inline bool on_boundary(int x, int y, int nx, int ny)
{
    return x == 0 || y == 0 || x == nx - 1 || y == ny - 1;
}

__host__ __device__ inline float initial_value(int x, int y, int nx, int ny)
{
    if (on_boundary(x, y, nx, ny))
        return y == 0 ? T_HOT : T_COLD;   // top edge heated
    // A hot square in the middle of the plate.
    bool inside = abs(x - nx / 2) < nx / 8 && abs(y - ny / 2) < ny / 8;
    return inside ? T_HOT : T_COLD;
}
#endif

// Kernel launchers (src/stencil.cu).
void launch_init(float *u, int nx, int ny, cudaStream_t stream);
void launch_step(const float *u, float *u_new, int nx, int ny, float r, cudaStream_t stream);
void launch_residual(const float *u, const float *u_new, int n, double *d_sum, cudaStream_t stream);

// Output (src/io.cpp).
bool write_pgm(const char *path, const Field &f, float lo, float hi);
void print_field_stats(const Field &f);

#endif  // HEAT2D_CUH
