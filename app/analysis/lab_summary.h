// The hazard lab's per-run summary: races, divergent barriers, lost elements, uninitialized reads.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "analysis/contributions.h"
#include "analysis/hazards.h"
#include "analysis/uninitialized.h"
#include "trace/trace.h"

namespace stridescope {

// A pair of source lines that race, as racecheck groups its reports.
struct HazardLines {
  HazardKind kind = HazardKind::ReadAfterWrite;
  int first_line = 0;
  int second_line = 0;
  std::size_t count = 0;  // hazards (word, kind, step) with these lines
  bool operator<(const HazardLines& o) const;
};

struct LabSummary {
  std::size_t hazards = 0;  // one per (step, word, kind)
  // Of them, read-after-write and write-after-read on words only one warp touched in that
  // interval: what warp-synchronous code (a warp tail without __syncwarp()) has.
  std::size_t warp_lane_hazards = 0;
  std::vector<HazardLines> hazard_lines;  // grouped by kind and line pair
  std::size_t divergent_barriers = 0;     // barriers some threads wait at while others skip
  Contributions contributions;
  std::vector<UninitializedRead> uninitialized;
  // The result may differ on a GPU: racing accesses happened in the emulator's one order.
  bool timing_dependent() const { return hazards > 0; }
  // Every race is a read and a write by lanes of one warp, no other warp touching the word: right
  // at best where a warp's lanes run in lockstep (GPUs before Volta).
  bool warp_synchronous() const { return hazards > 0 && warp_lane_hazards == hazards; }
  // No races, no divergent barrier, nothing uninitialized, nothing lost or counted twice.
  bool clean() const {
    return hazards == 0 && divergent_barriers == 0 && uninitialized.empty() &&
           (!contributions.applicable ||
            (contributions.lost.empty() && contributions.doubled.empty()));
  }
};

// `result_in_word0`: the variant's block sum ends in s[0] (else lost elements do not apply).
LabSummary lab_summary(const Trace& trace, bool result_in_word0);

// A clean run's one quiet line: "no races, no divergent barrier, nothing lost", saying when lost
// elements were not traced.
std::string lab_clean_line(const LabSummary& summary);

// What the races mean on a GPU, for the lab's note (empty without races): the order shown is one
// of many; warp-synchronous code is undefined since Volta and wants __syncwarp() or shuffles.
std::string lab_race_note(const LabSummary& summary);

// "2 hazards, 0 divergent barriers, 4 elements lost, 0 uninitialized reads".
std::string lab_summary_line(const LabSummary& summary);

}  // namespace stridescope
