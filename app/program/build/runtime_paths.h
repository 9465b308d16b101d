// Where StrideScope's CUDA header and runtime library for `stridescope run` are (build-time
// paths, overridable by $STRIDESCOPE_CUDA_RUNTIME_DIR and $STRIDESCOPE_CUDA_RUNTIME_LIB).
#pragma once

#include <cstdlib>
#include <filesystem>

namespace stridescope {

inline std::filesystem::path runtime_dir() {
  if (const char* d = std::getenv("STRIDESCOPE_CUDA_RUNTIME_DIR")) return d;
  return STRIDESCOPE_CUDA_RUNTIME_DIR;
}
// The headers a user's file is compiled with: -I this folder (cuda_runtime.h, cooperative_groups.h,
// ...), and the header force-included before the file.
inline std::filesystem::path runtime_include_dir() {
  return runtime_dir() / "include";
}
inline std::filesystem::path cuda_header() {
  return runtime_include_dir() / "stridescope_cuda.h";
}
inline std::filesystem::path runtime_lib() {
  if (const char* d = std::getenv("STRIDESCOPE_CUDA_RUNTIME_LIB")) return d;
  return STRIDESCOPE_CUDA_RUNTIME_LIB;
}

}  // namespace stridescope
