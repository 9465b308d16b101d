// Activity analysis: a thread is active in a step when it accessed shared memory.
#include "analysis/activity.h"

#include <algorithm>

namespace stridescope {

StepActivity activity(const Step& step, unsigned block_size) {
  StepActivity result;
  result.thread_active.assign(block_size, false);
  for (const Access& access : step.accesses) {
    if (access.thread < block_size) result.thread_active[access.thread] = true;
  }
  for (const ShuffleRound& round : step.shuffles) {
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      unsigned thread = round.warp * kWarpSize + lane;
      if ((round.mask >> lane & 1u) != 0 && thread < block_size) {
        result.thread_active[thread] = true;
      }
    }
  }
  unsigned warp_count = (block_size + kWarpSize - 1) / kWarpSize;
  for (unsigned w = 0; w < warp_count; ++w) {
    WarpActivity warp;
    warp.warp = w;
    warp.lanes = std::min(kWarpSize, block_size - w * kWarpSize);
    for (unsigned lane = 0; lane < warp.lanes; ++lane) {
      if (result.thread_active[w * kWarpSize + lane]) ++warp.active;
    }
    warp.state = warp.active == 0            ? WarpState::Idle
                 : warp.active == warp.lanes ? WarpState::Full
                                             : WarpState::Divergent;
    result.active_threads += warp.active;
    if (warp.state == WarpState::Divergent) ++result.divergent_warps;
    if (warp.state == WarpState::Idle) ++result.idle_warps;
    result.warps.push_back(warp);
  }
  return result;
}

}  // namespace stridescope
