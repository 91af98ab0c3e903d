// Loading a module at run time with a register cap.
#include <cuda.h>
#include <hip/hip_runtime.h>

CUmodule load_with_cap(const void* image)
{
    CUjit_option options[] = {CU_JIT_MAX_REGISTERS, CU_JIT_WALL_TIME};  // expect: HP213
    void* values[] = {(void*)(size_t)64, nullptr};
    CUmodule module;
    cuModuleLoadDataEx(&module, image, 2, options, values);
    return module;
}

hipModule_t load_ported(const void* image)
{
    hipJitOption options[] = {hipJitOptionMaxRegisters};  // expect: HP213
    hipJitOption timing[] = {hipJitOptionWallTime};  // ok: HP213
    void* values[] = {(void*)(size_t)64};
    hipModule_t module;
    hipModuleLoadDataEx(&module, image, 1, options, values);
    return module;
}
