// Canvas model: what each shared-memory cell and arrow shows at a step, computed from the trace.
#pragma once

#include <vector>

#include "model/trace_model.h"

namespace stridescope {

enum class CellRole { Untouched, Read, Written };  // Written wins over Read

// Where the thread with this cell's index is when the run stops at a divergent barrier.
enum class BarrierWait { None, Waiting, Exited };

struct CellState {
  double value = 0;
  CellRole role = CellRole::Untouched;
  bool thread_active = false;       // the thread with this cell's index worked in the step
  bool conflict = false;            // accessed by a lane whose bank served several words
  bool holds_lost = false;          // its value holds elements that never reach the result
  bool uninitialized_read = false;  // read in this step before any thread wrote it
  BarrierWait barrier = BarrierWait::None;
};

// A data race of the step: two threads' accesses to one word.
struct CanvasHazard {
  unsigned word = 0;
  HazardKind kind = HazardKind::ReadAfterWrite;
  unsigned first_thread = 0;
  unsigned second_thread = 0;
};

struct CanvasArrow {
  unsigned from_word = 0;
  unsigned to_word = 0;
};

struct CanvasModel {
  std::vector<CellState> cells;
  std::vector<CanvasArrow> arrows;  // this step's additions, source -> target
  std::vector<CanvasHazard> hazards;
};

// What the canvas shows at step `step` of the model's block 0 (given its facts, or computing them).
CanvasModel canvas_model(const TraceModel& model, std::size_t step, const StepFacts& facts);
CanvasModel canvas_model(const TraceModel& model, std::size_t step);

}  // namespace stridescope
