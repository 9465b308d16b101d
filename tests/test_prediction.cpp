// Predict the next step: learners' marks judged against real emulator traces.
#include <gtest/gtest.h>

#include "catalog/emu/run_variant.h"
#include "model/prediction.h"

namespace stridescope {
namespace {

TraceModel traced(const char* variant, unsigned block, std::uint64_t n = 0) {
  RunRequest r;
  r.variant = variant;
  r.block = block;
  r.n = n == 0 ? block : n;
  return TraceModel(run_on_emulator(r));
}

PredictionMarks perfect(const StepOutcome& o) {
  PredictionMarks m;
  m.words.insert(o.written_words.begin(), o.written_words.end());
  m.threads.insert(o.active_threads.begin(), o.active_threads.end());
  if (o.conflict_degree > 0) m.degree = o.conflict_degree;
  return m;
}

std::vector<unsigned> range(unsigned first, unsigned end, unsigned step = 1) {
  std::vector<unsigned> out;
  for (unsigned i = first; i < end; i += step) out.push_back(i);
  return out;
}

TEST(Prediction, OutcomeOfSequentialBlock16IsTheHalvingTree) {
  TraceModel model = traced("sequential", 16);
  StepOutcome load = step_outcome(model, 0);
  EXPECT_EQ(load.written_words, range(0, 16));
  EXPECT_EQ(load.active_threads, range(0, 16));
  EXPECT_EQ(load.conflict_degree, 1u);
  StepOutcome stride8 = step_outcome(model, 1);  // s[t] += s[t + 8] for t < 8
  EXPECT_EQ(stride8.written_words, range(0, 8));
  EXPECT_EQ(stride8.active_threads, range(0, 8));
}

TEST(Prediction, PerfectMarksScoreFull) {
  TraceModel model = traced("sequential", 16);
  StepJudgement j = judge(step_outcome(model, 1), perfect(step_outcome(model, 1)));
  EXPECT_EQ(j.hits, 16u);
  EXPECT_EQ(j.wrong, 0u);
  EXPECT_EQ(j.missed, 0u);
  EXPECT_TRUE(j.degree_right);
  EXPECT_EQ(j.score, (PredictionScore{17, 17}));
  EXPECT_TRUE(j.score.full());
  for (const JudgedItem& item : j.words) EXPECT_EQ(item.verdict, MarkVerdict::Hit);
}

TEST(Prediction, EmptyMarksHitNothingAndMissEverything) {
  TraceModel model = traced("sequential", 16);
  StepJudgement j = judge(step_outcome(model, 1), PredictionMarks{});
  EXPECT_EQ(j.hits, 0u);
  EXPECT_EQ(j.wrong, 0u);
  EXPECT_EQ(j.missed, 16u);  // 8 words, 8 threads
  EXPECT_FALSE(j.degree_right);
  EXPECT_EQ(j.score, (PredictionScore{0, 17}));
  ASSERT_EQ(j.words.size(), 8u);
  ASSERT_EQ(j.threads.size(), 8u);
  for (const JudgedItem& item : j.words) EXPECT_EQ(item.verdict, MarkVerdict::Missed);
  for (const JudgedItem& item : j.threads) EXPECT_EQ(item.verdict, MarkVerdict::Missed);
}

TEST(Prediction, OneWrongMarkIsCountedAgainstTheStep) {
  TraceModel model = traced("sequential", 16);
  StepOutcome o = step_outcome(model, 1);
  PredictionMarks m = perfect(o);
  m.words.insert(12);  // stride 8 writes s[0..7] only
  m.threads.erase(3);  // and forgets a thread
  StepJudgement j = judge(o, m);
  EXPECT_EQ(j.hits, 15u);
  EXPECT_EQ(j.wrong, 1u);
  EXPECT_EQ(j.missed, 1u);
  EXPECT_EQ(j.score, (PredictionScore{16, 18}));
  EXPECT_FALSE(j.score.full());
  EXPECT_EQ(j.words.back(), (JudgedItem{12, MarkVerdict::Wrong}));
  EXPECT_EQ(j.threads[3], (JudgedItem{3, MarkVerdict::Missed}));
}

TEST(Prediction, ConflictDegreeRightOrWrong) {
  // Interleaved-strided, block 64 int: at stride 1 thread t writes s[2t], two words per bank.
  TraceModel model = traced("interleaved-strided", 64);
  StepOutcome o = step_outcome(model, 1);
  EXPECT_EQ(o.written_words, range(0, 64, 2));
  EXPECT_EQ(o.active_threads, range(0, 32));
  ASSERT_EQ(o.conflict_degree, 2u);
  PredictionMarks m = perfect(o);
  StepJudgement right = judge(o, m);
  EXPECT_TRUE(right.degree_scored);
  EXPECT_TRUE(right.degree_right);
  EXPECT_TRUE(right.score.full());
  m.degree = 1;  // "conflict-free": wrong
  StepJudgement wrong = judge(o, m);
  EXPECT_FALSE(wrong.degree_right);
  EXPECT_EQ(wrong.score.points + 1, wrong.score.out_of);
  m.degree.reset();  // not picked: the point is lost too
  EXPECT_EQ(judge(o, m).score, wrong.score);
}

TEST(Prediction, RunScoreAddsTheRevealedSteps) {
  TraceModel model = traced("sequential", 16);
  RunScore run;
  EXPECT_TRUE(run.add(1, judge(step_outcome(model, 1), perfect(step_outcome(model, 1)))));  // 17/17
  EXPECT_TRUE(run.add(2, judge(step_outcome(model, 2), PredictionMarks{})));  // 0/(4+4+1)
  EXPECT_EQ(run.total(), (PredictionScore{17, 26}));
  EXPECT_EQ(run.steps(), 2u);
  // A second try at step 2, after stepping back, perfect this time: the run keeps the first.
  EXPECT_FALSE(run.add(2, judge(step_outcome(model, 2), perfect(step_outcome(model, 2)))));
  EXPECT_EQ(run.total(), (PredictionScore{17, 26}));
  EXPECT_EQ(run.steps(), 2u);
  run.reset();
  EXPECT_EQ(run.total(), (PredictionScore{}));
}

// Every variant of the catalog, every step (steps without writes, shuffle rounds, exits): the
// true outcome, marked, scores full; unmarked, it scores nothing.
TEST(Prediction, PerfectMarksScoreFullForEveryVariantAndStep) {
  for (const VariantInfo& v : variant_catalog()) {
    unsigned block = v.launch.any_block_size ? 96 : std::max(64u, v.launch.min_block);
    TraceModel model = traced(std::string(v.id).c_str(), block, 2 * std::uint64_t{block});
    RunScore run;
    for (std::size_t s = 0; s < model.step_count(); ++s) {
      StepOutcome o = step_outcome(model, s);
      StepJudgement j = judge(o, perfect(o));
      EXPECT_TRUE(j.score.full()) << v.id << " step " << s;
      EXPECT_EQ(j.hits, o.written_words.size() + o.active_threads.size()) << v.id << " " << s;
      EXPECT_EQ(judge(o, PredictionMarks{}).score.points, 0u) << v.id << " step " << s;
      run.add(s, j);
    }
    EXPECT_TRUE(run.total().full()) << v.id;
    EXPECT_GT(run.total().out_of, 0u) << v.id;
  }
}

}  // namespace
}  // namespace stridescope
