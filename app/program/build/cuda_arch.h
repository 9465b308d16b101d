// __CUDA_ARCH__ for a program compiled once for host and device: nvcc compiles a .cu file twice,
// and only its device pass defines __CUDA_ARCH__; `stridescope run` compiles it once, with
// __CUDA_ARCH__ defined (the device pass: `#if __CUDA_ARCH__ >= 700` code runs, as on a GPU) and
// the tests that ask for the host pass (`#ifndef __CUDA_ARCH__`, `!defined(__CUDA_ARCH__)`) made
// true, so host-only code guarded by them is kept.
#pragma once

#include <string>

namespace stridescope {

// The compute capability the emulated device reports (cudaGetDeviceProperties) as __CUDA_ARCH__.
inline constexpr int kEmulatedCudaArch = 900;

// `source` with each preprocessor test for the host pass rewritten so that it holds: in `#ifndef
// __CUDA_ARCH__` and `!defined(__CUDA_ARCH__)` (also `! defined __CUDA_ARCH__`), the name is
// replaced by one of the same length that is never defined. Offsets and lines stay as they were.
std::string with_host_tests_true(const std::string& source);

}  // namespace stridescope
