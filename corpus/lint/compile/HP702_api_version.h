// The project's own API level, which its sources test.
#pragma once
#define __CUDA_API_VERSION 5000
