// Step facts: gathers the analyses of one step, then narrates them.
#include "analysis/step_facts.h"

#include <algorithm>

#include "analysis/narration.h"

namespace stridescope {

StepFacts step_facts(const Trace& trace, std::size_t block_index, std::size_t step_index,
                     unsigned additions_before) {
  const BlockTrace& block = trace.blocks.at(block_index);
  const Step& step = block.steps.at(step_index);
  StepFacts f;
  f.index = step_index;
  f.label = step_label(step, trace.word_size);
  f.line = step.line;
  f.activity = activity(step, trace.run.block_size);
  f.additions = additions(step, trace.word_size);
  f.additions_so_far = additions_before + static_cast<unsigned>(f.additions.size());
  f.conflicts = bank_conflicts(step, trace.run.block_size);
  for (unsigned d : f.conflicts.warp_degree)
    f.worst_conflict_degree = std::max(f.worst_conflict_degree, d);
  f.hazards = hazards(step, trace.word_size);
  f.first_word = step.snapshot.empty() ? 0 : step.snapshot[0];
  f.narration = narrate(trace, block, step, f);
  return f;
}

}  // namespace stridescope
