// Aligns the steps of two to four runs phase by phase (load, rounds, finish).
#include "model/step_alignment.h"

#include <algorithm>
#include <array>
#include <optional>

namespace stridescope {
namespace {

bool is_round(const StepLabel& label) {
  return label.kind == StepLabelKind::Stride || label.kind == StepLabelKind::Additions ||
         label.kind == StepLabelKind::Shuffle;
}

// The first step of each phase and the end: [0] load, [1] rounds, [2] finish, [3] = step count.
std::array<std::size_t, 4> phase_starts(const std::vector<StepLabel>& labels) {
  std::size_t n = labels.size(), first = n, last = n;
  for (std::size_t i = 0; i < n; ++i) {
    if (!is_round(labels[i])) continue;
    if (first == n) first = i;
    last = i;
  }
  if (first == n) return {0, n, n, n};
  return {0, first, last + 1, n};
}

}  // namespace

AlignedRows align_steps(const std::vector<std::vector<StepLabel>>& runs) {
  std::vector<std::array<std::size_t, 4>> phases;
  for (const auto& labels : runs) phases.push_back(phase_starts(labels));
  std::vector<std::optional<std::size_t>> shown(runs.size());
  AlignedRows rows;
  for (std::size_t phase = 0; phase < 3; ++phase) {
    std::size_t length = 0;
    for (const auto& p : phases) length = std::max(length, p[phase + 1] - p[phase]);
    for (std::size_t k = 0; k < length; ++k) {
      std::vector<AlignedStep> row;
      for (std::size_t r = 0; r < runs.size(); ++r) {
        const auto& p = phases[r];
        if (p[phase] + k < p[phase + 1]) {
          shown[r] = p[phase] + k;
          row.push_back({*shown[r], AlignedStep::Note::None});
          continue;
        }
        std::size_t count = runs[r].size();
        std::size_t held = shown[r].value_or(0);  // not started yet: its first step, waiting
        bool finished = shown[r] && count > 0 && held + 1 == count;
        row.push_back({held, finished ? AlignedStep::Note::Finished : AlignedStep::Note::Waiting});
      }
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

}  // namespace stridescope
