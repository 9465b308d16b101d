// Predict the next step: a step's outcome from its accesses and facts, marks judged against it.
#include "model/prediction.h"

#include <algorithm>

#include "trace/word_types.h"

namespace stridescope {
namespace {

// Every item marked or true, judged; counts the hits, wrong marks and misses.
std::vector<JudgedItem> judge_items(const std::vector<unsigned>& truth,
                                    const std::set<unsigned>& marked, StepJudgement& j) {
  std::vector<JudgedItem> items;
  auto t = truth.begin();
  auto m = marked.begin();
  while (t != truth.end() || m != marked.end()) {
    if (m == marked.end() || (t != truth.end() && *t < *m)) {
      items.push_back({*t++, MarkVerdict::Missed});
      ++j.missed;
    } else if (t == truth.end() || *m < *t) {
      items.push_back({*m++, MarkVerdict::Wrong});
      ++j.wrong;
    } else {
      items.push_back({*t, MarkVerdict::Hit});
      ++t;
      ++m;
      ++j.hits;
    }
  }
  return items;
}

}  // namespace

StepOutcome step_outcome(const TraceModel& model, std::size_t step) {
  const Trace& trace = model.trace();
  const unsigned word_size = std::max(1u, trace.word_size);
  StepOutcome out;
  std::vector<bool> written(trace.shared_words, false);
  for (const Access& a : model.step(step).accesses) {
    if (!writes_memory(a.kind)) continue;
    unsigned first = a.address / word_size;
    unsigned end = (a.address + std::max(a.size, 1u) + word_size - 1) / word_size;
    for (unsigned w = first; w < end && w < written.size(); ++w) written[w] = true;
  }
  for (unsigned w = 0; w < written.size(); ++w) {
    // A double among 4-byte arrays is one mark, on its low half (the canvas's box is one).
    if (written[w] && !is_high_half(trace, w)) out.written_words.push_back(w);
  }
  StepFacts facts = model.facts(step);
  for (unsigned t = 0; t < facts.activity.thread_active.size(); ++t) {
    if (facts.activity.thread_active[t]) out.active_threads.push_back(t);
  }
  out.conflict_degree = facts.worst_conflict_degree;
  return out;
}

StepJudgement judge(const StepOutcome& outcome, const PredictionMarks& marks) {
  StepJudgement j;
  j.words = judge_items(outcome.written_words, marks.words, j);
  j.threads = judge_items(outcome.active_threads, marks.threads, j);
  j.degree_marked = marks.degree;
  j.degree_actual = outcome.conflict_degree;
  j.degree_scored = outcome.conflict_degree > 0;
  j.degree_right = j.degree_scored && marks.degree == outcome.conflict_degree;
  j.score.points = j.hits + (j.degree_right ? 1 : 0);
  j.score.out_of = j.hits + j.wrong + j.missed + (j.degree_scored ? 1 : 0);
  return j;
}

bool RunScore::add(std::size_t step, const StepJudgement& judgement) {
  if (!scored_.insert(step).second) return false;
  total_.points += judgement.score.points;
  total_.out_of += judgement.score.out_of;
  return true;
}

}  // namespace stridescope
