// Lost and double-counted elements: every value stored in shared memory is a node of a graph (a
// source, or what a thread combined from the nodes it read); counting the paths from the result's
// node back to each source says how often the source reaches the result. Linear in the accesses.
#include "analysis/contributions.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <unordered_map>

namespace stridescope {
namespace {

constexpr std::int64_t kEmpty = -1;  // a word or register holding no value from the trace

// A value: a source (an element from outside shared memory), or the combination of `parts`
// (with repetition: a value read twice counts twice).
struct ValueNode {
  std::vector<std::uint32_t> parts;
  std::int64_t source = kEmpty;  // index into the sources, for a source node
};

// Replays a block's accesses in the trace's order with one register per thread. A write with no
// shared read since the thread's previous write stores a new source; a write to another word
// stores what it read since; a write to the word it wrote last stores what it kept (in a register,
// or reread if another thread changed the word) plus what it read since.
class ValueGraph {
 public:
  ValueGraph(unsigned words, unsigned word_size)
      : words_(words, kEmpty), versions_(words, 0), word_size_(word_size) {}

  // `changed` (optional) receives each (word, node) the step stores, in order.
  void step(const Step& step, std::size_t step_index, std::vector<ElementSource>& sources,
            std::vector<std::pair<unsigned, std::int64_t>>* changed = nullptr) {
    for (const Access& a : step.accesses) {
      Register& t = registers_[a.thread];
      unsigned first = a.address / word_size_;
      unsigned last = std::min<unsigned>((a.address + a.size - 1) / word_size_,
                                         static_cast<unsigned>(words_.size()) - 1);
      for (unsigned w = first; w <= last; ++w) {
        if (a.kind == AccessKind::Atomic) read(t, w);  // it adds what it read to what it writes
        if (a.kind == AccessKind::Read) {
          read(t, w);
        } else {
          write(t, w, a, step_index, sources);
          if (changed) changed->emplace_back(w, words_[w]);
        }
      }
      if (writes_memory(a.kind)) t.read_since_write = false;
    }
  }

  std::int64_t word(unsigned w) const { return words_.at(w); }
  std::size_t word_count() const { return words_.size(); }
  const std::vector<ValueNode>& nodes() const { return nodes_; }

 private:
  struct Register {
    std::int64_t kept = kEmpty;        // the value it last wrote, still in a register
    std::vector<std::uint32_t> fresh;  // what it read from other words since then
    bool read_since_write = false;
    bool kept_read = false;  // it read back the word it last wrote since then
    bool wrote = false;
    unsigned last_word = 0;
    std::uint64_t last_version = 0;
  };

  void read(Register& t, unsigned w) {
    bool own_word = t.wrote && t.last_word == w;
    // Reading back its own word is a no-op while the word is unchanged; if another thread
    // changed it, the fresh value replaces what the register kept.
    if (own_word && t.last_version != versions_[w]) {
      t.kept = words_[w];
      t.last_version = versions_[w];
      t.kept_read = true;
    } else if (own_word) {
      t.kept_read = true;
    } else if (words_[w] != kEmpty) {
      t.fresh.push_back(static_cast<std::uint32_t>(words_[w]));
    }
    t.read_since_write = true;
  }

  void write(Register& t, unsigned w, const Access& a, std::size_t step_index,
             std::vector<ElementSource>& sources) {
    bool own_word = t.wrote && t.last_word == w;
    ValueNode node;
    if (!t.read_since_write) {  // a value from outside shared memory
      node.source = static_cast<std::int64_t>(sources.size());
      sources.push_back({a.thread, w, step_index, a.line});
    } else {
      // Into its own word the register's value goes on; into another word only if the thread
      // read it back (s[t + B] written last, then s[t] += s[t + B]).
      if ((own_word || t.kept_read) && t.kept != kEmpty)
        node.parts.push_back(static_cast<std::uint32_t>(t.kept));
      node.parts.insert(node.parts.end(), t.fresh.begin(), t.fresh.end());
    }
    t.fresh.clear();
    t.kept_read = false;
    t.kept = static_cast<std::int64_t>(nodes_.size());
    nodes_.push_back(std::move(node));
    words_[w] = t.kept;
    ++versions_[w];
    t.wrote = true;
    t.last_word = w;
    t.last_version = versions_[w];
  }

