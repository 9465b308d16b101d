// Warp shuffles of a step: per-warp rounds and the additions they feed.
#include "analysis/shuffles.h"

namespace stridescope {

std::vector<const ShuffleRound*> shuffle_rounds(const Step& step, unsigned warp) {
  std::vector<const ShuffleRound*> rounds;
  for (const ShuffleRound& r : step.shuffles) {
    if (r.warp == warp) rounds.push_back(&r);
  }
  return rounds;
}

std::vector<double> values_after_round(const ShuffleRound& round) {
  std::vector<double> after(round.sent.size(), 0.0);
  for (std::size_t lane = 0; lane < after.size() && lane < kWarpSize; ++lane) {
    if ((round.mask >> lane & 1u) != 0) after[lane] = round.sent[lane] + round.received[lane];
  }
  return after;
}

int shuffle_source(const ShuffleRound& round, unsigned lane) {
  unsigned source = lane + round.delta;
  if (source >= kWarpSize || (round.mask >> source & 1u) == 0 || (round.mask >> lane & 1u) == 0) {
    return -1;
  }
  return static_cast<int>(source);
}

bool has_shuffles(const BlockTrace& block) {
  for (const Step& s : block.steps)
    if (!s.shuffles.empty()) return true;
  return false;
}

}  // namespace stridescope
