// Device kernels for heat2d and their host-side launchers.
#include "heat2d.cuh"

// Fill the field with the initial condition (grid-stride loop, any grid size).
__global__ void init_kernel(float *__restrict__ u, int nx, int ny)
{
    const int n = nx * ny;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        const int x = i % nx;
        const int y = i / nx;
        u[i] = initial_value(x, y, nx, ny);
    }
}

// One explicit Euler step of the 5-point Laplacian. Each block stages its
// BLOCK_X x BLOCK_Y cells plus a one-cell halo in shared memory.
__global__ void heat_step_tiled(const float *__restrict__ u, float *__restrict__ u_new,
                                int nx, int ny, float r)
{
    __shared__ float tile[BLOCK_Y + 2 * HALO][BLOCK_X + 2 * HALO];

    const int gx = blockIdx.x * BLOCK_X + threadIdx.x;
    const int gy = blockIdx.y * BLOCK_Y + threadIdx.y;
    const int lx = threadIdx.x + HALO;
    const int ly = threadIdx.y + HALO;
    const bool inside = gx < nx && gy < ny;

    if (inside)
        tile[ly][lx] = u[idx2d(gx, gy, nx)];

    // Left/right halo columns.
    if (threadIdx.x < HALO && gy < ny) {
        const int left = gx - HALO;
        const int right = gx + BLOCK_X;
        if (left >= 0)
            tile[ly][threadIdx.x] = u[idx2d(left, gy, nx)];
        if (right < nx)
            tile[ly][lx + BLOCK_X] = u[idx2d(right, gy, nx)];
    }
    // Top/bottom halo rows.
    if (threadIdx.y < HALO && gx < nx) {
        const int top = gy - HALO;
        const int bottom = gy + BLOCK_Y;
        if (top >= 0)
            tile[threadIdx.y][lx] = u[idx2d(gx, top, nx)];
        if (bottom < ny)
            tile[ly + BLOCK_Y][lx] = u[idx2d(gx, bottom, nx)];
    }
    __syncthreads();

    if (!inside)
        return;
    const int i = idx2d(gx, gy, nx);
    const float c = tile[ly][lx];
    if (on_boundary(gx, gy, nx, ny)) {
        u_new[i] = c;                       // Dirichlet: boundary stays fixed
        return;
    }
    const float lap = tile[ly][lx - 1] + tile[ly][lx + 1] +
                      tile[ly - 1][lx] + tile[ly + 1][lx] - 4.0f * c;
    u_new[i] = c + r * lap;
}

__inline__ __device__ float warp_reduce_sum(float v)
{
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}

// Sum of squared differences between two fields, accumulated into *sum.
__global__ void residual_kernel(const float *__restrict__ u, const float *__restrict__ u_new,
                                int n, double *sum)
{
    __shared__ float warp_sums[REDUCE_THREADS / 32];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;

    float local = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        const float d = u_new[i] - u[i];
        local += d * d;
    }
    local = warp_reduce_sum(local);
    if (lane == 0)
        warp_sums[warp] = local;
    __syncthreads();

    if (warp == 0) {
        local = lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f;
        local = warp_reduce_sum(local);
        if (lane == 0)
            atomicAdd(sum, static_cast<double>(local));
    }
}

static int sm_count()
{
    static int count = 0;
    if (count == 0) {
        int dev = 0;
        CUDA_CHECK(cudaGetDevice(&dev));
        CUDA_CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, dev));
    }
    return count;
}

void launch_init(float *u, int nx, int ny, cudaStream_t stream)
{
    init_kernel<<<sm_count() * 8, 256, 0, stream>>>(u, nx, ny);
    CUDA_CHECK(cudaGetLastError());
}

void launch_step(const float *u, float *u_new, int nx, int ny, float r, cudaStream_t stream)
{
    const dim3 block(BLOCK_X, BLOCK_Y);
    const dim3 grid((nx + BLOCK_X - 1) / BLOCK_X, (ny + BLOCK_Y - 1) / BLOCK_Y);
    heat_step_tiled<<<grid, block, 0, stream>>>(u, u_new, nx, ny, r);
    CUDA_CHECK(cudaGetLastError());
}

void launch_residual(const float *u, const float *u_new, int n, double *d_sum, cudaStream_t stream)
{
    CUDA_CHECK(cudaMemsetAsync(d_sum, 0, sizeof(double), stream));
    int blocks = (n + REDUCE_THREADS - 1) / REDUCE_THREADS;
    if (blocks > sm_count() * 4)
        blocks = sm_count() * 4;
    residual_kernel<<<blocks, REDUCE_THREADS, 0, stream>>>(u, u_new, n, d_sum);
    CUDA_CHECK(cudaGetLastError());
}
