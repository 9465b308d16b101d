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
inline std::filesystem::path runtime_lib() {
  if (const char* d = std::getenv("STRIDESCOPE_CUDA_RUNTIME_LIB")) return d;
  return STRIDESCOPE_CUDA_RUNTIME_LIB;
}

}  // namespace stridescope
