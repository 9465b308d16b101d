// Lost and double-counted elements: replays the trace's accesses with per-word source counts.
#include "analysis/contributions.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>

namespace stridescope {
namespace {

// How many times each source is part of a value.
using Flow = std::map<std::size_t, unsigned>;

void add_flow(Flow& into, const Flow& from) {
  for (const auto& [source, count] : from) {
    unsigned& c = into[source];
    c = count > std::numeric_limits<unsigned>::max() - c ? std::numeric_limits<unsigned>::max()
                                                         : c + count;
  }
}

// Replays a block's accesses in the trace's order.
class FlowReplay {
 public:
  FlowReplay(unsigned words, unsigned word_size) : words_(words), word_size_(word_size) {}

  void step(const Step& step, std::size_t step_index, std::vector<ElementSource>& sources) {
    for (const Access& a : step.accesses) {
      ThreadFlow& t = threads_[a.thread];
      unsigned first = a.address / word_size_;
      unsigned last = std::min<unsigned>((a.address + a.size - 1) / word_size_,
                                         static_cast<unsigned>(words_.size()) - 1);
      for (unsigned w = first; w <= last; ++w) {
        WordFlow& word = words_[w];
        bool own_word = t.wrote && t.last_word == w;
        if (a.kind == AccessKind::Read) {
          // Reading back its own word is a no-op while the word is unchanged; if another thread
          // changed it, the fresh value replaces what the register kept.
          if (own_word && t.last_version != word.version) {
            t.kept = word.flow;
            t.last_version = word.version;
          } else if (!own_word) {
            add_flow(t.fresh, word.flow);
          }
          t.read_since_write = true;
        } else {
          if (!t.read_since_write) {  // a value from outside shared memory
            t.kept.clear();
            t.kept[sources.size()] = 1;
            sources.push_back({a.thread, w, step_index, a.line});
          } else if (own_word) {  // an accumulator: what it kept plus what it read
            add_flow(t.kept, t.fresh);
          } else {
            t.kept = t.fresh;
          }
          t.fresh.clear();
          word.flow = t.kept;
          ++word.version;
          t.wrote = true;
          t.last_word = w;
          t.last_version = word.version;
        }
      }
      if (a.kind == AccessKind::Write) t.read_since_write = false;
    }
  }

  const Flow& word(unsigned w) const { return words_.at(w).flow; }
  std::size_t word_count() const { return words_.size(); }

 private:
  struct WordFlow {
    Flow flow;
    std::uint64_t version = 0;
  };
  struct ThreadFlow {
    Flow kept;   // the value it last wrote, still in a register
    Flow fresh;  // what it read from other words since then
    bool read_since_write = false;
    bool wrote = false;
    unsigned last_word = 0;
    std::uint64_t last_version = 0;
  };
  std::vector<WordFlow> words_;
  std::map<unsigned, ThreadFlow> threads_;
  unsigned word_size_;
};

unsigned word_count(const BlockTrace& block) {
  return block.steps.empty() ? 0 : static_cast<unsigned>(block.steps[0].snapshot.size());
}

}  // namespace

Contributions contributions(const BlockTrace& block, unsigned word_size, unsigned result_word) {
  Contributions c;
  if (block.steps.empty() || result_word >= word_count(block)) {
    c.why_not = "the trace has no shared word for the result";
    return c;
  }
  if (block.steps.back().kind == StepKind::Divergence) {
    c.why_not = "the run stopped at a divergent barrier, before the result was complete";
    return c;
  }
  FlowReplay replay(word_count(block), word_size);
  for (std::size_t s = 0; s < block.steps.size(); ++s) replay.step(block.steps[s], s, c.sources);
  c.applicable = true;
  c.reach.assign(c.sources.size(), 0);
  for (const auto& [source, count] : replay.word(result_word)) c.reach[source] = count;
  for (std::size_t i = 0; i < c.sources.size(); ++i) {
    if (c.reach[i] == 0) c.lost.push_back(i);
    if (c.reach[i] > 1) c.doubled.push_back(i);
  }
  return c;
}

namespace {

// For each word of the replay, true if its value holds a source marked in `is_lost`.
std::vector<bool> holding(const FlowReplay& replay, const std::vector<bool>& is_lost) {
  std::vector<bool> out(replay.word_count(), false);
  for (unsigned w = 0; w < out.size(); ++w) {
    for (const auto& entry : replay.word(w)) {
      if (entry.first < is_lost.size() && is_lost[entry.first]) {
        out[w] = true;
        break;
      }
    }
  }
  return out;
}

}  // namespace

std::vector<std::vector<bool>> words_holding_lost_by_step(const BlockTrace& block,
                                                          unsigned word_size,
                                                          const Contributions& c) {
  std::vector<std::vector<bool>> by_step;
  if (!c.applicable || c.lost.empty()) return by_step;
  std::vector<bool> is_lost(c.sources.size(), false);
  for (std::size_t i : c.lost) is_lost[i] = true;
  FlowReplay replay(word_count(block), word_size);
  std::vector<ElementSource> sources;
  for (std::size_t s = 0; s < block.steps.size(); ++s) {
    replay.step(block.steps[s], s, sources);
    by_step.push_back(holding(replay, is_lost));
  }
  return by_step;
}

std::vector<bool> words_holding_lost(const BlockTrace& block, unsigned word_size,
                                     const Contributions& c, std::size_t step) {
  std::vector<std::vector<bool>> by_step = words_holding_lost_by_step(block, word_size, c);
  if (by_step.empty()) return std::vector<bool>(word_count(block), false);
  return by_step[std::min(step, by_step.size() - 1)];
}

}  // namespace stridescope
