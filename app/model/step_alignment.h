// The step lock of a compare: which step of each run is shown together, one row per timeline step.
#pragma once

#include <cstddef>
#include <vector>

#include "analysis/step_label.h"

namespace stridescope {

// What a pane shows at one row of the compare timeline.
struct AlignedStep {
  enum class Note { None, Waiting, Finished };
  std::size_t step = 0;
  Note note = Note::None;  // Waiting: holds a step while another run is still in this phase
};

// One row per step of the shared timeline; each row has one AlignedStep per run.
using AlignedRows = std::vector<std::vector<AlignedStep>>;

// The rule (docs/architecture.md, "Compare"): each run's steps fall in three phases, before its
// first reduction round (load), its rounds (a stride, several distances, or a shuffle round), and
// after them (write the block sum). Phase by phase, round k of every run is shown together: the
// same stride where the runs walk the strides in the same order, else the same round (as many
// additions). A phase is as long as the longest run's; a run with fewer steps there holds its
// last step so far (Waiting), or, past its last step, that step (Finished). A run without rounds
// has all its steps in the first phase.
AlignedRows align_steps(const std::vector<std::vector<StepLabel>>& runs);

}  // namespace stridescope
