// Hazard analysis: shared-memory data races, as compute-sanitizer's racecheck defines them, with
// both __syncthreads() (a step boundary) and __syncwarp() (warp epochs within a step) as ordering.
#pragma once

#include <string>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

enum class HazardKind { ReadAfterWrite, WriteAfterRead, WriteAfterWrite };

// Two accesses to the same shared word by different threads, at least one a write, with no
// __syncthreads() between them (they are in the same step) and, for two lanes of one warp, no
// __syncwarp() that both lanes passed in between. `first` comes first in the trace's order.
struct Hazard {
  HazardKind kind = HazardKind::ReadAfterWrite;
  unsigned word = 0;
  Access first;
  Access second;
};

// True if `earlier` is ordered before `later` by a warp barrier of `step`: both threads are lanes
// of one warp, and a __syncwarp() that both passed lies after `earlier` and before `later`.
bool ordered_by_warp_barrier(const Step& step, const Access& earlier, const Access& later);

// One hazard per (word, kind): the first unordered pair found in the trace's order.
std::vector<Hazard> hazards(const Step& step, unsigned word_size);

// "read-after-write", "write-after-read", "write-after-write".
std::string hazard_name(HazardKind kind);

}  // namespace stridescope
