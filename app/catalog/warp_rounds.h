// Cutting a barrier interval into warp rounds: both backends record each access with its round
// (the traced warp collectives, __syncwarp() and __shfl_down_sync(), its thread passed since the
// last __syncthreads()); this turns one interval into a step per round, with the memory after each
// round rebuilt from the values written. The same function for both, so their steps agree.
#pragma once

#include <cstdint>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

template <typename Item>
struct InRound {
  Item item;
  std::uint32_t round = 0;
};

// One barrier interval as recorded: what ends it, and what happened in it, in the trace's order.
struct RecordedInterval {
  StepKind end = StepKind::Barrier;  // Barrier, Exit or Divergence
  int end_line = 0;
  std::vector<InRound<Access>> accesses;
  std::vector<InRound<WarpSync>> warp_syncs;  // the round each one ends
  std::vector<InRound<ShuffleRound>> shuffles;
  std::vector<double> memory_after;  // the block's shared memory at the end (one value per word)
};

// The interval's steps: one WarpRound step per round that ends at a warp collective, then the
// step of `end`. `memory_before` is the memory at the start of the interval; each round's snapshot
// is it with the writes of the rounds so far applied in the trace's order (when every write fills
// exactly one word; otherwise the interval stays one step). An interval of more than
// kMostWarpRounds rounds (a user's loop around __syncwarp()) stays one step too: its steps would
// be more than a person steps through, and each copies all of shared memory. Labels are left empty.
constexpr std::uint32_t kMostWarpRounds = 64;
std::vector<Step> split_into_rounds(RecordedInterval interval,
                                    const std::vector<double>& memory_before, unsigned word_size);

}  // namespace stridescope
