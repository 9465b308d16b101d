// Predict the next step (the quiz): what a step really did (words written, threads active, worst
// bank-conflict degree), a learner's marks judged against it, and the score of a run. Pure.
#pragma once

#include <cstddef>
#include <optional>
#include <set>
#include <vector>

#include "model/trace_model.h"

namespace stridescope {

// What step `s` of block 0 did, in the terms a learner predicts.
struct StepOutcome {
  std::vector<unsigned> written_words;   // sorted, each once
  std::vector<unsigned> active_threads;  // sorted: threads that touched shared memory or shuffled
  unsigned conflict_degree = 0;  // worst over the warps; 1: conflict-free, 0: no shared access
};

StepOutcome step_outcome(const TraceModel& model, std::size_t step);

// A learner's marks for one step.
struct PredictionMarks {
  std::set<unsigned> words;
  std::set<unsigned> threads;
  std::optional<unsigned> degree;  // none: not picked
  bool empty() const { return words.empty() && threads.empty() && !degree; }
};

enum class MarkVerdict {
  Hit,     // marked, and it happened
  Wrong,   // marked, but it did not happen
  Missed,  // it happened, unmarked
};

struct JudgedItem {
  unsigned index = 0;  // word or thread
  MarkVerdict verdict = MarkVerdict::Hit;
  bool operator==(const JudgedItem&) const = default;
};

// Points out of the items that count: one per hit, wrong mark and missed item, and the degree
// where the step accessed shared memory (a point when picked right).
struct PredictionScore {
  unsigned points = 0;
  unsigned out_of = 0;
  bool full() const { return points == out_of; }
  bool operator==(const PredictionScore&) const = default;
};

struct StepJudgement {
  std::vector<JudgedItem> words;    // by index: every marked or written word
  std::vector<JudgedItem> threads;  // by index: every marked or active thread
  bool degree_scored = false;       // the step accessed shared memory
  std::optional<unsigned> degree_marked;
  unsigned degree_actual = 0;
  bool degree_right = false;
  unsigned hits = 0, wrong = 0, missed = 0;  // words and threads together
  PredictionScore score;
};

StepJudgement judge(const StepOutcome& outcome, const PredictionMarks& marks);

// The score of a run: each revealed step's points, summed, from its first reveal (a second try at
// a step, after stepping back, does not change the run's score).
class RunScore {
 public:
  // False (and nothing added) when step `step` was scored before.
  bool add(std::size_t step, const StepJudgement& judgement);
  void reset() { *this = RunScore{}; }
  const PredictionScore& total() const { return total_; }
  std::size_t steps() const { return scored_.size(); }

 private:
  PredictionScore total_;
  std::set<std::size_t> scored_;
};

}  // namespace stridescope
