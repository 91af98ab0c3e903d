// What convert does with a launch loop (HP324): nothing. The graph rewrite is an opt-in lint fix
// (`hipify-plus lint --fix --unsafe-fixes`), so `run_plain` keeps its plain loop and convert reports
// nothing for it (`hipify-plus report` lists it, with the fix to review). `run_with_graph` is what
// that fix writes on CUDA source (checked with nvcc 13 with and without the switch): convert renames
// the capture, the five-argument instantiate and the replay to HIP like any other CUDA code. The
// switch is on here so that the translated graph side is what gets compiled.
#include <cuda_runtime.h>

#ifndef HIPIFY_PLUS_USE_GRAPHS
#define HIPIFY_PLUS_USE_GRAPHS 1
#endif

__global__ void predict(float* u, int n) {}
__global__ void correct(float* u, int n) {}
__global__ void apply_boundary(float* u, int n) {}
__global__ void exchange_halo(float* u, int n) {}

void run_plain(float* u, int n, int steps, cudaStream_t stream)
{
    dim3 grid((n + 255) / 256), block(256);
    for (int step = 0; step < steps; ++step) {
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
    }
}

void run_with_graph(float* u, int n, int steps, cudaStream_t stream)
{
    dim3 grid((n + 255) / 256), block(256);
#if HIPIFY_PLUS_USE_GRAPHS
    // hipify-plus HP324: the launches of the loop below, captured once into a graph and replayed
    // per iteration. Opt-in A/B switch: build with -DHIPIFY_PLUS_USE_GRAPHS=1 and measure both ways
    // (graph replay is not always faster on ROCm); without it the loop runs as written.
    cudaGraph_t hipify_plus_graph_11 = nullptr;
    cudaGraphExec_t hipify_plus_graph_exec_11 = nullptr;
    if (cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal) == cudaSuccess) {
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
        if (cudaStreamEndCapture(stream, &hipify_plus_graph_11) != cudaSuccess) hipify_plus_graph_11 = nullptr;
    }
    if (hipify_plus_graph_11 != nullptr &&
        cudaGraphInstantiate(&hipify_plus_graph_exec_11, hipify_plus_graph_11, nullptr, nullptr, 0) != cudaSuccess)
        hipify_plus_graph_exec_11 = nullptr;
    if (hipify_plus_graph_exec_11 == nullptr) (void)cudaGetLastError();  // no graph: the loop runs its launches
#endif
    for (int step = 0; step < steps; ++step) {
#if HIPIFY_PLUS_USE_GRAPHS
        if (hipify_plus_graph_exec_11 != nullptr && cudaGraphLaunch(hipify_plus_graph_exec_11, stream) == cudaSuccess) continue;
#endif
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
    }
#if HIPIFY_PLUS_USE_GRAPHS
    if (hipify_plus_graph_exec_11 != nullptr) {
        (void)cudaStreamSynchronize(stream);  // the replays finish before the graph is freed
        (void)cudaGraphExecDestroy(hipify_plus_graph_exec_11);
    }
    if (hipify_plus_graph_11 != nullptr) (void)cudaGraphDestroy(hipify_plus_graph_11);
#endif
}

int main()
{
    const int n = 1 << 16;
    float* u = nullptr;
    cudaStream_t stream = nullptr;
    if (cudaStreamCreate(&stream) != cudaSuccess || cudaMalloc(&u, n * sizeof(float)) != cudaSuccess) return 1;
    run_plain(u, n, 100, stream);
    run_with_graph(u, n, 100, stream);
    return cudaStreamSynchronize(stream) == cudaSuccess ? 0 : 1;
}
