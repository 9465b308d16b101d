// SIMT emulation header: lets one CUDA kernel text compile for nvcc and for the CPU emulator.
#pragma once

#if defined(__CUDACC__)

#include <cuda_runtime.h>
#define SS_HOST_DEVICE __host__ __device__

#else  // CPU emulator build

#include <cstdint>

#define SS_HOST_DEVICE
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline

namespace stridescope::emu {

// CUDA's dim3, reduced to what the kernels use.
struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
};

// The identity of the emulated thread that is running right now.
struct ThreadCoordinates {
  Dim3 thread_idx;
  Dim3 block_idx;
  Dim3 block_dim;
  Dim3 grid_dim;
};

// Set by the emulator's scheduler before it resumes a thread's fiber.
const ThreadCoordinates& current_coordinates();

// Block barrier and warp barrier; `line` is the kernel source line of the call.
void sync_threads(int line);
void sync_warp(unsigned mask, int line);

}  // namespace stridescope::emu

using dim3 = stridescope::emu::Dim3;
#define threadIdx (::stridescope::emu::current_coordinates().thread_idx)
#define blockIdx (::stridescope::emu::current_coordinates().block_idx)
#define blockDim (::stridescope::emu::current_coordinates().block_dim)
#define gridDim (::stridescope::emu::current_coordinates().grid_dim)
#define warpSize 32
#define __syncthreads() ::stridescope::emu::sync_threads(__LINE__)
#define __syncwarp(...) ::stridescope::emu::sync_warp(SS_SYNCWARP_MASK(__VA_ARGS__), __LINE__)
#define SS_SYNCWARP_MASK(...) (0xffffffffu __VA_OPT__(&(__VA_ARGS__)))

#endif
