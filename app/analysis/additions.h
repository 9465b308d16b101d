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
  std::size_t write = 0;  // index of the write in the step's accesses (where the addition lands)
  bool operator==(const Addition& o) const {
    return thread == o.thread && source_word == o.source_word && target_word == o.target_word;
  }
};

// A thread that read word X and word Y and then wrote X added Y into X.
std::vector<Addition> additions(const Step& step, unsigned word_size);

// Whether thread 0, after the block's last barrier, reads a word something was added into in
// another array than word 0's and does not touch word 0 (read or written): what it writes out is
// that array's (a count declared first, the sum in the array after it), so word 0's value is not
// the block's result, whatever was added into it. Not a scalar flag read at the end (nothing is
// added into it), not a register's last addition stored into word 0, not another word of word
// 0's own array (a scan).
bool thread0_reads_its_result_elsewhere(const BlockTrace& block, unsigned word_size,
                                        const std::vector<SharedArray>& arrays);

// The block's atomic accesses of shared memory, over all its steps (a histogram's updates: no
// addition by plain reads and writes, yet shared memory is added into).
std::size_t atomic_accesses(const BlockTrace& block);

struct WorkDepth {
  unsigned additions = 0;        // over the whole block
  unsigned barrier_steps = 0;    // __syncthreads() the block passed
  unsigned reduction_steps = 0;  // steps with at least one addition (the tree's levels)
  unsigned depth = 0;  // additions one after another: per step the most by one thread, summed
  std::vector<unsigned> step_additions;  // additions made in each step
  std::size_t atomics = 0;               // atomic accesses of shared memory (atomic_accesses)
};

// Over the block's barrier intervals (a warp tail's rounds are one interval): work, depth, and
// each step's additions where their writes land.
WorkDepth work_and_depth(const BlockTrace& block, unsigned word_size);

}  // namespace stridescope
