#include <cstdio>
#include <vector>
#include "vecops.h"

int main()
{
    const std::size_t n = 1 << 20;
    std::vector<float> x(n, 1.0f), y(n, 2.0f);
    if (vec_saxpy(3.0f, x.data(), y.data(), n) != 0) {
        std::fprintf(stderr, "saxpy failed\n");
        return 1;
    }
    std::printf("sum = %.1f (expected %.1f)\n", vec_sum(y.data(), n), 5.0 * n);
    return 0;
}
