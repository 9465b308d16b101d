// Additions analysis: reads followed by a write of one of the words read.
#include "analysis/additions.h"

#include <algorithm>
#include <map>

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
    result.step_additions.push_back(count);
    if (count > 0) ++result.reduction_steps;
    std::map<unsigned, unsigned> by_thread;
    unsigned longest = 0;
    for (const Addition& a : adds) longest = std::max(longest, ++by_thread[a.thread]);
    result.depth += longest;
    if (step.kind == StepKind::Barrier) ++result.barrier_steps;
  }
  return result;
}

}  // namespace stridescope
