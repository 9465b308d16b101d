// Runs a registered variant on the CPU emulator and returns its trace.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "trace/trace.h"

namespace stridescope {

struct RunRequest {
  std::string variant = "sequential";
  std::string element_type = "int";  // "int" or "float"
  std::uint64_t n = 16;
  unsigned block = 16;
  std::string input = "iota";
  std::uint64_t seed = 1;
  unsigned traced_block = 0;
};

// The emulator runs every block on one core; beyond this n a run takes too long to be useful.
inline constexpr std::uint64_t kMaxEmulatedElements = 1ull << 22;

// Bad request or a fault in the kernel; the message is one clear line.
class RunError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void validate(const RunRequest& request);          // throws RunError
Trace run_on_emulator(const RunRequest& request);  // throws RunError

}  // namespace stridescope
