// A hand-written occupancy calculator with NVIDIA's numbers baked in.
#include <cuda_runtime.h>

#define REGS_PER_SM 65536  // expect: HP211
#define MAX_SHARED_PER_BLOCK (48 * 1024)  // expect: HP211
#define TABLE_SIZE 65536  // ok: HP211
#define MAX_SHARED_MEMORY (64 * 1024)  // ok: HP211

constexpr int kMaxThreadsPerSM = 2048;  // expect: HP211
constexpr int kMaxWarpsPerMultiprocessor = 64;  // expect: HP211
const int max_regs_per_thread = 255;  // expect: HP211
constexpr int kThreadsPerBlock = 2048;  // ok: HP211
constexpr int kLanes = 64;  // ok: HP211

struct Limits {
    int sharedMemPerBlockOptin;
    int blocksPerSM;
};

int blocks_per_sm(int regs_per_thread, int threads_per_block, size_t smem_bytes, Limits* limits)
{
    int by_registers = 65536 / (regs_per_thread * threads_per_block);  // expect: HP211
    if (smem_bytes > 48 * 1024) {  // expect: HP211
        limits->sharedMemPerBlockOptin = 232448;  // expect: HP211
    }
    limits->blocksPerSM = 32;  // expect: HP211
    int hash = (regs_per_thread * 2654435761u) % 65536;  // ok: HP211
    int low_byte = regs_per_thread & 255;  // ok: HP211
    void* scratch = nullptr;
    cudaMalloc(&scratch, 65536);  // ok: HP211
    return by_registers + hash + low_byte;
}
