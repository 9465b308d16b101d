// threadIdx, blockIdx, blockDim, gridDim and warpSize. In the build each is a variable of the
// worker thread running the block (the runtime sets threadIdx at every switch between threads).
#pragma once

#include "vector_types.h"

#ifdef __CUDA__
extern const uint3 threadIdx;
extern const uint3 blockIdx;
extern const dim3 blockDim;
extern const dim3 gridDim;
extern const int warpSize;
#else
extern __thread uint3 threadIdx;
extern __thread uint3 blockIdx;
extern __thread dim3 blockDim;
extern __thread dim3 gridDim;
constexpr int warpSize = 32;
#endif
