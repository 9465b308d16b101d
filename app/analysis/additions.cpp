// Additions analysis: reads followed by a write of one of the words read.
#include "analysis/additions.h"

#include <algorithm>
#include <map>
#include <optional>

namespace stridescope {

std::vector<Addition> additions(const Step& step, unsigned word_size) {
  std::map<unsigned, std::vector<unsigned>> reads_since_write;  // by thread
  std::map<unsigned, unsigned> last_written;                    // by thread, in this step
  std::vector<Addition> result;
  for (const Access& access : step.accesses) {
    unsigned word = access.address / word_size;
    std::vector<unsigned>& reads = reads_since_write[access.thread];
    if (access.kind == AccessKind::Read) {
      reads.push_back(word);
      continue;
    }
    // The target was read since, or it is the word this thread wrote last: a register that keeps
    // accumulating (v += s[k]; s[t] = v; v += s[j]; s[t] = v).
    auto last = last_written.find(access.thread);
    bool accumulating = last != last_written.end() && last->second == word && !reads.empty();
    bool read_target = std::find(reads.begin(), reads.end(), word) != reads.end() || accumulating;
    last_written[access.thread] = word;
    if (read_target) {
      for (unsigned source : reads) {
        if (source != word) result.push_back({access.thread, source, word});
      }
    }
    reads.clear();
  }
  return result;
}

WorkDepth work_and_depth(const BlockTrace& block, unsigned word_size) {
  WorkDepth result;
  for (const Step& step : block.steps) {
    std::vector<Addition> adds = additions(step, word_size);
    auto count = static_cast<unsigned>(adds.size());
    result.additions += count;
    if (count > 0) ++result.reduction_steps;
    std::map<unsigned, unsigned> by_thread;
    unsigned longest = 0;
    for (const Addition& a : adds) longest = std::max(longest, ++by_thread[a.thread]);
    result.depth += longest;
    if (step.kind == StepKind::Barrier) ++result.barrier_steps;
  }
  return result;
}

unsigned additions_through(const BlockTrace& block, std::size_t step_index, unsigned word_size) {
  unsigned total = 0;
  for (std::size_t i = 0; i <= step_index && i < block.steps.size(); ++i) {
    total += static_cast<unsigned>(additions(block.steps[i], word_size).size());
  }
  return total;
}

std::string step_label(const Step& step, unsigned word_size) {
  std::vector<Addition> adds = additions(step, word_size);
  if (!adds.empty()) {
    std::optional<long> stride;
    for (const Addition& a : adds) {
      long d = static_cast<long>(a.source_word) - static_cast<long>(a.target_word);
      if (stride && *stride != d) return "additions";
      stride = d;
    }
    return "stride = " + std::to_string(*stride);
  }
  bool reads = false, writes = false, own_word = true, only_first_word = true;
  for (const Access& a : step.accesses) {
    (a.kind == AccessKind::Read ? reads : writes) = true;
    if (a.address / word_size != a.thread) own_word = false;
    if (a.thread != 0 || a.address != 0) only_first_word = false;
  }
  if (writes && !reads) return own_word ? "load" : "store";
  if (reads && !writes)
    return only_first_word && step.kind == StepKind::Exit ? "write block sum" : "read";
  if (reads && writes) return "read + write";
  return "no shared-memory work";
}

}  // namespace stridescope
