// Additions analysis: which word each thread added into which, per step; work and depth of a block.
#pragma once

#include <vector>

#include "trace/trace.h"

namespace stridescope {

// target_word += source_word, done by `thread`.
struct Addition {
  unsigned thread = 0;
  unsigned source_word = 0;
  unsigned target_word = 0;
  bool operator==(const Addition&) const = default;
};

// A thread that read word X and word Y and then wrote X added Y into X.
std::vector<Addition> additions(const Step& step, unsigned word_size);

struct WorkDepth {
  unsigned additions = 0;        // over the whole block
  unsigned barrier_steps = 0;    // __syncthreads() the block passed
  unsigned reduction_steps = 0;  // steps with at least one addition (the tree's levels)
  unsigned depth = 0;  // additions one after another: per step the most by one thread, summed
  std::vector<unsigned> step_additions;  // additions made in each step
};

WorkDepth work_and_depth(const BlockTrace& block, unsigned word_size);

}  // namespace stridescope