  std::vector<std::int64_t> words_;
  std::vector<std::uint64_t> versions_;
  std::unordered_map<unsigned, Register> registers_;
  std::vector<ValueNode> nodes_;
  unsigned word_size_;
};

unsigned word_count(const BlockTrace& block) {
  return block.steps.empty() ? 0 : static_cast<unsigned>(block.steps[0].snapshot.size());
}

// How often each node is part of `root`: the number of paths from root to it, saturating.
std::vector<unsigned> paths_from(const std::vector<ValueNode>& nodes, std::int64_t root) {
  std::vector<unsigned> count(nodes.size(), 0);
  if (root == kEmpty) return count;
  count[static_cast<std::size_t>(root)] = 1;
  for (std::size_t i = static_cast<std::size_t>(root) + 1; i-- > 0;) {
    if (count[i] == 0) continue;
    for (std::uint32_t part : nodes[i].parts) {
      unsigned& c = count[part];
      c = count[i] > std::numeric_limits<unsigned>::max() - c ? std::numeric_limits<unsigned>::max()
                                                              : c + count[i];
    }
  }
  return count;
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
  ValueGraph graph(word_count(block), word_size);
  for (std::size_t s = 0; s < block.steps.size(); ++s) graph.step(block.steps[s], s, c.sources);
  c.applicable = true;
  std::vector<unsigned> paths = paths_from(graph.nodes(), graph.word(result_word));
  c.reach.assign(c.sources.size(), 0);
  for (std::size_t n = 0; n < graph.nodes().size(); ++n) {
    std::int64_t source = graph.nodes()[n].source;
    if (source != kEmpty) c.reach[static_cast<std::size_t>(source)] = paths[n];
  }
  for (std::size_t i = 0; i < c.sources.size(); ++i) {
    if (c.reach[i] == 0) c.lost.push_back(i);
    if (c.reach[i] > 1) c.doubled.push_back(i);
  }
  return c;
}

void keep_arrays_in_the_sum(Contributions& c, const std::vector<SharedArray>& arrays) {
  std::vector<const SharedArray*> in_sum;  // arrays some source of which reaches the result
  for (std::size_t i = 0; i < c.sources.size(); ++i)
    if (c.reach[i] > 0) in_sum.push_back(array_holding(arrays, c.sources[i].word));
  const auto outside = [&](std::size_t i) {
    const SharedArray* a = array_holding(arrays, c.sources[i].word);
    return a != nullptr && std::find(in_sum.begin(), in_sum.end(), a) == in_sum.end();
  };
  std::erase_if(c.lost, outside);
  std::erase_if(c.doubled, outside);
}

Contributions contributions_to_word0(const Trace& trace, const BlockTrace& block) {
  Contributions c = contributions(block, trace.word_size, 0);
  keep_arrays_in_the_sum(c, trace.arrays);
  return c;
}

std::vector<std::vector<bool>> words_holding_lost_by_step(const BlockTrace& block,
                                                          unsigned word_size,
                                                          const Contributions& c) {
  std::vector<std::vector<bool>> by_step;
  if (!c.applicable || c.lost.empty()) return by_step;
  std::vector<bool> is_lost(c.sources.size(), false);
  for (std::size_t i : c.lost) is_lost[i] = true;
  ValueGraph graph(word_count(block), word_size);
  std::vector<ElementSource> sources;
  std::vector<std::vector<std::pair<unsigned, std::int64_t>>> changes(block.steps.size());
  for (std::size_t s = 0; s < block.steps.size(); ++s) {
    graph.step(block.steps[s], s, sources, &changes[s]);
  }
  // A node holds a lost element if it is one or is made of one (parts come before the whole).
  std::vector<bool> holds(graph.nodes().size(), false);
  for (std::size_t n = 0; n < holds.size(); ++n) {
    const ValueNode& node = graph.nodes()[n];
    bool lost = node.source != kEmpty && is_lost[static_cast<std::size_t>(node.source)];
    for (std::uint32_t part : node.parts) lost = lost || holds[part];
    holds[n] = lost;
  }
  std::vector<bool> now(graph.word_count(), false);
  for (const auto& step_changes : changes) {
    for (const auto& [word, node] : step_changes) now[word] = node != kEmpty && holds[node];
    by_step.push_back(now);
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
