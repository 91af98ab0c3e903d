// Loading a module at run time with a register cap.
#include <cuda.h>
#include <hip/hip_runtime.h>

// A project's own copy of the driver API's option enum declares the name: no option is set there.
typedef enum shim_jit_option_enum {
    CU_JIT_MAX_REGISTERS = 0,  // ok: HP213 (the declaration, not a use)
    CU_JIT_THREADS_PER_BLOCK = 1,
} shim_jit_option;

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
