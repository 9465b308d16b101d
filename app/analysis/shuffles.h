// Warp shuffles of a step: the rounds of one warp, and the lane values after a round's additions.
#pragma once

#include <vector>

#include "trace/trace.h"

namespace stridescope {

// The rounds of `warp` in the step, in the order the warp ran them.
std::vector<const ShuffleRound*> shuffle_rounds(const Step& step, unsigned warp);

// The lanes' values after `value += __shfl_down_sync(mask, value, delta)`: sent + received for the
// lanes in the mask (every shuffle of the catalog adds what it receives), 0 for the others.
std::vector<double> values_after_round(const ShuffleRound& round);

// The lane whose value lane `lane` received, or -1 when it kept its own (lane + delta past the
// warp, or the source lane outside the mask).
int shuffle_source(const ShuffleRound& round, unsigned lane);

// Some step of `block` exchanged registers through a warp shuffle.
bool has_shuffles(const BlockTrace& block);

}  // namespace stridescope
