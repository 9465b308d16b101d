// Step facts: gathers the analyses of one step, then narrates them.
#include "analysis/step_facts.h"

#include <algorithm>

#include "analysis/intervals.h"
#include "analysis/narration.h"

namespace stridescope {

std::vector<IntervalShare> interval_shares(const BlockTrace& block, unsigned word_size) {
  std::vector<IntervalShare> shares(block.steps.size());
  unsigned before = 0;
  for (const BarrierInterval& in : barrier_intervals(block.steps)) {
    std::vector<std::size_t> offset(in.last - in.first + 1, 0);  // first access of each step
    for (std::size_t s = in.first + 1; s <= in.last; ++s) {
      offset[s - in.first] = offset[s - 1 - in.first] + block.steps[s - 1].accesses.size();
    }
    for (Addition a : additions(in.merged, word_size)) {
      std::size_t s = in.access_step[a.write];
      a.write -= offset[s - in.first];
      shares[s].additions.push_back(a);
    }
    for (Hazard h : hazards(in.merged, word_size)) {
      std::size_t s = in.access_step[h.second_index];
      h.second_index -= offset[s - in.first];
      shares[s].hazards.push_back(h);
    }
    for (std::size_t s = in.first; s <= in.last; ++s) {
      shares[s].additions_before = before;
      before += static_cast<unsigned>(shares[s].additions.size());
    }
  }
  bool written = false;
  for (std::size_t s = 0; s < block.steps.size(); ++s) {
    shares[s].writes_before = written;
    for (const Access& a : block.steps[s].accesses) written |= writes_memory(a.kind);
  }
  return shares;
}

StepFacts step_facts(const Trace& trace, std::size_t block_index, std::size_t step_index,
                     IntervalShare share, const NarrationWords& words) {
  const BlockTrace& block = trace.blocks.at(block_index);
  const Step& step = block.steps.at(step_index);
  StepFacts f;
  f.index = step_index;
  f.label = with_global_reads(step_label(step, share.additions, trace.word_size, trace.arrays),
                              trace, block_index, step_index);
  f.line = step.line;
  f.activity = activity(step, trace.run.block_size);
  f.additions = std::move(share.additions);
  f.additions_so_far = share.additions_before + static_cast<unsigned>(f.additions.size());
  f.conflicts = bank_conflicts(step, trace.run.block_size);
  for (unsigned d : f.conflicts.warp_degree)
    f.worst_conflict_degree = std::max(f.worst_conflict_degree, d);
  f.hazards = std::move(share.hazards);
  f.first_word = step.snapshot.empty() ? 0 : step.snapshot[0];
  Narration n = narrate(trace, block, step, f, words, !share.writes_before);
  f.narration = std::move(n.text);
  f.claims = std::move(n.claims);
  return f;
}

}  // namespace stridescope
