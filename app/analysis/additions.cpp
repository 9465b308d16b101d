// Additions analysis: reads followed by a write of one of the words read.
#include "analysis/additions.h"

#include <set>

#include <algorithm>
#include <cstdint>
#include <map>

#include "analysis/intervals.h"

namespace stridescope {

std::vector<Addition> additions(const Step& step, unsigned word_size) {
  // Each thread's accesses in its own order (a counting sort by thread keeps the trace's order
  // within a thread), then one pass per thread with one reusable list of words read.
  std::uint32_t threads = 0;
  for (const Access& a : step.accesses) threads = std::max(threads, a.thread + 1);
  std::vector<std::uint32_t> start(threads + 1, 0), by_thread(step.accesses.size());
  for (const Access& a : step.accesses) ++start[a.thread + 1];
  for (std::uint32_t t = 0; t < threads; ++t) start[t + 1] += start[t];
  std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
  for (std::uint32_t i = 0; i < step.accesses.size(); ++i)
    by_thread[next[step.accesses[i].thread]++] = i;
  std::vector<std::pair<std::uint32_t, Addition>> found;  // by the index of the write
  std::vector<unsigned> reads;
  for (std::uint32_t t = 0; t < threads; ++t) {
    reads.clear();
    bool wrote = false;
    unsigned last_written = 0;
    for (std::uint32_t k = start[t]; k < start[t + 1]; ++k) {
      const Access& access = step.accesses[by_thread[k]];
      unsigned word = access.address / word_size;
      if (access.kind == AccessKind::Read) {
        reads.push_back(word);
        continue;
      }
      // The target was read since, or it is the word this thread wrote last: a register that
      // keeps accumulating (v += s[k]; s[t] = v; v += s[j]; s[t] = v).
      bool accumulating = wrote && last_written == word && !reads.empty();
      bool read_target = std::find(reads.begin(), reads.end(), word) != reads.end() || accumulating;
      wrote = true;
      last_written = word;
      if (read_target) {
        for (unsigned source : reads) {
          if (source != word) {
            found.push_back({by_thread[k], {access.thread, source, word, by_thread[k]}});
          }
        }
      }
      reads.clear();
    }
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Addition> result;
  result.reserve(found.size());
  for (const auto& entry : found) result.push_back(entry.second);
  return result;
}

WorkDepth work_and_depth(const BlockTrace& block, unsigned word_size) {
  WorkDepth result;
  result.step_additions.assign(block.steps.size(), 0);
  for (const BarrierInterval& in : barrier_intervals(block.steps)) {
    std::vector<Addition> adds = additions(in.merged, word_size);
    auto count = static_cast<unsigned>(adds.size());
    result.additions += count;
    if (count > 0) ++result.reduction_steps;
    std::map<unsigned, unsigned> by_thread;
    unsigned longest = 0;
    for (const Addition& a : adds) {
      longest = std::max(longest, ++by_thread[a.thread]);
      ++result.step_additions[in.access_step[a.write]];
    }
    result.depth += longest;
    if (in.merged.kind == StepKind::Barrier) ++result.barrier_steps;
  }
  result.atomics = atomic_accesses(block);
  return result;
}

std::size_t atomic_accesses(const BlockTrace& block) {
  std::size_t n = 0;
  for (const Step& step : block.steps)
    for (const Access& a : step.accesses) n += a.kind == AccessKind::Atomic ? 1 : 0;
  return n;
}

bool thread0_reads_its_result_elsewhere(const BlockTrace& block, unsigned word_size,
                                        const std::vector<SharedArray>& arrays) {
  if (block.steps.empty() || arrays.empty()) return false;
  const SharedArray* word0 = array_holding(arrays, 0);
  std::set<unsigned> sums;  // words something was added into: another reduction's results
  for (const Step& step : block.steps)
    for (const Addition& a : additions(step, word_size)) sums.insert(a.target_word);
  bool elsewhere = false;
  for (const Access& a : block.steps.back().accesses) {
    if (a.thread != 0) continue;
    const unsigned word = a.address / word_size;
    if (word == 0) return false;  // read or written: word 0 takes part (a register's last add)
    const SharedArray* array = array_holding(arrays, word);
    elsewhere = elsewhere || (a.kind == AccessKind::Read && sums.count(word) != 0 &&
                              array != nullptr && array != word0);
  }
  return elsewhere;
}

}  // namespace stridescope
