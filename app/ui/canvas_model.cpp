// Canvas model: roles, activity and conflicts of cells from the step's accesses and analyses.
#include "ui/canvas_model.h"

#include <algorithm>

#include "analysis/uninitialized.h"

namespace stridescope {

CanvasModel canvas_model(const Trace& trace, std::size_t block_index, std::size_t step_index,
                         const StepFacts& facts, const Contributions* contributions) {
  const Step& step = trace.blocks.at(block_index).steps.at(step_index);
  CanvasModel model;
  model.cells.resize(trace.shared_words);
  for (std::size_t w = 0; w < model.cells.size(); ++w) {
    model.cells[w].value = step.snapshot[w];
    model.cells[w].thread_active =
        w < facts.activity.thread_active.size() && facts.activity.thread_active[w];
  }
  std::vector<bool> conflicting_thread(trace.run.block_size, false);
  for (const InstructionConflict& instruction : facts.conflicts.instructions) {
    for (unsigned t : instruction.conflicting_threads) conflicting_thread[t] = true;
  }
  for (const Access& a : step.accesses) {
    for (unsigned w = a.address / trace.word_size;
         w < (a.address + a.size + trace.word_size - 1) / trace.word_size && w < model.cells.size();
         ++w) {
      CellState& cell = model.cells[w];
      if (a.kind == AccessKind::Write) {
        cell.role = CellRole::Written;
      } else if (cell.role == CellRole::Untouched) {
        cell.role = CellRole::Read;
      }
      if (conflicting_thread[a.thread]) cell.conflict = true;
    }
  }
  for (const Addition& add : facts.additions)
    model.arrows.push_back({add.source_word, add.target_word});
  for (const Hazard& h : facts.hazards) {
    model.hazards.push_back({h.word, h.kind, h.first.thread, h.second.thread});
  }
  const BlockTrace& block = trace.blocks[block_index];
  if (contributions != nullptr) {
    std::vector<bool> lost = words_holding_lost(block, trace.word_size, *contributions, step_index);
    for (std::size_t w = 0; w < lost.size() && w < model.cells.size(); ++w) {
      model.cells[w].holds_lost = lost[w];
    }
  }
  for (const UninitializedRead& u : uninitialized_reads(block)) {
    if (u.step != step_index) continue;
    unsigned w = u.access.address / trace.word_size;
    if (w < model.cells.size()) model.cells[w].uninitialized_read = true;
  }
  if (step.kind == StepKind::Divergence && trace.divergence) {
    auto mark = [&](const std::vector<std::uint32_t>& threads, BarrierWait state) {
      for (std::uint32_t t : threads) {
        if (t < model.cells.size()) model.cells[t].barrier = state;
      }
    };
    for (const BarrierWaiters& w : trace.divergence->waiting) mark(w.threads, BarrierWait::Waiting);
    mark(trace.divergence->exited, BarrierWait::Exited);
  }
  return model;
}

}  // namespace stridescope
