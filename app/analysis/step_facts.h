// Step facts: every figure the step-facts panel and `stridescope check` show, in one pure function.
#pragma once

#include <string>
#include <vector>

#include "analysis/activity.h"
#include "analysis/additions.h"
#include "analysis/bank_conflicts.h"
#include "analysis/hazards.h"
#include "analysis/narration.h"
#include "analysis/step_label.h"
#include "trace/trace.h"

namespace stridescope {

struct StepFacts {
  std::size_t index = 0;
  StepLabel label;
  int line = 0;
  StepActivity activity;
  std::vector<Addition> additions;  // made in this step
  unsigned additions_so_far = 0;
  StepConflicts conflicts;
  unsigned worst_conflict_degree = 0;  // over the warps (1 = none, 0 = no access)
  std::vector<Hazard> hazards;         // races whose second access is in this step
  double first_word = 0;               // s[0] after the step: the result so far
  std::string narration;
  NarrationClaims claims;  // what the narration says, as data
};

// What a step's facts take from its barrier interval: the additions and races that land in it
// (indices re-based to the step's own accesses), and the additions made in the steps before it.
struct IntervalShare {
  std::vector<Addition> additions;
  std::vector<Hazard> hazards;
  unsigned additions_before = 0;
  bool writes_before = false;  // a step before it in the block wrote shared memory
};

// The shares of every step of a block (one pass over each barrier interval).
std::vector<IntervalShare> interval_shares(const BlockTrace& block, unsigned word_size);

StepFacts step_facts(const Trace& trace, std::size_t block_index, std::size_t step_index,
                     IntervalShare share, const NarrationWords& words = {});

}  // namespace stridescope
