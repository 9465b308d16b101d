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
  std::size_t second_index = 0;  // index of `second` in the step's accesses
};

// One hazard per (word, kind): for the first access in the trace's order that races with an
// earlier one, the earliest such earlier access. An earlier access is ordered before a later one
// when both threads are lanes of one warp and a __syncwarp() whose mask holds both lies after the
// first and before the second (the trace lists accesses in an order that respects its barriers;
// the loader checks that each thread's warp epochs never go down).
//
// Cost: near-linear in the step's accesses and warp barriers (each lane's knowledge of the others
// is a vector clock advanced once per barrier; each word keeps each lane's accesses by epoch), so
// a trace of many __syncwarp()s is as fast as one without.
std::vector<Hazard> hazards(const Step& step, unsigned word_size);

// "read-after-write", "write-after-read", "write-after-write".
std::string hazard_name(HazardKind kind);

}  // namespace stridescope
