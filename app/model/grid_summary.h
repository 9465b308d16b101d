// The grid summary: every launch's block results and how the second stage makes them one, as rows
// of values and arrows between them (what the Grid tab draws and `check` could print).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "registry.h"
#include "trace/trace.h"

namespace stridescope {

struct GridRow {
  std::string label;           // "launch 2: 4 blocks", "host adds"
  std::vector<double> values;  // one per block (the final row: the result)
  bool final = false;          // holds the run's result
  bool combined = false;       // the second stage's row: the block results made one value
};

// values[from_index] of row from_row goes into values[to_index] of row from_row + 1.
struct GridArrow {
  std::size_t from_row = 0, from_index = 0, to_index = 0;
};

struct GridSummary {
  std::string heading;   // "Beyond one block: 32 blocks in the first launch; second stage: host."
  std::string sentence;  // what the second stage does, for people
  std::vector<GridRow> rows;
  std::vector<GridArrow> arrows;
  std::string result_line;  // "result 120, reference 120"
  std::string why_empty;    // set when the trace has no grid results
};

// `variant` may be null (a trace of a variant this build does not know): which block of the next
// launch reads which result is then unknown, and no arrows join the launches.
GridSummary grid_summary(const Trace& trace, const VariantInfo* variant);

// Why a user's program's trace has no blocks' results to show (its result_in_word0 is false or it
// kept none): a divergent barrier, word 0 half a double, one block traced on the GPU, a grid too
// large to keep them, or no reduction into shared word 0.
std::string no_block_results_reason(const Trace& trace);

}  // namespace stridescope
