// Canvas model: what the canvas shows at a step: words (shared memory), threads by warp, and which
// thread touched which word, computed from the trace and the step's facts.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "model/trace_model.h"

namespace stridescope {

enum class CellRole { Untouched, Read, Written };  // Written wins over Read

// Where a thread is when the run stops at a divergent barrier.
enum class BarrierWait { None, Waiting, Exited };

// Which half of a double the word is, where a program mixes double and 4-byte arrays in a trace of
// 4-byte words (SharedArray::element_words): the low half's cell writes the value across both.
enum class CellHalf { Whole, Low, High };

// One shared-memory word (an element of the trace's word size).
struct CellState {
  double value = 0;
  CellHalf half = CellHalf::Whole;
  std::string text;     // the value as a cell shows it (cell_value_text), formatted once
  std::string compact;  // shorter, for narrow cells (compact_value_text)
  std::string tiny;     // shortest, for the smallest cells (tiny_value_text: "2k")
  CellRole role = CellRole::Untouched;
  bool conflict = false;            // served in a warp instruction whose bank held several words
  unsigned conflict_degree = 0;     // the highest degree of those instructions (0: none)
  unsigned conflict_warp = 0;       // the warp of that instruction
  bool holds_lost = false;          // its value holds elements that never reach the result
  bool uninitialized_read = false;  // read in this step before any thread wrote it
};

// One thread of the block.
struct ThreadState {
  bool active = false;  // it accessed shared memory in the step
  BarrierWait barrier = BarrierWait::None;
  int barrier_line = 0;       // the line it waits at (Waiting)
  bool warp_barrier = false;  // that barrier is a __syncwarp() or a shuffle
};

// One thread's use of one word in the step (its reads and writes of the word merged).
struct Touch {
  unsigned thread = 0;
  unsigned word = 0;
  bool read = false;
  bool written = false;
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
  unsigned word_size = 4;                 // bytes per word (Trace::word_size)
  std::vector<CellState> cells;           // by word
  std::vector<ThreadState> threads;       // by thread
  std::vector<WarpActivity> warps;        // full, divergent or idle (StepFacts::activity)
  std::vector<unsigned> warp_degree;      // highest bank-conflict degree per warp (0: no access)
  std::vector<Touch> touches;             // sorted by thread, then word
  std::vector<unsigned> touches_by_word;  // indices into `touches`, sorted by word, then thread
  std::vector<unsigned> thread_begin;     // [thread]..[thread + 1]: its range of `touches`
  std::vector<unsigned> word_begin;       // [word]..[word + 1]: its range of `touches_by_word`
  std::vector<CanvasArrow> arrows;        // this step's additions, source -> target
  std::vector<CanvasHazard> hazards;
  std::vector<SharedArray> arrays;  // the trace's named arrays (a user's program), else none

  std::span<const Touch> touches_of_thread(unsigned thread) const;
  std::vector<Touch> touches_of_word(unsigned word) const;  // by thread
  unsigned first_bank(unsigned word) const;                 // the bank of its first byte
  unsigned banks_per_word() const;                          // 1 for 4-byte words, 2 for 8-byte
};

// What the canvas shows at step `step` of the model's block 0 (given its facts, or computing them).
CanvasModel canvas_model(const TraceModel& model, std::size_t step, const StepFacts& facts);
CanvasModel canvas_model(const TraceModel& model, std::size_t step);

// What the pointer is on (or what a click pinned): a thread, a warp or a word.
struct CanvasFocus {
  enum class Kind { None, Thread, Warp, Word, Row };  // Row: a row label (its first memory row)
  Kind kind = Kind::None;
  unsigned index = 0;
  bool operator==(const CanvasFocus&) const = default;
};

// The threads and words joined by a focus, and the touches that join them.
struct CanvasSelection {
  std::vector<bool> threads;  // [thread]: part of the focus
  std::vector<bool> words;    // [word]
  std::vector<Touch> links;   // thread -> word
  bool empty() const { return links.empty() && threads.empty() && words.empty(); }
};

CanvasSelection select(const CanvasModel& model, CanvasFocus focus);

}  // namespace stridescope
