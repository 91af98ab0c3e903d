// Device variables another file of the project declares (HP707 does not read this header).
#pragma once
#include <hip/hip_runtime.h>

extern __device__ int remote_steps;
