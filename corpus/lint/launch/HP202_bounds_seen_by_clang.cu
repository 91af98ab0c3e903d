// Launches whose block size, or whose kernel's bounds, only the compiler sees: the kernels are
// defined in a header, block sizes come from constexpr members, templates and macros.
#include <hip/hip_runtime.h>

#include "_bounded_kernels.cuh"

#define WARPS_PER_BLOCK 8
#define LAUNCH_SCAN(data, n) scan_tile<<<(n), WARPS_PER_BLOCK * 64>>>(data)
#define LAUNCH_SMALL_SCAN(data, n) scan_tile<<<(n), 64>>>(data)
#define LAUNCH_WIDE_SCAN(data, n) \
    scan_tile<<<(n), 256>>>(data)

struct Tile {
    static constexpr int kRows = 16;
    static constexpr int kCols = 32;
};

template <int Warps>
struct Shape {
    static constexpr int threads = Warps * 64;
};

void run(int* data, float* x, int n, int threads)
{
    scan_tile<<<n, Tile::kRows * Tile::kCols>>>(data);  // precise: HP202
    scan_tile<<<n, dim3(Tile::kRows, 4)>>>(data);  // ok: HP202
    normalize<<<n, Shape<8>::threads>>>(x, 0.5f);  // precise: HP202
    normalize<<<n, Shape<4>::threads>>>(x, 0.5f);  // ok: HP202
    normalize<<<n, threads>>>(x, 0.5f);  // ok: HP202
    LAUNCH_SCAN(data, n);  // precise: HP202
    LAUNCH_SMALL_SCAN(data, n);  // ok: HP202
    LAUNCH_WIDE_SCAN(data, n);  // precise: HP202
    tiled<512><<<n, 512>>>(x);  // ok: HP202
}
