// SIMT emulation header: lets one CUDA kernel text compile for nvcc and for the CPU emulator.
#pragma once

#if defined(__CUDACC__)

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
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
// Warp collective: every lane in `mask` hands in `bits`; lane l gets lane l+delta's bits (within
// segments of `width` lanes), or its own when l+delta falls outside.
unsigned long long shuffle_down(unsigned mask, unsigned long long bits, unsigned delta, int width,
                                int line);

// Lane l gets lane l ^ lane_mask's bits. Only library collectives (cooperative_groups::reduce)
// use it, and the trace does not show it, as the device probe cannot see inside them either.
unsigned long long shuffle_xor_untraced(unsigned mask, unsigned long long bits, unsigned lane_mask,
                                        int line);

template <typename T>
T shfl_down_sync(unsigned mask, T value, unsigned delta, int width, int line) {
  static_assert(sizeof(T) <= sizeof(unsigned long long));
  unsigned long long bits = 0;
  __builtin_memcpy(&bits, &value, sizeof(T));
  bits = shuffle_down(mask, bits, delta, width, line);
  __builtin_memcpy(&value, &bits, sizeof(T));
  return value;
}

}  // namespace stridescope::emu

// CUDA's 16-byte vector types, for kernels that load four words at a time.
struct int4 {
  int x, y, z, w;
};
struct float4 {
  float x, y, z, w;
};
struct double2 {
  double x, y;
};

// Atomics and fences: the emulator runs one thread at a time, so plain operations are atomic.
template <typename T>
inline T atomicAdd(T* address, T value) {
  T old = *address;
  *address = old + value;
  return old;
}
inline int atomicCAS(int* address, int compare, int value) {
  int old = *address;
  if (old == compare) *address = value;
  return old;
}
inline int atomicExch(int* address, int value) {
  int old = *address;
  *address = value;
  return old;
}
inline void __threadfence() {}

using dim3 = stridescope::emu::Dim3;
#define threadIdx (::stridescope::emu::current_coordinates().thread_idx)
#define blockIdx (::stridescope::emu::current_coordinates().block_idx)
#define blockDim (::stridescope::emu::current_coordinates().block_dim)
#define gridDim (::stridescope::emu::current_coordinates().grid_dim)
#define warpSize 32
#define __syncthreads() ::stridescope::emu::sync_threads(__LINE__)
#define __syncwarp(...) ::stridescope::emu::sync_warp(SS_SYNCWARP_MASK(__VA_ARGS__), __LINE__)
#define SS_SYNCWARP_MASK(...) (0xffffffffu __VA_OPT__(&(__VA_ARGS__)))
#define __shfl_down_sync(mask, value, delta) \
  ::stridescope::emu::shfl_down_sync((mask), (value), (delta), 32, __LINE__)

// Cooperative groups, reduced to what the catalog uses: the block, 32-thread tiles, and
// reduce() over a tile (every lane gets the result, as on a GPU).
namespace cooperative_groups {
struct thread_block {
  unsigned thread_rank() const { return threadIdx.x; }
  unsigned size() const { return blockDim.x; }
};
inline thread_block this_thread_block() {
  return {};
}
template <unsigned Size>
struct thread_block_tile {
  static_assert(Size == 32, "the emulator models tiles of one whole warp");
  unsigned thread_rank() const { return threadIdx.x % Size; }
  unsigned meta_group_rank() const { return threadIdx.x / Size; }
  unsigned meta_group_size() const { return (blockDim.x + Size - 1) / Size; }
  static constexpr unsigned size() { return Size; }
};
template <unsigned Size>
thread_block_tile<Size> tiled_partition(const thread_block&) {
  return {};
}
template <typename T>
struct plus {
  T operator()(T a, T b) const { return a + b; }
};
template <typename T, typename Op>
T reduce(const thread_block_tile<32>&, T value, Op op, int line = __builtin_LINE()) {
  static_assert(sizeof(T) <= sizeof(unsigned long long));
  for (unsigned lane_mask = 16; lane_mask > 0; lane_mask >>= 1) {  // a butterfly: all lanes end
    unsigned long long bits = 0;                                   // with the whole warp's sum
    __builtin_memcpy(&bits, &value, sizeof(T));
    bits = ::stridescope::emu::shuffle_xor_untraced(0xffffffffu, bits, lane_mask, line);
    T other;
    __builtin_memcpy(&other, &bits, sizeof(T));
    value = op(value, other);
  }
  return value;
}
}  // namespace cooperative_groups

#endif
