// The grid summary: launches as rows, the second stage's rule as arrows and words.
#include "model/grid_summary.h"

#include "analysis/additions.h"

#include "core/format.h"
#include "trace/array_names.h"
#include "trace/word_types.h"

namespace stridescope {
namespace {

std::string stage_sentence(const Trace& trace) {
  std::size_t blocks = trace.passes.empty() ? 0 : trace.passes[0].grid;
  switch (trace.second_stage) {
    case SecondStage::Relaunch:
      return "The kernel runs again on the block results, launch after launch, until one block is "
             "left.";
    case SecondStage::LastBlock:
      return "Each block stores its sum and counts itself done (__threadfence + atomicAdd); the "
             "last block to finish adds all " +
             std::to_string(blocks) + " sums. Which block is last depends on timing on a GPU.";
    case SecondStage::AtomicAdd:
      return "Thread 0 of each block adds its block's sum into the result with atomicAdd: one "
             "hardware add per block, in the order the blocks finish.";
    case SecondStage::AtomicLock:
      return "Thread 0 of each block takes a lock (atomicCAS) and adds its block's sum into the "
             "result, one block at a time, in the order they finish.";
    case SecondStage::Host:
      break;
  }
  if (blocks == 1) return "The CPU copies the one block result back: nothing to add.";
  return "The CPU copies the " + std::to_string(blocks) +
         " block results back and adds them one after another (" +
         count_text(blocks - 1, "addition", "additions") + ").";
}

// Who combines the block results into the final value, in the last row's label.
std::string combiner(SecondStage stage) {
  switch (stage) {
    case SecondStage::LastBlock:
      return "last block adds";
    case SecondStage::AtomicAdd:
      return "atomicAdd adds";
    case SecondStage::AtomicLock:
      return "lock adds";
    case SecondStage::Host:
    case SecondStage::Relaunch:
      break;
  }
  return "host adds";
}

// A user's program: its blocks' results in the traced launch, and no guess at what its host does
// with them (its output says).
GridSummary program_grid_summary(const Trace& trace) {
  GridSummary g;
  if (!trace.result_in_word0 || trace.passes.empty()) {
    g.why_empty = trace.divergence ? "No grid results: the run stopped at a divergent barrier."
                                   : "No block results to show: " + no_block_results_reason(trace);
    return g;
  }
  g.heading = "The traced launch: " + count_text(trace.passes[0].grid, "block", "blocks") +
              ", each one's result in shared word 0 at its end.";
  g.sentence =
      "What the program does with them next is in its source; its output says what it "
      "computed.";
  g.rows.push_back({"launch: " + count_text(trace.passes[0].grid, "block", "blocks"),
                    trace.passes[0].partials, false});
  return g;
}

}  // namespace

std::string no_block_results_reason(const Trace& trace) {
  if (trace.divergence) return "the run stopped at a divergent barrier.";
  if (double_halves_at_word0(trace)) {
    const std::string element = two_word_element(trace.arrays, 0);  // "a double"
    return "shared word 0 is half of the " + element.substr(element.find(' ') + 1) + " " +
           word_name(trace.arrays, 0) + " (a block's result is kept as one 4-byte word).";
  }
  if (trace.passes.empty() && trace.run.backend == Backend::Cuda)
    return "the GPU tracer records the traced block only.";
  if (trace.passes.empty())
    return "they are kept for grids of up to 16,384 blocks and 4 MiB of shared memory.";
  if (!trace.blocks.empty() &&
      thread0_reads_its_result_elsewhere(trace.blocks.front(), trace.word_size, trace.arrays))
    return "thread 0 writes out a word of another array, not shared word 0 (" +
           word_name(trace.arrays, 0) + ").";
  return "not a reduction into shared word 0 (the program's output says what it computed).";
}

GridSummary grid_summary(const Trace& trace, const VariantInfo* variant) {
  if (variant == nullptr && from_user_program(trace)) return program_grid_summary(trace);
  GridSummary g;
  if (trace.passes.empty()) {
    g.why_empty = std::string("No grid results in this trace") +
                  (trace.divergence ? ": the run stopped at a divergent barrier." : ".");
    return g;
  }
  g.heading = "Beyond one block: " + count_text(trace.passes[0].grid, "block", "blocks") +
              " in the first launch; second stage: " + std::string(name_of(trace.second_stage)) +
              ".";
  g.sentence = stage_sentence(trace);
  bool relaunch = trace.second_stage == SecondStage::Relaunch;
  for (std::size_t r = 0; r < trace.passes.size(); ++r) {
    const GridPass& pass = trace.passes[r];
    g.rows.push_back(
        {"launch " + std::to_string(r + 1) + ": " + count_text(pass.grid, "block", "blocks"),
         pass.partials, relaunch && r + 1 == trace.passes.size()});
    if (r + 1 < trace.passes.size() && variant != nullptr) {  // into the next launch's readers
      unsigned next_grid = trace.passes[r + 1].grid;
      for (std::size_t b = 0; b < pass.partials.size(); ++b) {
        g.arrows.push_back({r, b, block_reading(*variant, b, trace.run.block_size, next_grid)});
      }
    }
  }
  if (!relaunch) {  // every block result of the first launch into one value
    g.rows.push_back({combiner(trace.second_stage), {trace.result}, true, true});
    for (std::size_t b = 0; b < trace.passes.back().partials.size(); ++b) {
      g.arrows.push_back({trace.passes.size() - 1, b, 0});
    }
  }
  g.result_line =
      trace.result_in_word0
          ? "result " + value_text(trace.result) + ", reference " + value_text(trace.reference)
          : "no result to check: the blocks do not add into shared word 0 (the program's output "
            "says what it computed)";
  return g;
}

}  // namespace stridescope
