// Image and summary output for heat2d. Plain host C++.
#include <algorithm>
#include <cstdio>
#include <vector>
#include "heat2d.cuh"

bool write_pgm(const char *path, const Field &f, float lo, float hi)
{
    FILE *out = std::fopen(path, "wb");
    if (!out)
        return false;
    std::fprintf(out, "P5\n%d %d\n255\n", f.nx, f.ny);

    const float scale = hi > lo ? 255.0f / (hi - lo) : 0.0f;
    std::vector<unsigned char> row(f.nx);
    for (int y = 0; y < f.ny; ++y) {
        for (int x = 0; x < f.nx; ++x) {
            float v = (f.data[y * f.nx + x] - lo) * scale;
            v = std::min(255.0f, std::max(0.0f, v));
            row[x] = static_cast<unsigned char>(v + 0.5f);
        }
        if (std::fwrite(row.data(), 1, row.size(), out) != row.size()) {
            std::fclose(out);
            return false;
        }
    }
    return std::fclose(out) == 0;
}

void print_field_stats(const Field &f)
{
    const size_t n = static_cast<size_t>(f.nx) * f.ny;
    if (n == 0)
        return;
    double sum = 0.0;
    float lo = f.data[0], hi = f.data[0];
    for (size_t i = 0; i < n; ++i) {
        sum += f.data[i];
        lo = std::min(lo, f.data[i]);
        hi = std::max(hi, f.data[i]);
    }
    std::printf("field: min %.3f  max %.3f  mean %.4f\n", lo, hi, sum / n);
}
