// Lost and double-counted elements: follows each value that entered shared memory through the
// trace's reads and writes, and counts how often it reaches the block's result word.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

// A value that entered shared memory from outside it (a load from global memory): a write by a
// thread that had read no shared memory since its last write.
struct ElementSource {
  unsigned thread = 0;
  unsigned word = 0;
  std::size_t step = 0;
  int line = 0;
};

struct Contributions {
  bool applicable = false;
  std::string why_not;                 // when not applicable, for people
  std::vector<ElementSource> sources;  // in the order they were written
  std::vector<unsigned> reach;         // per source: how many times it is in the result word
  std::vector<std::size_t> lost;       // sources that never reach the result
  std::vector<std::size_t> doubled;    // sources that reach it more than once
};

// Data-flow model of one thread: a write with no shared read since the thread's previous write is
// a new source; a write to another word stores what the thread read since; a write to the word it
// wrote last stores that value (kept in a register, or reread if another thread changed it) plus
// what it read since. `result_word` is where the block's
// sum ends. Racing accesses count in the trace's order: the outcome of that one interleaving.
Contributions contributions(const BlockTrace& block, unsigned word_size, unsigned result_word = 0);

// A program's several arrays (Trace::arrays): an array none of whose elements reaches the result
// is another sum or other data (an int count halved beside a double sum, argmax's indices), not
// elements lost from this one; its sources leave `lost` (and `doubled`). An array some of whose
// elements reach the result (word 0's own, a staging array added in) keeps its lost ones.
void keep_arrays_in_the_sum(Contributions& c, const std::vector<SharedArray>& arrays);

// What the lab and the exercise checker both judge: `block`'s contributions to word 0 with
// `trace`'s arrays outside the sum left out (keep_arrays_in_the_sum). One rule for both.
Contributions contributions_to_word0(const Trace& trace, const BlockTrace& block);

// After step `step`: for each shared word, true if its value holds a lost source (a value that
// will never reach the result) — how the GUI traces lost elements back through the steps.
std::vector<bool> words_holding_lost(const BlockTrace& block, unsigned word_size,
                                     const Contributions& c, std::size_t step);

// The same for every step at once, in one replay: [step][word].
std::vector<std::vector<bool>> words_holding_lost_by_step(const BlockTrace& block,
                                                          unsigned word_size,
                                                          const Contributions& c);

}  // namespace stridescope
