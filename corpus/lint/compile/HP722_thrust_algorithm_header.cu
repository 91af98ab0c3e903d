// hipify-plus-test: fails-before needs-header=thrust/sort.h
// cuda-samples' smokeParticles after renaming: thrust::sequence with only the sort and for_each
// headers, which pull it in under CUDA's Thrust and not under rocThrust.
#include <hip/hip_runtime.h>
#include "thrust/device_ptr.h"
#include "thrust/for_each.h"
#include "thrust/iterator/zip_iterator.h"
#include "thrust/sort.h"

void sortParticles(unsigned int *hash, unsigned int *index, unsigned int count)
{
    thrust::device_ptr<unsigned int> keys(hash), values(index);
    thrust::sequence(values, values + count);  // expect: HP722
    thrust::sort_by_key(keys, keys + count, values);  // ok: HP722
}
