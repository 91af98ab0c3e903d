// Data-parallel gradient averaging: one process per GPU, NCCL all-reduce.
// Rank info comes from the launcher's environment; rank 0 publishes the
// NCCL unique id through a file on a shared filesystem.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <hip/hip_runtime.h>
#include <rccl/rccl.h>

#define NCCL_CHECK(x) do { ncclResult_t r = (x); if (r != ncclSuccess) { \
    fprintf(stderr, "NCCL %s failed: %s\n", #x, ncclGetErrorString(r)); exit(1); } } while (0)

__global__ void scale(float *g, size_t n, float s)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) g[i] *= s;
}

static void exchange_id(ncclUniqueId *id, int rank, const char *path)
{
    if (rank == 0) {
        NCCL_CHECK(ncclGetUniqueId(id));
        FILE *f = fopen(path, "wb");
        fwrite(id, sizeof(*id), 1, f);
        fclose(f);
    } else {
        FILE *f = nullptr;
        while (!(f = fopen(path, "rb"))) usleep(100000);
        while (fread(id, sizeof(*id), 1, f) != 1) { usleep(100000); rewind(f); }
        fclose(f);
    }
}

int main()
{
    const int rank = atoi(getenv("RANK") ? getenv("RANK") : "0");
    const int nranks = atoi(getenv("WORLD_SIZE") ? getenv("WORLD_SIZE") : "1");
    const int local = atoi(getenv("LOCAL_RANK") ? getenv("LOCAL_RANK") : "0");
    hipSetDevice(local);

    ncclUniqueId id;
    exchange_id(&id, rank, "/tmp/nccl_id.bin");
    ncclComm_t comm;
    NCCL_CHECK(ncclCommInitRank(&comm, nranks, id, rank));

    const size_t n = 25u << 20;   // 25M parameters
    float *grad;
    hipMalloc(&grad, n * sizeof(float));
    hipMemset(grad, 0, n * sizeof(float));
    hipStream_t stream;
    hipStreamCreateWithFlags(&stream, hipStreamNonBlocking);

    NCCL_CHECK(ncclGroupStart());
    NCCL_CHECK(ncclAllReduce(grad, grad, n, ncclFloat, ncclSum, comm, stream));
    NCCL_CHECK(ncclGroupEnd());
    scale<<<(unsigned)((n + 255) / 256), 256, 0, stream>>>(grad, n, 1.0f / nranks);
    hipStreamSynchronize(stream);

    int commRank = -1, commSize = 0;
    NCCL_CHECK(ncclCommUserRank(comm, &commRank));
    NCCL_CHECK(ncclCommCount(comm, &commSize));
    printf("rank %d/%d averaged %zu values\n", commRank, commSize, n);

    NCCL_CHECK(ncclCommDestroy(comm));
    hipFree(grad);
    hipStreamDestroy(stream);
    return 0;
}
