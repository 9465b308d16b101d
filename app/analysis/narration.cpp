// Narration: describes a step's additions, idle and divergent warps, and bank conflicts.
#include "analysis/narration.h"

#include <cctype>
#include <cmath>
#include <set>
#include <sstream>

#include "analysis/activity.h"
#include "analysis/additions.h"
#include "analysis/bank_conflicts.h"
#include "analysis/hazards.h"
#include "core/ranges.h"

namespace stridescope {
namespace {

// "s[t]", "s[4t]" or "s[target]" when the target is no multiple of the thread index.
std::string target_expression(const std::vector<Addition>& adds, long offset) {
  long factor = -1;
  for (const Addition& a : adds) {
    if (a.thread == 0) continue;
    if (a.target_word % a.thread != 0) return "";
    long f = a.target_word / a.thread;
    if (factor != -1 && factor != f) return "";
    factor = f;
  }
  if (factor == -1) factor = 1;
  std::string index = factor == 1 ? "t" : std::to_string(factor) + "t";
  if (offset != 0) index += "+" + std::to_string(offset);
  return "s[" + index + "]";
}

std::string value_text(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

// "Threads 0, 32 write s[0–1]; threads 0–1 read s[0–1]" for steps that are no tree level.
std::string describe_accesses(const Step& step, unsigned word_size) {
  std::string text;
  for (AccessKind kind : {AccessKind::Write, AccessKind::Read}) {
    std::set<unsigned> threads, words;
    for (const Access& a : step.accesses) {
      if (a.kind != kind) continue;
      threads.insert(a.thread);
      words.insert(a.address / word_size);
    }
    if (threads.empty()) continue;
    std::string who = threads.size() == 1 ? "thread " : "threads ";
    std::string verb = kind == AccessKind::Write ? (threads.size() == 1 ? " writes " : " write ")
                                                 : (threads.size() == 1 ? " reads " : " read ");
    if (!text.empty()) text += "; ";
    text += who + format_ranges({threads.begin(), threads.end()}) + verb + "s[" +
            format_ranges({words.begin(), words.end()}) + "]";
    if (kind == AccessKind::Read && words.size() == 1 && threads.size() > 1)
      text += " (one word: a broadcast)";
  }
  if (text.empty()) return "No thread touches shared memory";
  text[0] = static_cast<char>(std::toupper(text[0]));
  return text;
}

}  // namespace

std::string narrate(const Trace& trace, std::size_t block_index, std::size_t step_index) {
  const BlockTrace& block = trace.blocks.at(block_index);
  const Step& step = block.steps.at(step_index);
  unsigned block_size = trace.run.block_size;
  StepActivity act = activity(step, block_size);
  std::vector<Addition> adds = additions(step, trace.word_size);
  std::vector<unsigned> active, idle_warps, divergent_warps;
  for (unsigned t = 0; t < block_size; ++t) {
    if (act.thread_active[t]) active.push_back(t);
  }
  for (const WarpActivity& w : act.warps) {
    if (w.state == WarpState::Idle) idle_warps.push_back(w.warp);
    if (w.state == WarpState::Divergent) divergent_warps.push_back(w.warp);
  }
  std::string text;
  if (step.kind == StepKind::Exit && step.label == "write block sum") {
    text = "Thread 0 writes s[0] = " + value_text(block.partial) + ", the block's " +
           std::string(name_of(trace.run.op)) + ", to global memory.";
    return text;
  }
  if (!adds.empty()) {
    long stride = static_cast<long>(adds.front().source_word) - adds.front().target_word;
    std::string target = target_expression(adds, 0);
    std::string source = target_expression(adds, stride);
    bool one = active.size() == 1;
    text = "Stride " + std::to_string(stride) + (one ? ": thread " : ": threads ") +
           format_ranges(active);
    Operator op = trace.run.op;
    bool keeps = compares(op);
    std::string keep = op == Operator::Max ? "larger" : "smaller";
    if (target.empty()) {
      text += keeps ? std::string(one ? " keeps" : " each keep") + " the " + keep +
                          " of its own word and the one " + std::to_string(stride) + " to the right"
                    : std::string(one ? " adds" : " each add") + " a word " +
                          std::to_string(stride) + " to the right into its own";
    } else if (keeps) {
      text += std::string(one ? " keeps" : " keep") + " the " + keep + " of " + target + " and " +
              source + " in " + target;
    } else {
      text += (one ? " adds " : " add ") + source + " into " + target;
    }
  } else if (step_label(step, trace.word_size) == "load") {
    text = "Load: threads " + format_ranges(active) + " each store their loaded value in s[t]";
  } else {
    text = describe_accesses(step, trace.word_size);
  }
  if (!divergent_warps.empty()) {
    text += "; warp" + std::string(divergent_warps.size() > 1 ? "s " : " ") +
            format_ranges(divergent_warps) +
            (divergent_warps.size() > 1 ? " diverge" : " diverges");
    if (divergent_warps.size() == 1) {
      const WarpActivity& w = act.warps[divergent_warps[0]];
      text += " (" + std::to_string(w.active) + " of " + std::to_string(w.lanes) + " lanes work)";
    }
  }
  if (!idle_warps.empty()) {
    text += "; warp" + std::string(idle_warps.size() > 1 ? "s " : " ") + format_ranges(idle_warps) +
            " idle";
  }
  StepConflicts conflicts = bank_conflicts(step, block_size);
  unsigned worst = 0;
  std::vector<unsigned> conflicted_warps;
  for (unsigned w = 0; w < conflicts.warp_degree.size(); ++w) {
    if (conflicts.warp_degree[w] > 1) conflicted_warps.push_back(w);
    worst = std::max(worst, conflicts.warp_degree[w]);
  }
  if (!conflicted_warps.empty()) {
    text += "; up to " + std::to_string(worst) + "-way bank conflicts in warp" +
            (conflicted_warps.size() > 1 ? "s " : " ") + format_ranges(conflicted_warps);
  }
  std::vector<Hazard> races = hazards(step, trace.word_size);
  if (!races.empty()) {
    const Hazard& h = races.front();
    text += "; RACE: " + hazard_name(h.kind) + " on s[" + std::to_string(h.word) +
            "] between threads " + std::to_string(h.first.thread) + " and " +
            std::to_string(h.second.thread);
    if (races.size() > 1) text += " (and " + std::to_string(races.size() - 1) + " more)";
  }
  return text + ".";
}

}  // namespace stridescope
