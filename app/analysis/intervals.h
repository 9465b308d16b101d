// Barrier intervals: the steps between two __syncthreads() (a block's warp rounds, then the step
// that ends them), merged into one list of accesses in the trace's order, remembering the step each
// came from. Races, additions and depth are questions about a whole interval; their answers are
// shown at the step where they happen.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

struct BarrierInterval {
  std::size_t first = 0, last = 0;  // the steps it spans (indices into the block's steps)
  Step merged;                      // their accesses, warp barriers and shuffles; `last`'s kind
  std::vector<std::size_t> access_step;  // for each access of `merged`: the step it is in
};

// The intervals of `steps` in order; each ends at a step that is not a warp round (or at the end).
std::vector<BarrierInterval> barrier_intervals(std::span<const Step> steps);

}  // namespace stridescope
