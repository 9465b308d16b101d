// Canvas text: labels and tooltips of words, threads and warps, from the canvas model alone.
#include "ui/canvas/canvas_text.h"

#include <algorithm>

#include "core/format.h"
#include "trace/array_names.h"
#include "trace/word_types.h"

namespace stridescope {
namespace {

// Consecutive runs of `numbers` (sorted): "0..31" or "0–31" with `dash`, at most `limit` runs.
std::string runs_text(const std::vector<unsigned>& numbers, const std::string& before,
                      const std::string& dash, const std::string& after, std::size_t limit) {
  std::string out;
  std::size_t runs = 0;
  for (std::size_t i = 0; i < numbers.size();) {
    std::size_t j = i;
    while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
    if (runs == limit) return out + ", ...";
    if (runs++ > 0) out += ", ";
    out += before + std::to_string(numbers[i]);
    if (j > i) out += dash + std::to_string(numbers[j]);
    out += after;
    i = j + 1;
  }
  return out;
}

std::string threads_text(const std::vector<unsigned>& threads) {
  std::string noun = threads.size() == 1 ? "thread " : "threads ";
  return noun + runs_text(threads, "", "\u2013", "", 8);
}

// "read s[4], s[5]; wrote s[4]", or "" when it touched nothing.
std::string thread_words_text(const CanvasModel& model, unsigned thread) {
  std::vector<unsigned> read, written;
  for (const Touch& t : model.touches_of_thread(thread)) {
    if (t.read) read.push_back(t.word);
    if (t.written) written.push_back(t.word);
  }
  std::string out;
  if (!read.empty()) out += "read " + words_text(model.arrays, read);
  if (!written.empty())
    out += (out.empty() ? "wrote " : "; wrote ") + words_text(model.arrays, written);
  return out;
}

std::string barrier_text(const ThreadState& t) {
  const char* barrier = t.warp_barrier ? "warp barrier" : "__syncthreads()";
  switch (t.barrier) {
    case BarrierWait::Waiting:
      return "\nwaits at the " + std::string(barrier) + " on line " +
             std::to_string(t.barrier_line) + ", which others never reach";
    case BarrierWait::Exited:
      return "\nexited without reaching the barrier others wait at";
    case BarrierWait::None:
      break;
  }
  return "";
}

}  // namespace

std::string word_range_text(const std::vector<SharedArray>& arrays, unsigned first, unsigned last) {
  return word_range_name(arrays, first, last);
}

std::string banks_text(const CanvasModel& model, unsigned word) {
  unsigned first = model.first_bank(word), count = model.banks_per_word();
  if (count == 1) return "bank " + std::to_string(first);
  if (count == 2) return "banks " + std::to_string(first) + " and " + std::to_string(first + 1);
  return "banks " + std::to_string(first) + "-" + std::to_string(first + count - 1);
}

std::string words_text(const std::vector<SharedArray>& arrays, const std::vector<unsigned>& words,
                       std::size_t limit) {
  return word_runs_name(arrays, words, limit);
}

std::string warp_state_text(const WarpActivity& warp) {
  std::string lanes =
      std::to_string(warp.active) + " of " + std::to_string(warp.lanes) + " lanes active";
  switch (warp.state) {
    case WarpState::Full:
      return "full, " + lanes;
    case WarpState::Divergent:
      return "divergent, " + lanes;
    case WarpState::Idle:
      break;
  }
  return "idle, no lane touched shared memory";
}

std::string thread_tooltip(const CanvasModel& model, unsigned thread) {
  if (thread >= model.threads.size()) return "";
  const ThreadState& t = model.threads[thread];
  unsigned warp = thread / kWarpSize;
  std::string out = "thread " + std::to_string(thread) + " (warp " + std::to_string(warp) +
                    ", lane " + std::to_string(thread % kWarpSize) + ")\n";
  std::string words = thread_words_text(model, thread);
  out += t.active ? "active: " + words : std::string("idle: no shared-memory access this step");
  if (warp < model.warps.size()) {
    out += "\nwarp " + std::to_string(warp) + ": " + warp_state_text(model.warps[warp]);
  }
  out += barrier_text(t);
  for (const CanvasHazard& h : model.hazards) {
    if (h.first_thread != thread && h.second_thread != thread) continue;
    unsigned other = h.first_thread == thread ? h.second_thread : h.first_thread;
    out += "\nrace: " + hazard_name(h.kind) + " on " +
           word_range_text(model.arrays, h.word, h.word) + " with thread " + std::to_string(other);
  }
  return out;
}

std::string warp_tooltip(const CanvasModel& model, unsigned warp, bool click_pins) {
  if (warp >= model.warps.size()) return "";
  std::string out = "warp " + std::to_string(warp) + " (threads " +
                    std::to_string(warp * kWarpSize) + "\u2013" +
                    std::to_string(warp * kWarpSize + model.warps[warp].lanes - 1) +
                    "): " + warp_state_text(model.warps[warp]);
  unsigned degree = warp < model.warp_degree.size() ? model.warp_degree[warp] : 0;
  if (degree > 1) out += "\n" + std::to_string(degree) + "-way bank conflict";
  std::vector<unsigned> words;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    for (const Touch& t : model.touches_of_thread(warp * kWarpSize + lane)) words.push_back(t.word);
  }
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  if (!words.empty()) out += "\nits lanes touched " + words_text(model.arrays, words);
  return click_pins ? out + "\nclick to keep its links shown" : out;
}

std::string word_tooltip(const CanvasModel& model, unsigned word, unsigned words_per_row) {
  if (word >= model.cells.size() || words_per_row == 0) return "";
  const CellState& c = model.cells[word];
  unsigned row = word / words_per_row;
  unsigned last = std::min<std::size_t>((row + 1) * words_per_row, model.cells.size()) - 1;
  std::string banks = banks_text(model, word);
  if (c.half != CellHalf::Whole) {  // a double or long long among 4-byte arrays: both its banks
    const unsigned low = c.half == CellHalf::High ? word - 1 : word;
    banks = "banks " + std::to_string(model.first_bank(low)) + " and " +
            std::to_string(model.first_bank(low + 1)) + " (" + two_word_element(model.arrays, low) +
            "'s two 4-byte halves)";
  }
  std::string out = word_name(model.arrays, word) + " = " + cell_value_text(c.value) + "\n" +
                    banks + ", row " + std::to_string(row) + ": " +
                    word_range_text(model.arrays, row * words_per_row, last);
  std::vector<unsigned> readers, writers;
  for (const Touch& t : model.touches_of_word(word)) {
    if (t.read) readers.push_back(t.thread);
    if (t.written) writers.push_back(t.thread);
  }
  if (!readers.empty()) out += "\nread by " + threads_text(readers);
  if (!writers.empty()) out += "\nwritten by " + threads_text(writers);
  if (readers.empty() && writers.empty()) out += "\nno thread touched it this step";
  if (c.conflict) {
    out += "\npart of warp " + std::to_string(c.conflict_warp) + "'s " +
           std::to_string(c.conflict_degree) + "-way bank conflict";
  }
  for (const CanvasHazard& h : model.hazards) {
    if (h.word != word) continue;
    out += "\nrace: " + hazard_name(h.kind) + ", threads " + std::to_string(h.first_thread) +
           " and " + std::to_string(h.second_thread);
  }
  if (c.holds_lost) out += "\nholds elements that never reach s[0]";
  if (c.uninitialized_read) out += "\nread before any thread wrote it";
  return out;
}

}  // namespace stridescope
