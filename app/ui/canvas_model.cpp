// Canvas model: roles, activity and conflicts of cells from the step's accesses and analyses.
#include "ui/canvas_model.h"

#include <algorithm>

namespace stridescope {

CanvasModel canvas_model(const Trace& trace, std::size_t block_index, std::size_t step_index,
                         const StepFacts& facts) {
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
  return model;
}

}  // namespace stridescope
