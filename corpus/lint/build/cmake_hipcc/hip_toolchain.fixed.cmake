# Older ROCm style: hipcc as the C++ compiler, so CXX flags and compile options reach hipcc.
set(CMAKE_CXX_COMPILER /opt/rocm/bin/hipcc)
set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} --offload-arch=gfx90a --use_fast_math")  # expect: HP403, HP404
set(CMAKE_CXX_FLAGS_RELEASE "-O3 --offload-arch=gfx90a")  # expect: HP403
add_compile_options(-gline-tables-only $<$<CONFIG:Debug>:-G>)  # expect: HP405, HP406

find_package(HIP REQUIRED)
hip_add_executable(bench bench.cpp
    HIPCC_OPTIONS  # expect: HP401
    NVCC_OPTIONS -maxrregcount=64 -lineinfo)  # ok: HP401, HP405 (FindHIP's NVIDIA-platform options)
set(HIP_NVCC_FLAGS -arch=sm_80 -Xptxas -v)  # ok: HP403, HP402
set(HIP_HIPCC_FLAGS "${HIP_HIPCC_FLAGS} -fPIC")  # expect: HP408
