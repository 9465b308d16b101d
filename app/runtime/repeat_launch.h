// A launch that repeats an earlier one exactly is not run again where that launch's results stand:
// the same kernel, grid, block, dynamic shared memory and argument bytes; that launch read no
// buffer it wrote, touched only cudaMalloc buffers (no managed, host or __device__ memory) and
// printed nothing; since it began no later launch wrote a buffer it read or wrote, and host code
// wrote no device memory (no copy, set, cudaMalloc or cudaFree). Its inputs are then what they
// were and its outputs what it left, so a second run would write the very values that are there:
// a benchmark's 300 timed launches of one kernel (cuda-samples' matrixMul), or of two taking turns
// (histogram's kernel and merge), take the time of one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "stridescope_cuda.h"

namespace stridescope_rt {

// What makes two launches the same: `arguments` are the bytes of the kernel's arguments (empty:
// not known, never the same).
struct LaunchKey {
  const void* kernel = nullptr;
  void (*body)(void*) = nullptr;
  dim3 grid, block;
  std::size_t dynamic_shared = 0;
  std::string arguments;
};

// How a launch used memory: per live buffer (Program::buffers' order) bit 1 read, bit 2 written;
// `other`: it touched memory that is not a cudaMalloc buffer, or printed.
struct LaunchUse {
  std::vector<std::uint8_t> buffers;
  bool other = false;
};

// Launches not run because they repeated the one before (read at exit for --timings).
std::uint64_t repeated_launches();

// Where the launch of `key` repeats one whose results stand, that launch (index + 1): its words
// are this launch's writes. Else 0.
std::uint32_t standing_launch(const LaunchKey& key);
// After a launch ran to its end (`clean`: no assert, no sticky error), with the device memory's
// epoch (device_memory_epoch()) when it began.
void launch_ran(LaunchKey key, std::uint32_t id, std::uint64_t epoch, const LaunchUse& use,
                bool clean);

}  // namespace stridescope_rt
