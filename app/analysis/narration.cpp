// Narration: describes a step's additions, idle and divergent warps, and bank conflicts.
#include "analysis/narration.h"

#include <cctype>
#include <cmath>
#include <set>

#include "analysis/activity.h"
#include "analysis/additions.h"
#include "analysis/bank_conflicts.h"
#include "analysis/hazards.h"
#include "analysis/step_facts.h"
#include "core/format.h"

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

// "Stride 8: threads 0–7 add s[t+8] into s[t]", or with max/min "keep the larger of ...".
std::string describe_additions(const Trace& trace, const std::vector<Addition>& adds,
                               const std::vector<unsigned>& active) {
  long stride = static_cast<long>(adds.front().source_word) - adds.front().target_word;
  std::string target = target_expression(adds, 0);
  std::string source = target_expression(adds, stride);
  bool one = active.size() == 1;
  std::string text = "Stride " + std::to_string(stride) + (one ? ": thread " : ": threads ") +
                     format_ranges(active);
  Operator op = trace.run.op;
  bool keeps = compares(op);
  std::string keep = op == Operator::Max ? "larger" : "smaller";
  if (target.empty()) {
    text += keeps ? std::string(one ? " keeps" : " each keep") + " the " + keep +
                        " of its own word and the one " + std::to_string(stride) + " to the right"
                  : std::string(one ? " adds" : " each add") + " a word " + std::to_string(stride) +
                        " to the right into its own";
  } else if (keeps) {
    text += std::string(one ? " keeps" : " keep") + " the " + keep + " of " + target + " and " +
            source + " in " + target;
  } else {
    text += (one ? " adds " : " add ") + source + " into " + target;
  }
  return text;
}

// "; warps 1–3 diverge (...); warps 4–7 idle; up to 8-way bank conflicts in warps 0–1".
std::string describe_warps(const StepFacts& f) {
  std::vector<unsigned> idle_warps, divergent_warps, conflicted_warps;
  for (const WarpActivity& w : f.activity.warps) {
    if (w.state == WarpState::Idle) idle_warps.push_back(w.warp);
    if (w.state == WarpState::Divergent) divergent_warps.push_back(w.warp);
  }
  std::string text;
  if (!divergent_warps.empty()) {
    text += "; warp" + std::string(divergent_warps.size() > 1 ? "s " : " ") +
            format_ranges(divergent_warps) +
            (divergent_warps.size() > 1 ? " diverge" : " diverges");
    if (divergent_warps.size() == 1) {
      const WarpActivity& w = f.activity.warps[divergent_warps[0]];
      text += " (" + std::to_string(w.active) + " of " + std::to_string(w.lanes) + " lanes work)";
    }
  }
  if (!idle_warps.empty()) {
    text += "; warp" + std::string(idle_warps.size() > 1 ? "s " : " ") + format_ranges(idle_warps) +
            " idle";
  }
  for (unsigned w = 0; w < f.conflicts.warp_degree.size(); ++w) {
    if (f.conflicts.warp_degree[w] > 1) conflicted_warps.push_back(w);
  }
  if (!conflicted_warps.empty()) {
    text += "; up to " + std::to_string(f.worst_conflict_degree) + "-way bank conflicts in warp" +
            (conflicted_warps.size() > 1 ? "s " : " ") + format_ranges(conflicted_warps);
  }
  return text;
}

}  // namespace

std::string narrate(const Trace& trace, const BlockTrace& block, const Step& step,
                    const StepFacts& f) {
  if (step.kind == StepKind::Exit && f.label.kind == StepLabelKind::WriteBlockSum) {
    return "Thread 0 writes s[0] = " + value_text(block.partial) + ", the block's " +
           std::string(name_of(trace.run.op)) + ", to global memory.";
  }
  std::vector<unsigned> active;
  for (unsigned t = 0; t < f.activity.thread_active.size(); ++t) {
    if (f.activity.thread_active[t]) active.push_back(t);
  }
  std::string text;
  if (!f.additions.empty()) {
    text = describe_additions(trace, f.additions, active);
  } else if (f.label.kind == StepLabelKind::Load) {
    text = "Load: threads " + format_ranges(active) + " each store their loaded value in s[t]";
  } else {
    text = describe_accesses(step, trace.word_size);
  }
  text += describe_warps(f);
  if (!f.hazards.empty()) {
    const Hazard& h = f.hazards.front();
    text += "; RACE: " + hazard_name(h.kind) + " on s[" + std::to_string(h.word) +
            "] between threads " + std::to_string(h.first.thread) + " and " +
            std::to_string(h.second.thread);
    if (f.hazards.size() > 1) text += " (and " + std::to_string(f.hazards.size() - 1) + " more)";
  }
  return text + ".";
}

}  // namespace stridescope
