// hipify-plus-test: select=HP324 unsafe-fixes
// Time stepping of a small 2-D stencil: a handful of short kernels per step. The loops whose body
// is capturable get the graph rewrite (behind #if HIPIFY_PLUS_USE_GRAPHS); every other loop says
// which precondition fails.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <utility>

#define CHECK(call)                                                        \
    do {                                                                   \
        hipError_t status_ = (call);                                       \
        if (status_ != hipSuccess) {                                       \
            std::fprintf(stderr, "%s\n", hipGetErrorString(status_));      \
        }                                                                  \
    } while (0)

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

__global__ void predict(float* u, int n) {}
__global__ void correct(float* u, int n) {}
__global__ void apply_boundary(float* u, int n) {}
__global__ void exchange_halo(float* u, int n) {}
__global__ void residual(const float* u, float* r, int n) {}
__global__ void advance(float* u, float t, int n) {}
__global__ void stencil(const float* in, float* out, int n) {}

void miopenStandInForward(float* u);  // stands for a MIOpen call: the rule reads the name's library prefix
float* pick(float* u, int step);
struct ScopedTimer {
    ScopedTimer();
    ~ScopedTimer();
};

void launch_all(float* u, int n, hipStream_t s)
{
    dim3 grid((n + 255) / 256), block(256);
    predict<<<grid, block, 0, s>>>(u, n);
    correct<<<grid, block, 0, s>>>(u, n);
    apply_boundary<<<grid, block, 0, s>>>(u, n);
    exchange_halo<<<grid, block, 0, s>>>(u, n);
}

void capturable(float* u, float* r, int n, int steps, hipStream_t stream)
{
    dim3 grid((n + 255) / 256), block(256);
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        CHECK(hipGetLastError());
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
    }
    int step = 0;
    while (step++ < steps) {  // expect: HP324
        dim3 half(grid.x / 2);
        CHECK(hipMemsetAsync(r, 0, n * sizeof(float), stream));
        hipLaunchKernelGGL(predict, half, block, 0, stream, u, n);
        hipLaunchKernelGGL(correct, half, block, 0, stream, u, n);
        hipLaunchKernelGGL(apply_boundary, grid, block, 0, stream, u, n);
        hipLaunchKernelGGL(residual, grid, block, 0, stream, u, r, n);
    }
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<CEIL_DIV(n, 256), 256, 0, stream>>>(u, n);
        correct<<<CEIL_DIV(n, 256), 256, 0, stream>>>(u, n);
        apply_boundary<<<CEIL_DIV(n, 256), 256, 0, stream>>>(u, n);
        exchange_halo<<<CEIL_DIV(n, 256), 256, 0, stream>>>(u, n);
    }
    int left = steps;
    do {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
    } while (--left > 0);
}

