// Runs a registered variant on the CPU emulator and returns its trace.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

struct RunRequest {
  std::string variant = "sequential";
  std::string element_type = "int";  // "int", "float" or "double"
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

// What every backend's trace starts with: the run, word size, shared words and float64 reference.
Trace trace_header(const RunRequest& request, unsigned word_size, std::string backend,
                   std::string device, std::string toolkit);

// The host's sum of the block sums, in the element type, as a real program adds them.
template <typename T>
double host_sum(const std::vector<T>& block_sums) {
  T total = T(0);
  for (T partial : block_sums) total += partial;
  return static_cast<double>(total);
}

}  // namespace stridescope
