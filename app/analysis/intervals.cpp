// Barrier intervals: consecutive warp rounds and the step that ends them, merged.
#include "analysis/intervals.h"

#include <algorithm>

namespace stridescope {

std::vector<BarrierInterval> barrier_intervals(std::span<const Step> steps) {
  std::vector<BarrierInterval> intervals;
  std::size_t first = 0;
  for (std::size_t s = 0; s < steps.size(); ++s) {
    if (steps[s].kind == StepKind::WarpRound && s + 1 < steps.size()) continue;
    BarrierInterval in;
    in.first = first;
    in.last = s;
    in.merged.kind = steps[s].kind;
    in.merged.line = steps[s].line;
    in.merged.snapshot = steps[s].snapshot;
    for (std::size_t k = first; k <= s; ++k) {
      const Step& step = steps[k];
      in.merged.accesses.insert(in.merged.accesses.end(), step.accesses.begin(),
                                step.accesses.end());
      in.access_step.insert(in.access_step.end(), step.accesses.size(), k);
      in.merged.warp_syncs.insert(in.merged.warp_syncs.end(), step.warp_syncs.begin(),
                                  step.warp_syncs.end());
      in.merged.shuffles.insert(in.merged.shuffles.end(), step.shuffles.begin(),
                                step.shuffles.end());
    }
    // Warp by warp, each warp's in the order it passed them (rounds come in order).
    auto by_warp = [](const auto& a, const auto& b) { return a.warp < b.warp; };
    std::stable_sort(in.merged.warp_syncs.begin(), in.merged.warp_syncs.end(), by_warp);
    std::stable_sort(in.merged.shuffles.begin(), in.merged.shuffles.end(), by_warp);
    intervals.push_back(std::move(in));
    first = s + 1;
  }
  return intervals;
}

}  // namespace stridescope
