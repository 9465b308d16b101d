// Additions analysis: which word each thread added into which, per step; work and depth of a block.
#pragma once

#include <string>
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
};

WorkDepth work_and_depth(const BlockTrace& block, unsigned word_size);

// Additions made in steps 0..step_index inclusive.
unsigned additions_through(const BlockTrace& block, std::size_t step_index, unsigned word_size);

// A short label: "stride = 64" (additions), "load" (thread t writes s[t]), "write block sum"
// (thread 0 reads s[0] before exit), else "store", "read", "read + write", "no shared-memory work".
std::string step_label(const Step& step, unsigned word_size);

}  // namespace stridescope
