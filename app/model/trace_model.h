// The model of one trace: every figure the views and the CLI show, computed from the trace by the
// analyses. The run-wide figures are computed once, in the constructor; a step's facts on request
// (a viewer keeps the ones it shows). Immutable after construction, so it can be shared between
// threads. No ImGui in it: the GUI's panels and `stridescope check` read it through const getters;
// panels never include analysis/ themselves.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/additions.h"
#include "analysis/lab_summary.h"
#include "analysis/overflow.h"
#include "analysis/precision.h"
#include "analysis/shuffles.h"
#include "analysis/step_facts.h"
#include "model/grid_summary.h"
#include "registry.h"
#include "trace/trace.h"

namespace stridescope {

// One __shfl_down_sync round of one warp, with what each lane got and holds after it.
struct WarpShuffleRound {
  const ShuffleRound* round = nullptr;
  std::vector<int> source;    // [lane]: the lane whose value it received, -1: kept its own
  std::vector<double> after;  // [lane]: its value after the round's addition
};

// Extra wavefronts of a whole block (what Nsight Compute counts as bank conflicts).
struct ConflictTotals {
  unsigned loads = 0;
  unsigned stores = 0;
};

// Not copied: its narration words point into its own trace (held by shared_ptr in the GUI).
class TraceModel {
 public:
  explicit TraceModel(Trace trace);
  TraceModel(const TraceModel&) = delete;  // words_ may point into trace_
  TraceModel& operator=(const TraceModel&) = delete;

  const Trace& trace() const { return trace_; }
  // The variant's catalog entry; nullptr for a trace of a variant this build does not have.
  const VariantInfo* variant() const { return variant_; }
  // The names the narration uses: the variant's, else the defaults.
  const NarrationWords& words() const { return words_; }
  bool stopped() const { return trace_.divergence.has_value(); }  // at a divergent barrier
  // A user's program (`stridescope run`, a .cu opened in the window): its n, input and reference
  // are not the program's own (they are what its blocks stored in shared memory), so no view says
  // them; its launch, arrays, output and block results are.
  bool program() const { return program_; }
  bool has_shuffles() const { return has_shuffles_; }  // some step of block 0 shuffles registers

  // Traced blocks; the views show block 0.
  std::size_t block_count() const { return trace_.blocks.size(); }
  const BlockTrace& block(std::size_t b = 0) const { return trace_.blocks.at(b); }
  std::size_t step_count(std::size_t b = 0) const { return block(b).steps.size(); }
  const Step& step(std::size_t s, std::size_t b = 0) const { return block(b).steps.at(s); }

  // Every step's short label ("load", "stride = 4"), from one pass over the block.
  std::vector<StepLabel> step_labels(std::size_t b = 0) const {
    return stridescope::step_labels(trace_, b);
  }
  // Every analysis of one step (computed on each call: keep what you show).
  StepFacts facts(std::size_t s, std::size_t b = 0) const;
  const WorkDepth& work(std::size_t b = 0) const { return blocks_.at(b).work; }
  const ConflictTotals& conflict_totals(std::size_t b = 0) const { return blocks_.at(b).conflicts; }

  // The hazard lab's findings for block 0, and where they are at each step.
  const LabSummary& lab() const { return lab_; }
  // A user's program: each cudaMalloc buffer's use over the traced block's launch, in words
  // (model/global_memory_text.h), worked out once; empty for the catalog's traces.
  const std::vector<std::string>& global_launch_lines() const { return global_launch_lines_; }
  std::vector<bool> words_holding_lost(std::size_t s) const;       // [word]; all false: none lost
  std::vector<unsigned> uninitialized_words(std::size_t s) const;  // words read uninitialized
  // "BARRIER DIVERGENCE, the run stops here: ..." at the step where the run stopped, else "".
  std::string divergence_banner(std::size_t s) const;

  // Warp `warp`'s shuffle rounds at step `s`, in the order it ran them.
  std::vector<WarpShuffleRound> warp_shuffles(std::size_t s, unsigned warp) const;

  // The result against the float64 reference; none for a run that stopped.
  std::optional<Precision> result_error() const;  // none: stopped, not a sum into word 0, program
  // The true result beyond what the element type holds (int past 2^31 - 1); none for a run that
  // stopped or whose result fits.
  const std::optional<Overflow>& overflow() const { return overflow_; }
  const GridSummary& grid() const { return grid_; }

 private:
  struct BlockModel {
    WorkDepth work;
    std::vector<IntervalShare> shares;  // per step: its part of its barrier interval's findings
    ConflictTotals conflicts;
  };
  Trace trace_;
  const VariantInfo* variant_ = nullptr;
  NarrationWords words_;  // the variant's, else the defaults
  bool program_ = false, has_shuffles_ = false;
  std::vector<BlockModel> blocks_;
  LabSummary lab_;
  std::vector<std::string> global_launch_lines_;
  std::vector<std::vector<bool>> lost_by_step_;                 // empty when nothing is lost
  std::map<std::size_t, std::vector<unsigned>> uninitialized_;  // by step
  GridSummary grid_;
  std::optional<Overflow> overflow_;
};

}  // namespace stridescope
