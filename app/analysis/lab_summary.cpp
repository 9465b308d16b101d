// The hazard lab's per-run summary, from the trace's first block.
#include "analysis/lab_summary.h"

#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "analysis/intervals.h"
#include "analysis/shuffles.h"
#include "core/format.h"

namespace stridescope {

bool HazardLines::operator<(const HazardLines& o) const {
  return std::tie(kind, first_line, second_line) < std::tie(o.kind, o.first_line, o.second_line);
}

namespace {

// The words of a step that threads of more than one warp touched: a race on such a word is not
// one warp's alone (hazards() names one pair per word and kind, which may be two lanes of a warp).
std::unordered_set<std::uint32_t> words_of_several_warps(const Step& step, unsigned word_size) {
  std::unordered_map<std::uint32_t, std::uint32_t> warp_of;
  std::unordered_set<std::uint32_t> several;
  for (const Access& a : step.accesses) {
    for (std::uint32_t w = a.address / word_size; w * word_size < a.address + a.size; ++w) {
      auto [at, fresh] = warp_of.try_emplace(w, a.thread / 32);
      if (!fresh && at->second != a.thread / 32) several.insert(w);
    }
  }
  return several;
}

}  // namespace

LabSummary lab_summary(const Trace& trace, bool result_in_word0) {
  LabSummary summary;
  const BlockTrace& block = trace.blocks.at(0);
  std::map<std::tuple<HazardKind, int, int>, std::size_t> by_lines;
  for (const BarrierInterval& in : barrier_intervals(block.steps)) {
    const std::unordered_set<std::uint32_t> shared_by_warps =
        words_of_several_warps(in.merged, trace.word_size);
    for (const Hazard& h : hazards(in.merged, trace.word_size)) {
      ++summary.hazards;
      if (h.kind != HazardKind::WriteAfterWrite && !shared_by_warps.contains(h.word))
        ++summary.warp_lane_hazards;
      ++by_lines[{h.kind, h.first.line, h.second.line}];
    }
  }
  for (const auto& [key, count] : by_lines) {
    summary.hazard_lines.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), count});
  }
  if (trace.divergence) {
    for (const BarrierWaiters& w : trace.divergence->waiting) {
      summary.divergent_barriers += w.warp_barrier ? 0 : 1;
    }
    if (summary.divergent_barriers == 0) summary.divergent_barriers = 1;  // a warp barrier
  }
  if (result_in_word0) {
    summary.contributions = contributions_to_word0(trace, block);
  } else if (has_shuffles(block)) {
    summary.contributions.why_not =
        "the block's sum ends in a register (shuffles), not in shared memory";
  }  // else no sum at all (a transpose, a histogram): lost elements mean nothing, none is said
  summary.uninitialized = uninitialized_reads(block);
  return summary;
}

std::string lab_race_note(const LabSummary& s) {
  if (!s.timing_dependent()) return "";
  const std::string order =
      "The racing accesses ran in one order the emulator chose; on a GPU the order, and so the "
      "result, depends on timing: this is one possible outcome.";
  if (!s.warp_synchronous()) return order;
  return "In this run every race is between lanes of one warp, with no __syncwarp() between the "
         "accesses. Such code can only be right where a warp's lanes run in lockstep, as they did "
         "before Volta (the tail of Harris's kernel 5 relied on it); since Volta they may run "
         "apart, so the result is undefined. Where only one warp can reach these lines, a "
         "__syncwarp() between a lane's read and its write (or __shfl_down_sync()) orders its "
         "lanes; where more warps can (a larger block), they need __syncthreads(). " +
         order;
}

std::string lab_clean_line(const LabSummary& s) {
  std::string line = "no races, no divergent barrier, no uninitialized read";
  if (s.contributions.applicable) return line + ", nothing lost";
  if (s.contributions.why_not.empty()) return line;  // not a sum: nothing to lose
  return line + " (lost elements are not traced: " + s.contributions.why_not + ")";
}

std::string lab_summary_line(const LabSummary& s) {
  const auto& count = count_text;
  std::string line = count(s.hazards, "hazard", "hazards") + ", " +
                     count(s.divergent_barriers, "divergent barrier", "divergent barriers") + ", ";
  if (s.contributions.applicable) {
    line += count(s.contributions.lost.size(), "element lost", "elements lost");
    if (!s.contributions.doubled.empty()) {
      line += ", " + count(s.contributions.doubled.size(), "element counted twice or more",
                           "elements counted twice or more");
    }
  } else if (!s.contributions.why_not.empty()) {
    line += "lost elements not traced";
  }
  if (line.ends_with(", ")) line.resize(line.size() - 2);  // not a sum: no lost-elements clause
  line += ", " + count(s.uninitialized.size(), "uninitialized read", "uninitialized reads");
  return line;
}

}  // namespace stridescope
