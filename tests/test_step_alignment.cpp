// The step lock of a compare: round k of each run together, phase by phase; shorter runs wait or
// show "finished".
#include <gtest/gtest.h>

#include "catalog/emu/run_variant.h"
#include "model/step_alignment.h"
#include "model/trace_model.h"

namespace stridescope {
namespace {

StepLabel load() {
  return {StepLabelKind::Load, 0};
}
StepLabel stride(long s) {
  return {StepLabelKind::Stride, s};
}
StepLabel sum() {
  return {StepLabelKind::WriteBlockSum, 0};
}

using Note = AlignedStep::Note;

TEST(StepAlignment, SameShapeIsStepByStep) {
  AlignedRows rows =
      align_steps({{load(), stride(1), stride(2), sum()}, {load(), stride(2), stride(1), sum()}});
  ASSERT_EQ(rows.size(), 4u);
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(rows[k][0].step, k);
    EXPECT_EQ(rows[k][1].step, k);
    EXPECT_EQ(rows[k][0].note, Note::None);
    EXPECT_EQ(rows[k][1].note, Note::None);
  }
}

TEST(StepAlignment, FewerRoundsWaitThenSumTogether) {
  // Run 1 has two rounds where run 0 has three: it holds its last round, then both write the sum.
  AlignedRows rows = align_steps(
      {{load(), stride(1), stride(2), stride(4), sum()}, {load(), stride(2), stride(1), sum()}});
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[3][0].step, 3u);
  EXPECT_EQ(rows[3][1].step, 2u);
  EXPECT_EQ(rows[3][1].note, Note::Waiting);
  EXPECT_EQ(rows[4][0].step, 4u);
  EXPECT_EQ(rows[4][1].step, 3u);
  EXPECT_EQ(rows[4][1].note, Note::None);
}

TEST(StepAlignment, ARunThatEndedShowsItsLastStepFinished) {
  // Run 1 has no block-sum step: past its last round it is finished.
  AlignedRows rows =
      align_steps({{load(), stride(1), stride(2), sum()}, {load(), stride(1), stride(2)}});
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[3][1].step, 2u);
  EXPECT_EQ(rows[3][1].note, Note::Finished);
  EXPECT_EQ(rows[3][0].note, Note::None);
}

TEST(StepAlignment, ARunWithoutRoundsHasEveryStepInTheFirstPhase) {
  // Run 1 reads after its load and has no rounds: both its steps are in the first phase, so run 0
  // waits at its load for it; then run 1 is finished while run 0 adds and writes its sum.
  AlignedRows rows = align_steps({{load(), stride(1), sum()}, {load(), {StepLabelKind::Read, 0}}});
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[1][0].step, 0u);
  EXPECT_EQ(rows[1][0].note, Note::Waiting);
  EXPECT_EQ(rows[1][1].step, 1u);
  EXPECT_EQ(rows[1][1].note, Note::None);
  for (std::size_t k = 2; k < 4; ++k) {
    EXPECT_EQ(rows[k][0].step, k - 1);
    EXPECT_EQ(rows[k][1].step, 1u);
    EXPECT_EQ(rows[k][1].note, Note::Finished);
  }
}

TEST(StepAlignment, HarrisKernelsOneToThreeAtBlock64) {
  std::vector<std::vector<StepLabel>> labels;
  for (const char* variant : {"interleaved-divergent", "interleaved-strided", "sequential"}) {
    RunRequest r;
    r.variant = variant;
    r.block = 64;
    r.n = 64;
    labels.push_back(TraceModel(run_on_emulator(r)).step_labels());
  }
  AlignedRows rows = align_steps(labels);
  ASSERT_EQ(rows.size(), labels[0].size());
  // Row 3: kernels 1 and 2 at stride 4 (the same stride), kernel 3 at its third round, stride 8.
  EXPECT_EQ(labels[0][rows[3][0].step].text(), "stride = 4");
  EXPECT_EQ(labels[1][rows[3][1].step].text(), "stride = 4");
  EXPECT_EQ(labels[2][rows[3][2].step].text(), "stride = 8");
}

}  // namespace
}  // namespace stridescope
