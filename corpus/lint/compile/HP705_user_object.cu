// hipify-plus-test: rocm-version=5.7 min-hip=5.7
// CUDA's cudaUserObjectCreate(&object, T* ptr, refcount, flags) template deletes `ptr` itself;
// HIP's hipUserObjectCreate (ROCm 5.3) wants the destroy callback spelled out.
#include <hip/hip_runtime.h>

struct Tracker { int id; };

template <typename T>
void release(hipUserObject_t* object, T* payload)
{
    // not instantiated here, so it compiles; every instantiation would not
    hipUserObjectCreate(object, payload, 1, hipUserObjectNoDestructorSync);  // expect: HP705
}

void track(hipGraph_t graph)
{
    hipUserObject_t object;
    Tracker* tracker = new Tracker{1};
    hipUserObjectCreate(&object, tracker, [](void* p) { delete static_cast<Tracker*>(p); }, 1,  // ok: HP705
                        hipUserObjectNoDestructorSync);
    hipGraphRetainUserObject(graph, object, 1, hipGraphUserObjectMove);
}
