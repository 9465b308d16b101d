// Canvas model: roles, activity and conflicts of cells from the step's accesses and facts.
#include "ui/canvas_model.h"

#include <algorithm>

namespace stridescope {
namespace {

// Read, written and conflict marks from the step's accesses.
void mark_accesses(const Trace& trace, const Step& step, const StepFacts& facts,
                   CanvasModel& model) {
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
}

// Where threads wait when the run stopped at a divergent barrier at this step.
void mark_divergence(const Trace& trace, const Step& step, CanvasModel& model) {
  if (step.kind != StepKind::Divergence || !trace.divergence) return;
  auto mark = [&](const std::vector<std::uint32_t>& threads, BarrierWait state) {
    for (std::uint32_t t : threads) {
      if (t < model.cells.size()) model.cells[t].barrier = state;
    }
  };
  for (const BarrierWaiters& w : trace.divergence->waiting) mark(w.threads, BarrierWait::Waiting);
  mark(trace.divergence->exited, BarrierWait::Exited);
}

}  // namespace

CanvasModel canvas_model(const TraceModel& m, std::size_t step_index) {
  return canvas_model(m, step_index, m.facts(step_index));
}

CanvasModel canvas_model(const TraceModel& m, std::size_t step_index, const StepFacts& facts) {
  const Trace& trace = m.trace();
  const Step& step = m.step(step_index);
  CanvasModel model;
  model.cells.resize(trace.shared_words);
  for (std::size_t w = 0; w < model.cells.size(); ++w) {
    model.cells[w].value = step.snapshot[w];
    model.cells[w].thread_active =
        w < facts.activity.thread_active.size() && facts.activity.thread_active[w];
  }
  mark_accesses(trace, step, facts, model);
  for (const Addition& add : facts.additions)
    model.arrows.push_back({add.source_word, add.target_word});
  for (const Hazard& h : facts.hazards) {
    model.hazards.push_back({h.word, h.kind, h.first.thread, h.second.thread});
  }
  std::vector<bool> lost = m.words_holding_lost(step_index);
  for (std::size_t w = 0; w < lost.size() && w < model.cells.size(); ++w) {
    model.cells[w].holds_lost = lost[w];
  }
  for (unsigned w : m.uninitialized_words(step_index)) {
    if (w < model.cells.size()) model.cells[w].uninitialized_read = true;
  }
  mark_divergence(trace, step, model);
  return model;
}

}  // namespace stridescope
