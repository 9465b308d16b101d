// What every backend does around its launches alike: the trace's header, the input buffer, and how
// the traced launch's block results become the run's result (finish_grid).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/input.h"
#include "registry.h"
#include "catalog/request.h"
#include "trace/trace.h"

namespace stridescope {

// The run, word size, shared words and float64 reference that every backend's trace starts with.
Trace trace_header(const RunRequest& request, unsigned grid, unsigned word_size, Backend backend,
                   std::string device, std::string toolkit);

// Slots the block-sums buffer needs: one per block, plus the total and a counter for kernels that
// finish the grid themselves.
inline unsigned block_sum_slots(unsigned grid, bool kernel_writes_total) {
  return grid + (kernel_writes_total ? 2 : 0);
}

// The kernel's input buffer: n elements of the input, or for two-input variants (the dot product)
// a and b back to back (see input_of).
template <typename T>
std::vector<T> variant_input(const RunRequest& request, unsigned inputs) {
  std::vector<T> values;
  values.reserve(request.n * inputs);
  for (unsigned which = 0; which < inputs; ++which) {
    for (std::uint64_t i = 0; i < request.n; ++i) {
      values.push_back(static_cast<T>(input_of(request, i, which)));
    }
  }
  return values;
}

// The run's result from the block sums: the kernel's own grid total where it writes one, else the
// host's combination of the first `grid` block results in the element type, as a program does it.
template <typename T>
double grid_result(const std::vector<T>& block_sums, unsigned grid, bool kernel_wrote_total,
                   Operator op = Operator::Sum) {
  if (kernel_wrote_total) return static_cast<double>(block_sums.at(grid));
  if (compares(op)) {
    T best = block_sums.at(0);
    for (unsigned b = 1; b < grid; ++b) {
      best = (op == Operator::Max) == (best < block_sums[b]) ? block_sums[b] : best;
    }
    return static_cast<double>(best);
  }
  T total = T(0);
  for (unsigned b = 0; b < grid; ++b) total += block_sums[b];
  return static_cast<double>(total);
}

template <typename T>
GridPass pass_of(const std::vector<T>& block_sums, std::uint64_t n, unsigned grid) {
  GridPass pass{n, grid, {}};
  for (unsigned b = 0; b < grid; ++b) pass.partials.push_back(static_cast<double>(block_sums[b]));
  return pass;
}

// One untraced launch of the variant's kernel over `input` on the backend: its block sums.
template <typename T>
using Relaunch = std::function<std::vector<T>(const std::vector<T>& input)>;

// Records the traced launch's block results as pass 0, then finishes as the trace's second stage
// says: the kernel's total or the host's sum, or relaunches until one block is left.
template <typename T>
void finish_grid(Trace& trace, const VariantInfo& variant, std::vector<T> block_sums, unsigned grid,
                 const Relaunch<T>& relaunch) {
  trace.passes.push_back(pass_of(block_sums, trace.run.n, grid));
  if (trace.second_stage != SecondStage::Relaunch) {
    trace.result = grid_result(block_sums, grid, variant.writes_grid_total(), variant.launch.op);
    return;
  }
  while (grid > 1) {
    std::vector<T> partials(block_sums.begin(), block_sums.begin() + grid);
    block_sums = relaunch(partials);
    grid = grid_blocks(variant.launch.grid, partials.size(), trace.run.block_size);
    trace.passes.push_back(pass_of(block_sums, partials.size(), grid));
  }
  trace.result = static_cast<double>(block_sums.at(0));
}

// The line an exit step is shown at: the last source line it touched (the largest line among its
// accesses and shuffles), the same whatever order a backend lists them in.
int exit_line(const std::vector<Access>& accesses, const std::vector<ShuffleRound>& shuffles);

}  // namespace stridescope
