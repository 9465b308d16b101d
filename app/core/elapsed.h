// Seconds since a moment of the steady clock: the one helper every timed step (build, run, check)
// reports its time with.
#pragma once

#include <chrono>

namespace stridescope {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace stridescope