void not_capturable(float* u, float* v, float* r, float* host_r, float* flags, int n, int steps,
                    hipStream_t stream, hipStream_t other, hipEvent_t done, hipGraphExec_t exec, bool ok)
{
    dim3 grid((n + 255) / 256), block(256);
    float t = 0.0f;
    int iterations = 0;
    CHECK(hipMallocManaged(&flags, sizeof(float)));
    // null stream
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        hipLaunchKernelGGL(predict, grid, block, 0, 0, u, n);
        hipLaunchKernelGGL(correct, grid, block, 0, 0, u, n);
        hipLaunchKernelGGL(apply_boundary, grid, block, 0, 0, u, n);
        exchange_halo<<<grid, block>>>(u, n);
    }
    // two streams overlap each other
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, other>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, other>>>(u, n);
    }
    // the loop variable is an argument
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        advance<<<grid, block, 0, stream>>>(u, step * 0.1f, n);
    }
    // pointer ping-pong
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        stencil<<<grid, block, 0, stream>>>(u, v, n);
        correct<<<grid, block, 0, stream>>>(v, n);
        apply_boundary<<<grid, block, 0, stream>>>(v, n);
        exchange_halo<<<grid, block, 0, stream>>>(v, n);
        std::swap(u, v);
    }
    // pointer ping-pong through a temporary
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        float* previous = u;
        u = v;
        v = previous;
        stencil<<<grid, block, 0, stream>>>(v, u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
    }
    // the per-thread default stream
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, hipStreamPerThread>>>(u, n);
        correct<<<grid, block, 0, hipStreamPerThread>>>(u, n);
        apply_boundary<<<grid, block, 0, hipStreamPerThread>>>(u, n);
        exchange_halo<<<grid, block, 0, hipStreamPerThread>>>(u, n);
    }
    // an argument the body changes
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        advance<<<grid, block, 0, stream>>>(u, t, n);
        t += 0.1f;
    }
    // the loop variable in the body, outside the launches (not declared where the capture goes)
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        const int phase = step % 2;
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
        (void)phase;
    }
    // an object whose constructor and destructor run every iteration
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        ScopedTimer timer;
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
    }
    // host synchronisation
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
        CHECK(hipStreamSynchronize(stream));
    }
    // convergence check every step: a blocking copy back
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        residual<<<grid, block, 0, stream>>>(u, r, n);
        CHECK(hipMemcpy(host_r, r, sizeof(float), hipMemcpyDeviceToHost));
    }
    // allocation in the body
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        float* scratch = nullptr;
        CHECK(hipMalloc(&scratch, n * sizeof(float)));
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        residual<<<grid, block, 0, stream>>>(u, scratch, n);
        CHECK(hipFree(scratch));
    }
    // an event per step
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
        CHECK(hipEventRecord(done, stream));
    }
    // host reads of device data: managed memory as an argument, an asynchronous copy back
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        advance<<<grid, block, 0, stream>>>(u, flags[0], n);
        CHECK(hipMemcpyAsync(host_r, r, sizeof(float), hipMemcpyDeviceToHost, stream));
    }
    // host I/O
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        std::printf("step %d\n", step);
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
    }
    // a library that is not graph-safe on ROCm
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        miopenStandInForward(u);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
    }
    // data-dependent control flow
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
        if (*host_r < 1e-6f) break;
    }
    // an inner loop
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        for (int sweep = 0; sweep < 3; ++sweep) {  // ok: HP324
            correct<<<grid, block, 0, stream>>>(u, n);
        }
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
        residual<<<grid, block, 0, stream>>>(u, r, n);
    }
    // the launches are in a helper
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        launch_all(u, n, stream);
    }
    // other host work in the body
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
        ++iterations;
    }
    // an argument computed by a call
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(pick(u, 0), n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
    }
    // a graph already
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
        CHECK(hipGraphLaunch(exec, stream));
    }
    // preprocessor lines in the body
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
#ifdef WITH_BOUNDARY
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
#endif
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
        residual<<<grid, block, 0, stream>>>(u, r, n);
    }
    // capturable, but the loop is the body of an if: no place for the capture before it
    if (ok)
        for (int step = 0; step < steps; ++step) {  // expect: HP324
            predict<<<grid, block, 0, stream>>>(u, n);
            correct<<<grid, block, 0, stream>>>(u, n);
            apply_boundary<<<grid, block, 0, stream>>>(u, n);
            exchange_halo<<<grid, block, 0, stream>>>(u, n);
        }
    (void)iterations;
}

