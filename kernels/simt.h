// SIMT emulation header: lets one CUDA kernel text compile for nvcc and for the CPU emulator.
#pragma once

#if defined(__CUDACC__)

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>
#define SS_HOST_DEVICE __host__ __device__

#else  // CPU emulator build

// The qualifiers as the emulator compiles the kernels (plain C++: the emulator calls them on its
// fibers); then the device API learners' programs compile against, whose port the emulator
// implements (app/runtime/include/stridescope/device_api.h, app/catalog/emu/emulator.cpp).
#define SS_HOST_DEVICE
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__ thread_local  // (only in <cooperative_groups.h>: the kernels use shared.h)
#define STRIDESCOPE_NOT_TRACED
#define STRIDESCOPE_UNSUPPORTED(what)
#define STRIDESCOPE_LEGACY(what)
#define STRIDESCOPE_CATALOG_KERNELS  // threadIdx and the others read as the emulator's variables
#define STRIDESCOPE_CALLER_PC nullptr  // (an atomic's place: the emulator needs none)

#include "../app/runtime/include/cooperative_groups/reduce.h"
#include "../app/runtime/include/stridescope/device_api.h"

#endif
