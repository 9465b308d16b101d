// Step facts: every figure the step-facts panel and `stridescope check` show, in one pure function.
#pragma once

#include <string>
#include <vector>

#include "analysis/activity.h"
#include "analysis/additions.h"
#include "analysis/bank_conflicts.h"
#include "analysis/hazards.h"
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
  std::vector<Hazard> hazards;         // data races within the step
  double first_word = 0;               // s[0] after the step: the result so far
  std::string narration;
};

// `additions_before`: additions made in the block's earlier steps (the model keeps running totals,
// so that no step re-counts the ones before it).
StepFacts step_facts(const Trace& trace, std::size_t block_index, std::size_t step_index,
                     unsigned additions_before);

}  // namespace stridescope
