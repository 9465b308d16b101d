// Narration: one plain-language sentence per step, built from the step's facts. What the sentence
// claims is kept as data too, so tests can hold every claim against the analyses.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

struct StepFacts;

// The kernel's own words (from its catalog entry; these defaults for a kernel the build does not
// know): what a thread stores first, and its names for the shared array and the thread index.
struct NarrationWords {
  // "" (a user's program, an unknown kernel): what is stored is said from the trace (the value,
  // or that it came from global memory).
  std::string_view stored_value = "";
  std::string_view shared_array = "s";
  std::string_view thread_index = "tid";
  bool shuffles_combine =
      false;  // lanes combine what a shuffle brings with their own (catalog's do)
  bool result_in_word0 = false;  // the block's result ends in word 0, and thread 0 writes it out
  // A user's program's named arrays (Trace::arrays); words are named by them where set.
  const std::vector<SharedArray>* arrays = nullptr;
};

// A shared word as the kernel names it: "cache[1]", "tile[3][5]" (a program's arrays), "s[7]".
std::string shared_word_name(const NarrationWords& words, unsigned word);

// What a step's sentence claims.
struct NarrationClaims {
  std::vector<unsigned> threads;  // the threads its main clause is about
  std::optional<long> stride;     // the distance between the words combined, when it is one
  unsigned combined = 0;          // additions (or comparisons) it says happen
  std::vector<unsigned> words_written;
  std::vector<unsigned> words_read;
  std::optional<unsigned> shuffle_offset;
  std::vector<unsigned> divergent_warps, idle_warps;
};

struct Narration {
  std::string text;
  NarrationClaims claims;
};

// E.g. "Stride 64: threads 0–63 add s[tid + 64] into s[tid] (64 additions); warps 2–7 idle."
// `first_store`: no write from outside shared memory happened in the block's earlier steps (the
// kernel's stored_value then describes what is stored).
Narration narrate(const Trace& trace, const BlockTrace& block, const Step& step,
                  const StepFacts& facts, const NarrationWords& words, bool first_store);

}  // namespace stridescope
