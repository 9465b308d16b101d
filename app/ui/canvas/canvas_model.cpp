// Canvas model: words, threads and the thread-to-word touches of a step, from its accesses and
// facts.
#include "ui/canvas/canvas_model.h"

#include "core/format.h"
#include "trace/word_types.h"

#include <algorithm>
#include <tuple>

namespace stridescope {
namespace {

// The words an access covers: [first, end), clipped to the cells.
std::pair<unsigned, unsigned> access_words(const Access& a, unsigned word_size, std::size_t words) {
  unsigned first = a.address / word_size;
  unsigned end = (a.address + std::max(a.size, 1u) + word_size - 1) / word_size;
  return {std::min<std::size_t>(first, words), std::min<std::size_t>(end, words)};
}

// Read and written roles, and the touches (thread, word), merged and indexed both ways.
void mark_touches(const Step& step, CanvasModel& model) {
  for (const Access& a : step.accesses) {
    if (a.thread >= model.threads.size()) continue;
    auto [first, end] = access_words(a, model.word_size, model.cells.size());
    for (unsigned w = first; w < end; ++w) {
      CellState& cell = model.cells[w];
      if (writes_memory(a.kind)) {
        cell.role = CellRole::Written;
      } else if (cell.role == CellRole::Untouched) {
        cell.role = CellRole::Read;
      }
      bool write = writes_memory(a.kind);
      model.touches.push_back({a.thread, w, !write, write});
    }
  }
  auto by_thread = [](const Touch& a, const Touch& b) {
    return std::tie(a.thread, a.word) < std::tie(b.thread, b.word);
  };
  std::sort(model.touches.begin(), model.touches.end(), by_thread);
  std::vector<Touch> merged;
  for (const Touch& t : model.touches) {
    if (!merged.empty() && merged.back().thread == t.thread && merged.back().word == t.word) {
      merged.back().read |= t.read;
      merged.back().written |= t.written;
    } else {
      merged.push_back(t);
    }
  }
  model.touches = std::move(merged);
}

// Offsets of each thread's and each word's touches (counting sort by word keeps thread order).
void index_touches(CanvasModel& model) {
  model.thread_begin.assign(model.threads.size() + 1, 0);
  model.word_begin.assign(model.cells.size() + 1, 0);
  for (const Touch& t : model.touches) {
    ++model.thread_begin[t.thread + 1];
    ++model.word_begin[t.word + 1];
  }
  for (std::size_t i = 1; i < model.thread_begin.size(); ++i)
    model.thread_begin[i] += model.thread_begin[i - 1];
  for (std::size_t i = 1; i < model.word_begin.size(); ++i)
    model.word_begin[i] += model.word_begin[i - 1];
  model.touches_by_word.assign(model.touches.size(), 0);
  std::vector<unsigned> next(model.word_begin.begin(), model.word_begin.end() - 1);
  for (unsigned i = 0; i < model.touches.size(); ++i)
    model.touches_by_word[next[model.touches[i].word]++] = i;
}

// Words served by a warp instruction in which their bank held several words: the accesses of the
// instruction's conflicting threads (an access is its thread's `order`-th of the step).
void mark_conflicts(const Step& step, const StepFacts& facts, CanvasModel& model) {
  std::vector<std::pair<std::uint64_t, const Access*>> by_key;  // thread << 32 | order
  for (const Access& a : step.accesses)
    by_key.emplace_back(std::uint64_t{a.thread} << 32 | a.order, &a);
  std::sort(by_key.begin(), by_key.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const InstructionConflict& instruction : facts.conflicts.instructions) {
    for (unsigned thread : instruction.conflicting_threads) {
      std::uint64_t key = std::uint64_t{thread} << 32 | instruction.order;
      auto it =
          std::lower_bound(by_key.begin(), by_key.end(), key,
                           [](const auto& entry, std::uint64_t k) { return entry.first < k; });
      if (it == by_key.end() || it->first != key || it->second->kind != instruction.kind) continue;
      auto [first, end] = access_words(*it->second, model.word_size, model.cells.size());
      for (unsigned w = first; w < end; ++w) {
        CellState& cell = model.cells[w];
        cell.conflict = true;
        if (instruction.degree > cell.conflict_degree) {
          cell.conflict_degree = instruction.degree;
          cell.conflict_warp = instruction.warp;
        }
      }
    }
  }
}

// Where threads wait when the run stopped at a divergent barrier at this step.
void mark_divergence(const Trace& trace, const Step& step, CanvasModel& model) {
  if (step.kind != StepKind::Divergence || !trace.divergence) return;
  for (const BarrierWaiters& w : trace.divergence->waiting) {
    for (std::uint32_t t : w.threads) {
      if (t >= model.threads.size()) continue;
      model.threads[t].barrier = BarrierWait::Waiting;
      model.threads[t].barrier_line = w.line;
      model.threads[t].warp_barrier = w.warp_barrier;
    }
  }
  for (std::uint32_t t : trace.divergence->exited) {
    if (t < model.threads.size()) model.threads[t].barrier = BarrierWait::Exited;
  }
}

// Lost elements and uninitialized reads, from the model's run-wide analyses.
void mark_lab_words(const TraceModel& m, std::size_t step_index, CanvasModel& model) {
  std::vector<bool> lost = m.words_holding_lost(step_index);
  for (std::size_t w = 0; w < lost.size() && w < model.cells.size(); ++w) {
    model.cells[w].holds_lost = lost[w];
  }
  for (unsigned w : m.uninitialized_words(step_index)) {
    if (w < model.cells.size()) model.cells[w].uninitialized_read = true;
  }
}

}  // namespace

std::span<const Touch> CanvasModel::touches_of_thread(unsigned thread) const {
  if (thread + 1 >= thread_begin.size()) return {};
  return std::span<const Touch>(touches).subspan(thread_begin[thread],
                                                 thread_begin[thread + 1] - thread_begin[thread]);
}

std::vector<Touch> CanvasModel::touches_of_word(unsigned word) const {
  std::vector<Touch> out;
  if (word + 1 >= word_begin.size()) return out;
  for (unsigned i = word_begin[word]; i < word_begin[word + 1]; ++i)
    out.push_back(touches[touches_by_word[i]]);
  return out;
}

unsigned CanvasModel::first_bank(unsigned word) const {
  return word * word_size / kBankWidthBytes % kBanks;
}

unsigned CanvasModel::banks_per_word() const {
  return std::max(1u, (word_size + kBankWidthBytes - 1) / kBankWidthBytes);
}

CanvasModel canvas_model(const TraceModel& m, std::size_t step_index) {
  return canvas_model(m, step_index, m.facts(step_index));
}

CanvasModel canvas_model(const TraceModel& m, std::size_t step_index, const StepFacts& facts) {
  const Trace& trace = m.trace();
  const Step& step = m.step(step_index);
  CanvasModel model;
  model.word_size = std::max(1u, trace.word_size);
  model.arrays = trace.arrays;
  model.cells.resize(trace.shared_words);
  for (std::size_t w = 0; w < model.cells.size(); ++w) {
    CellState& cell = model.cells[w];
    if (w < step.snapshot.size()) cell.value = step.snapshot[w];
    if (is_high_half(trace, std::uint32_t(w))) {  // its low half's cell writes the double
      cell.half = CellHalf::High;
      model.cells[w - 1].half = CellHalf::Low;
      continue;
    }
    cell.text = cell_value_text(cell.value);
    cell.compact = compact_value_text(cell.value);
    cell.tiny = tiny_value_text(cell.value);
  }
  model.threads.resize(trace.run.block_size);
  for (std::size_t t = 0; t < model.threads.size(); ++t) {
    model.threads[t].active =
        t < facts.activity.thread_active.size() && facts.activity.thread_active[t];
  }
  model.warps = facts.activity.warps;
  model.warp_degree = facts.conflicts.warp_degree;
  model.warp_degree.resize(model.warps.size(), 0);
  mark_touches(step, model);
  index_touches(model);
  mark_conflicts(step, facts, model);
  for (const Addition& add : facts.additions)
    model.arrows.push_back({add.source_word, add.target_word});
  for (const Hazard& h : facts.hazards) {
    model.hazards.push_back({h.word, h.kind, h.first.thread, h.second.thread});
  }
  mark_lab_words(m, step_index, model);
  mark_divergence(trace, step, model);
  return model;
}

CanvasSelection select(const CanvasModel& model, CanvasFocus focus) {
  CanvasSelection s;
  if (focus.kind == CanvasFocus::Kind::None) return s;
  s.threads.assign(model.threads.size(), false);
  s.words.assign(model.cells.size(), false);
  auto add_thread = [&](unsigned t) {
    if (t >= model.threads.size()) return;
    s.threads[t] = true;
    for (const Touch& touch : model.touches_of_thread(t)) {
      s.words[touch.word] = true;
      s.links.push_back(touch);
    }
  };
  switch (focus.kind) {
    case CanvasFocus::Kind::Thread:
      add_thread(focus.index);
      break;
    case CanvasFocus::Kind::Warp:
      for (unsigned lane = 0; lane < kWarpSize; ++lane) add_thread(focus.index * kWarpSize + lane);
      break;
    case CanvasFocus::Kind::Word:
      if (focus.index >= model.cells.size()) break;
      s.words[focus.index] = true;
      if (model.cells[focus.index].half == CellHalf::Low && focus.index + 1 < model.cells.size())
        s.words[focus.index + 1] = true;  // a double's box: both its halves
      s.links = model.touches_of_word(focus.index);
      for (const Touch& touch : s.links) s.threads[touch.thread] = true;
      break;
    case CanvasFocus::Kind::Row:  // a row label: the quiz marks its words; no links to show
    case CanvasFocus::Kind::None:
      break;
  }
  return s;
}

}  // namespace stridescope
