// Hazard analysis: shared-memory data races between barriers, as compute-sanitizer's racecheck
// defines them for __syncthreads() (warp-barrier coverage is not modelled yet: see below).
#pragma once

#include <string>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

enum class HazardKind { ReadAfterWrite, WriteAfterRead, WriteAfterWrite };

// Two accesses to the same shared word by different threads, at least one a write, with no
// __syncthreads() between them (they are in the same step). `first` happened first in the trace.
struct Hazard {
  HazardKind kind = HazardKind::ReadAfterWrite;
  unsigned word = 0;
  Access first;
  Access second;
};

// One hazard per (word, kind): the first pair of threads found. Lanes of one warp ordered only by
// __syncwarp() are still reported (conservative) until the trace records warp-barrier epochs.
std::vector<Hazard> hazards(const Step& step, unsigned word_size);

// "read-after-write", "write-after-read", "write-after-write".
std::string hazard_name(HazardKind kind);

}  // namespace stridescope
