// Helpers that build small hand-made steps and traces for the analysis tests.
#include "trace_builders.h"

namespace stridescope::testing {

Step step_with_words(const std::vector<unsigned>& words, AccessKind kind, unsigned size) {
  Step step;
  step.line = 10;
  step.label = "hand-made";
  for (unsigned t = 0; t < words.size(); ++t) {
    step.accesses.push_back(Access{t, 0, words[t] * size, size, kind, 10});
  }
  return step;
}

Trace trace_with_steps(std::vector<Step> steps, unsigned block_size) {
  Trace trace;
  trace.run.variant = "hand-made";
  trace.run.n = block_size;
  trace.run.block_size = block_size;
  trace.run.grid_size = 1;
  trace.run.input_pattern = InputPattern::Iota;
  trace.shared_words = block_size;
  for (Step& s : steps) s.snapshot.assign(block_size, 0.0);
  trace.blocks.push_back(BlockTrace{0, std::move(steps), 0.0});
  return trace;
}

}  // namespace stridescope::testing
