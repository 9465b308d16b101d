// Uninitialized shared-memory reads: one pass over the block's accesses with a written-bytes map.
#include "analysis/uninitialized.h"

#include <algorithm>

namespace stridescope {

std::vector<UninitializedRead> uninitialized_reads(const BlockTrace& block) {
  std::vector<UninitializedRead> found;
  std::vector<bool> written;
  for (std::size_t s = 0; s < block.steps.size(); ++s) {
    for (const Access& a : block.steps[s].accesses) {
      std::size_t end = std::size_t{a.address} + a.size;
      if (written.size() < end) written.resize(end, false);
      if (reads_memory(a.kind) && !std::all_of(written.begin() + a.address, written.begin() + end,
                                               [](bool b) { return b; }))
        found.push_back({s, a});
      if (writes_memory(a.kind))
        std::fill(written.begin() + a.address, written.begin() + end, true);
    }
  }
  return found;
}

}  // namespace stridescope
