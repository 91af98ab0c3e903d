// heat2d driver: parses options, runs the GPU time loop, reports timing and
// convergence, and checks the result against a straightforward CPU version.
#include <cmath>
#include <cstring>
#include <vector>
#include <utility>
#include "heat2d.cuh"

static void usage(const char *prog)
{
    printf("usage: %s [-nx N] [-ny N] [-steps N] [-report N] [-alpha A] [-dt DT]\n"
           "          [-o image.pgm] [--no-verify]\n", prog);
}

static bool parse_args(int argc, char **argv, SimParams &p)
{
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        const bool has_value = i + 1 < argc;
        if (!strcmp(a, "-nx") && has_value)          p.nx = atoi(argv[++i]);
        else if (!strcmp(a, "-ny") && has_value)     p.ny = atoi(argv[++i]);
        else if (!strcmp(a, "-steps") && has_value)  p.steps = atoi(argv[++i]);
        else if (!strcmp(a, "-report") && has_value) p.report_every = atoi(argv[++i]);
        else if (!strcmp(a, "-alpha") && has_value)  p.alpha = (float)atof(argv[++i]);
        else if (!strcmp(a, "-dt") && has_value)     p.dt = (float)atof(argv[++i]);
        else if (!strcmp(a, "-o") && has_value)      p.image = argv[++i];
        else if (!strcmp(a, "--no-verify"))          p.verify = false;
        else return false;
    }
    if (p.nx < 3 || p.ny < 3 || p.steps < 0 || p.alpha <= 0.0f)
        return false;
    if (p.dt <= 0.0f)
        p.dt = stable_dt(p);
    if (p.report_every <= 0)
        p.report_every = p.steps;
    return true;
}

// Reference implementation: same scheme, same update order, single thread.
static void cpu_reference(const SimParams &p, std::vector<float> &u)
{
    const int nx = p.nx, ny = p.ny;
    const float r = p.alpha * p.dt / (p.dx * p.dx);
    std::vector<float> v(u.size());
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x)
            u[idx2d(x, y, nx)] = initial_value(x, y, nx, ny);
    v = u;
    for (int s = 0; s < p.steps; ++s) {
        for (int y = 1; y < ny - 1; ++y)
            for (int x = 1; x < nx - 1; ++x) {
                const int i = idx2d(x, y, nx);
                const float lap = u[i - 1] + u[i + 1] + u[i - nx] + u[i + nx] - 4.0f * u[i];
                v[i] = u[i] + r * lap;
            }
        std::swap(u, v);
    }
}

int main(int argc, char **argv)
{
    SimParams p;
    if (!parse_args(argc, argv, p)) {
        usage(argv[0]);
        return EXIT_FAILURE;
    }

    int device = 0;
    cudaDeviceProp prop;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    printf("device %d: %s (%d SMs, %.1f GiB)\n", device, prop.name, prop.multiProcessorCount,
           prop.totalGlobalMem / (1024.0 * 1024.0 * 1024.0));

    const int n = p.nx * p.ny;
    const size_t bytes = static_cast<size_t>(n) * sizeof(float);
    const float r = p.alpha * p.dt / (p.dx * p.dx);
    printf("grid %d x %d, %d steps, r = %.4f\n", p.nx, p.ny, p.steps, r);

    float *d_u = nullptr, *d_v = nullptr, *h_u = nullptr;
    double *d_sum = nullptr;
    CUDA_CHECK(cudaMalloc(&d_u, bytes));
    CUDA_CHECK(cudaMalloc(&d_v, bytes));
    CUDA_CHECK(cudaMalloc(&d_sum, sizeof(double)));
    CUDA_CHECK(cudaMallocHost(&h_u, bytes));

    cudaStream_t stream;
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaStreamCreate(&stream));
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    launch_init(d_u, p.nx, p.ny, stream);
    // Both buffers need the boundary values since the step copies them through.
    CUDA_CHECK(cudaMemcpyAsync(d_v, d_u, bytes, cudaMemcpyDeviceToDevice, stream));

    CUDA_CHECK(cudaEventRecord(start, stream));
    for (int s = 0; s < p.steps; ++s) {
        launch_step(d_u, d_v, p.nx, p.ny, r, stream);
        if ((s + 1) % p.report_every == 0) {
            double sum = 0.0;
            launch_residual(d_u, d_v, n, d_sum, stream);
            CUDA_CHECK(cudaMemcpyAsync(&sum, d_sum, sizeof(double), cudaMemcpyDeviceToHost, stream));
            CUDA_CHECK(cudaStreamSynchronize(stream));
            printf("  step %6d  residual %.6e\n", s + 1, std::sqrt(sum / n));
        }
        std::swap(d_u, d_v);
    }
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));

    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    const double updates = static_cast<double>(p.nx - 2) * (p.ny - 2) * p.steps;
    printf("GPU time %.2f ms, %.1f Mcell-updates/s\n", ms, updates / (ms * 1e3));

    CUDA_CHECK(cudaMemcpy(h_u, d_u, bytes, cudaMemcpyDeviceToHost));
    Field result{p.nx, p.ny, h_u};
    print_field_stats(result);

    int status = EXIT_SUCCESS;
    if (p.verify) {
        std::vector<float> ref(n);
        cpu_reference(p, ref);
        double max_err = 0.0;
        for (int i = 0; i < n; ++i)
            max_err = std::fmax(max_err, std::fabs((double)ref[i] - (double)h_u[i]));
        const bool ok = max_err < 1e-2;
        printf("verification: max |gpu - cpu| = %.3e -> %s\n", max_err, ok ? "PASSED" : "FAILED");
        if (!ok)
            status = EXIT_FAILURE;
    }

    if (p.image && !write_pgm(p.image, result, T_COLD, T_HOT)) {
        fprintf(stderr, "could not write %s\n", p.image);
        status = EXIT_FAILURE;
    }

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFreeHost(h_u));
    CUDA_CHECK(cudaFree(d_sum));
    CUDA_CHECK(cudaFree(d_v));
    CUDA_CHECK(cudaFree(d_u));
    return status;
}