void quiet(float* u, int n, int steps, int variant, hipStream_t stream)
{
    dim3 grid((n + 255) / 256), block(256);
    // three launches per iteration
    for (int step = 0; step < steps; ++step) {  // ok: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
    }
    // four launch sites, but at most two on any path through one iteration
    for (int step = 0; step < steps; ++step) {  // ok: HP324
        if (step % 2 == 0) {
            predict<<<grid, block, 0, stream>>>(u, n);
            correct<<<grid, block, 0, stream>>>(u, n);
        } else {
            apply_boundary<<<grid, block, 0, stream>>>(u, n);
            exchange_halo<<<grid, block, 0, stream>>>(u, n);
        }
    }
    // one kernel per iteration, chosen by a switch
    for (int step = 0; step < steps; ++step) {  // ok: HP324
        switch (variant) {
        case 0: predict<<<grid, block, 0, stream>>>(u, n); break;
        case 1: correct<<<grid, block, 0, stream>>>(u, n); break;
        case 2: apply_boundary<<<grid, block, 0, stream>>>(u, n); break;
        default: exchange_halo<<<grid, block, 0, stream>>>(u, n); break;
        }
    }
    // recorded into the program's own graph already (the launches are captured, not run)
    hipGraph_t graph = nullptr;
    if (hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal) == hipSuccess) {
        for (int step = 0; step < steps; ++step) {  // ok: HP324
            predict<<<grid, block, 0, stream>>>(u, n);
            correct<<<grid, block, 0, stream>>>(u, n);
            apply_boundary<<<grid, block, 0, stream>>>(u, n);
            exchange_halo<<<grid, block, 0, stream>>>(u, n);
        }
        CHECK(hipStreamEndCapture(stream, &graph));
    }
    // the launches belong to the inner loop (reported there, once)
    for (int outer = 0; outer < 2; ++outer) {  // ok: HP324
        for (int step = 0; step < steps; ++step) {  // expect: HP324
            predict<<<grid, block, 0, stream>>>(u, n);
            correct<<<grid, block, 0, stream>>>(u, n);
            apply_boundary<<<grid, block, 0, stream>>>(u, n);
            exchange_halo<<<grid, block, 0, stream>>>(u, n);
        }
    }
}

int main()
{
    const int n = 1 << 16;
    float *u = nullptr, *v = nullptr, *r = nullptr, host_r = 0.0f;
    hipStream_t stream = nullptr, other = nullptr;
    hipEvent_t done = nullptr;
    CHECK(hipStreamCreate(&stream));
    CHECK(hipStreamCreate(&other));
    CHECK(hipEventCreate(&done));
    CHECK(hipMalloc(&u, n * sizeof(float)));
    CHECK(hipMalloc(&v, n * sizeof(float)));
    CHECK(hipMalloc(&r, n * sizeof(float)));
    capturable(u, r, n, 100, stream);
    not_capturable(u, v, r, &host_r, nullptr, n, 100, stream, other, done, nullptr, true);
    quiet(u, n, 100, 1, stream);
    CHECK(hipStreamSynchronize(stream));
    return 0;
}

// Launches recorded into a graph by a helper, and a helper that times a graph's launches (as
// cuda-samples' cudaGraphPerfScaling): the loops around them do not launch those kernels one by one.
hipGraph_t record_chain(float* u, int n, hipStream_t stream)
{
    hipGraph_t graph;
    CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
    predict<<<1, 64, 0, stream>>>(u, n);
    correct<<<1, 64, 0, stream>>>(u, n);
    apply_boundary<<<1, 64, 0, stream>>>(u, n);
    exchange_halo<<<1, 64, 0, stream>>>(u, n);
    CHECK(hipStreamEndCapture(stream, &graph));
    return graph;
}

void time_graph(hipGraphExec_t exec, float* u, int n, hipStream_t stream)
{
    predict<<<1, 1, 0, stream>>>(u, n);
    correct<<<1, 1, 0, stream>>>(u, n);
    CHECK(hipGraphLaunch(exec, stream));
    apply_boundary<<<1, 1, 0, stream>>>(u, n);
    exchange_halo<<<1, 1, 0, stream>>>(u, n);
}

void graph_trials(float* u, int n, int trials, hipStream_t stream)
{
    for (int length = 1; length < 64; length *= 2) {  // ok: HP324
        hipGraph_t graph = record_chain(u, n, stream);
        hipGraphExec_t exec;
        CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
        for (int i = 0; i < trials; ++i) {  // ok: HP324
            time_graph(exec, u, n, stream);
        }
        CHECK(hipGraphExecDestroy(exec));
        CHECK(hipGraphDestroy(graph));
    }
}
