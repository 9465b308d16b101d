// Runs a registered variant on the CPU emulator and returns its trace.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/input.h"
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
  // How the blocks' results become one: "host" or "relaunch" (variants that finish on the GPU
  // themselves have their own: "last block", "atomic lock"); "" picks the variant's default.
  std::string second_stage;
};

// The second stage a run uses: the variant's own where it finishes the grid itself, else the
// request's (or the variant's default).
std::string second_stage_of(const RunRequest& request);

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
Trace trace_header(const RunRequest& request, unsigned grid, unsigned word_size,
                   std::string backend, std::string device, std::string toolkit);

// The run's result from the block sums: the kernel's own grid total where it writes one, else the
// host's sum of the first `grid` block sums in the element type, as a real program adds them.
template <typename T>
double grid_result(const std::vector<T>& block_sums, unsigned grid, bool kernel_wrote_total,
                   std::string_view op = "sum") {
  if (kernel_wrote_total) return static_cast<double>(block_sums.at(grid));
  if (op == "max" || op == "min") {  // max and min combine the block results the same way
    T best = block_sums.at(0);
    for (unsigned b = 1; b < grid; ++b) {
      best = (op == "max") == (best < block_sums[b]) ? block_sums[b] : best;
    }
    return static_cast<double>(best);
  }
  T total = T(0);
  for (unsigned b = 0; b < grid; ++b) total += block_sums[b];
  return static_cast<double>(total);
}

// The kernel's input buffer: n elements of the pattern, or for two-input variants (the dot
// product) a = the pattern with `seed` and b = the pattern with seed + 1, back to back.
template <typename T>
std::vector<T> variant_input(const RunRequest& request, unsigned inputs) {
  std::vector<T> values = make_input<T>(request.input, request.n, request.seed);
  if (inputs == 2) {
    std::vector<T> b = make_input<T>(request.input, request.n, request.seed + 1);
    values.insert(values.end(), b.begin(), b.end());
  }
  return values;
}

// The line an exit step is shown at: the last source line it touched (the largest line among its
// accesses and shuffles), the same whatever order a backend lists them in.
int exit_line(const std::vector<Access>& accesses, const std::vector<ShuffleRound>& shuffles);

// Slots the block-sums buffer needs: one per block, plus the total and a counter for kernels that
// finish the grid themselves.
inline unsigned block_sum_slots(unsigned grid, bool kernel_writes_total) {
  return grid + (kernel_writes_total ? 2 : 0);
}

}  // namespace stridescope
