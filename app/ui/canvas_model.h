// Canvas model: what each shared-memory cell and arrow shows at a step, computed from the trace.
#pragma once

#include <vector>

#include "analysis/step_facts.h"
#include "trace/trace.h"

namespace stridescope {

enum class CellRole { Untouched, Read, Written };  // Written wins over Read

struct CellState {
  double value = 0;
  CellRole role = CellRole::Untouched;
  bool thread_active = false;  // the thread with this cell's index worked in the step
  bool conflict = false;       // accessed by a lane whose bank served several words
};

struct CanvasArrow {
  unsigned from_word = 0;
  unsigned to_word = 0;
};

struct CanvasModel {
  std::vector<CellState> cells;
  std::vector<CanvasArrow> arrows;  // this step's additions, source -> target
};

CanvasModel canvas_model(const Trace& trace, std::size_t block_index, std::size_t step_index,
                         const StepFacts& facts);

}  // namespace stridescope
