// Where two traces of the same program first differ (emulator vs GPU, two schedules, two edits):
// block by block, step by step, shared memory compared as bytes (so a float trace and an int trace
// of the same words compare), and the accesses of that step that wrote the differing word.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

// Two traces that cannot be compared (different shared-memory sizes, no blocks).
class TraceDiffError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An access of the differing step that wrote (part of) the differing word.
struct WordWriter {
  std::uint32_t thread = 0;
  int line = 0;
  AccessKind kind = AccessKind::Write;
  double value = 0;  // in its trace's element type
  bool operator==(const WordWriter&) const = default;
};

// One side of the first difference: the step's label, the word as this trace numbers it, its
// value and its writers in that step.
struct DiffSide {
  std::string label;       // "__syncthreads() line 14" ("" past the trace's last step)
  std::uint32_t word = 0;  // in this trace's words (word_size bytes each)
  std::string word_name;   // "cache[5]", "s[5]", "word 5"
  double value = 0;        // in this trace's element type
  std::vector<WordWriter> writers;
};

enum class DiffKind {
  Same,        // every block's every step holds the same bytes
  Memory,      // a step's memory differs (see word)
  StepCount,   // the common steps agree, but one trace has more
  BlockCount,  // the common blocks agree, but one trace traced more blocks
};

struct TraceDifference {
  DiffKind kind = DiffKind::Same;
  std::size_t block_index = 0;             // which traced block (blocks[i] of both)
  std::uint32_t block_a = 0, block_b = 0;  // their block numbers
  std::size_t step = 0;                    // Memory: the step; StepCount: where the steps part
  std::size_t steps_a = 0, steps_b = 0;    // of that block
  std::size_t blocks_a = 0, blocks_b = 0;
  std::size_t steps_compared = 0;  // Same: steps compared over all blocks
  std::uint32_t shared_bytes = 0;
  DiffSide a, b;                      // Memory: the word; StepCount: the labels at `step`
  bool element_types_differ = false;  // words compared as their bytes
  // Bytes no thread of either trace had written by a step (a padding column, `tile[0][32]`) hold
  // what the memory held before: a GPU's what an earlier launch left, the emulator's 0. They are
  // not compared; this many of them held different bytes (the most at any one step).
  std::uint32_t unwritten_differing = 0;
};

// Compares a and b; throws TraceDiffError when they cannot be compared.
TraceDifference diff_traces(const Trace& a, const Trace& b);

}  // namespace stridescope
