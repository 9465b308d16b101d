// Lessons: every step runs a catalog variant, Harris's ladder is kernels 1..7 in order, the H100
// figures come from the recorded asset (bytes read / median time), the keys turn the pages at the
// ends of a trace, and the CUDA by Example preset sums to the value the book prints.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "catalog/emu/run_variant.h"
#include "model/lessons.h"
#include "registry.h"

namespace stridescope {
namespace {

const BenchReport& recorded() {
  static const BenchReport report = load_bench(recorded_bench_files().front());
  return report;
}

TEST(Lessons, EveryStepRunsAVariantOfTheCatalogWithSettingsItTakes) {
  for (LessonId id : {LessonId::HarrisLadder, LessonId::CudaByExample5}) {
    const LessonPlan& lesson = lesson_of(id);
    ASSERT_FALSE(lesson.steps.empty());
    for (const LessonStep& step : lesson.steps) {
      EXPECT_NE(find_variant(step.variant), nullptr) << step.variant;
      EXPECT_NO_THROW(validate(lesson_request(step))) << step.variant;
    }
  }
}

TEST(Lessons, HarrisLadderIsKernelsOneToSevenInOrder) {
  const LessonPlan& ladder = lesson_of(LessonId::HarrisLadder);
  ASSERT_EQ(ladder.steps.size(), 7u);
  for (std::size_t k = 0; k < 7; ++k) {
    const LessonStep& step = ladder.steps[k];
    EXPECT_EQ(harris_kernel_number(step.variant), static_cast<int>(k + 1)) << step.variant;
    // The kernel file's own reference names the same Harris kernel.
    std::string reference(find_variant(step.variant)->lesson.reference);
    EXPECT_NE(reference.find("(kernel " + std::to_string(k + 1) + ")"), std::string::npos)
        << reference;
    if (k > 0) {
      EXPECT_GT(step.harris_g80_gbps, ladder.steps[k - 1].harris_g80_gbps);
    }
  }
}

TEST(Lessons, RecordedFigureIsTheInputsBytesOverTheMedian) {
  BenchReport report;
  report.entries.push_back({.kernel = "sequential",
                            .element_type = ElementType::Int,
                            .n = kHarrisElements,
                            .median_us = 10.0,
                            .gbps = 0});
  std::optional<RecordedFigure> f =
      recorded_figure(report, "sequential", ElementType::Int, kHarrisElements);
  ASSERT_TRUE(f.has_value());
  EXPECT_DOUBLE_EQ(f->bytes_read, 4.0 * kHarrisElements);
  EXPECT_NEAR(f->gbps, 4.0 * kHarrisElements / 10e-6 / 1e9, 1e-9);  // 1677.7 GB/s
  EXPECT_FALSE(recorded_figure(report, "sequential", ElementType::Float, kHarrisElements));
  EXPECT_FALSE(recorded_figure(report, "first-add", ElementType::Int, kHarrisElements));
}

TEST(Lessons, H100FiguresComeFromTheRecordedAsset) {
  const LessonPlan& ladder = lesson_of(LessonId::HarrisLadder);
  double previous_us = 1e9;
  for (const LessonStep& step : ladder.steps) {
    std::optional<RecordedFigure> f =
        recorded_figure(recorded(), step.variant, ElementType::Int, kHarrisElements);
    ASSERT_TRUE(f.has_value()) << step.variant;
    const BenchEntry* e =
        find_entry(recorded(), std::string(step.variant), ElementType::Int, kHarrisElements);
    EXPECT_DOUBLE_EQ(f->median_us, e->median_us);
    EXPECT_NEAR(f->gbps, e->gbps, 1e-6 * e->gbps);         // the benchmark's own figure agrees
    EXPECT_LT(f->median_us, previous_us) << step.variant;  // each rung faster on the H100 too
    previous_us = f->median_us;
  }
  LessonBarText bar = lesson_bar_text(ladder, 2, &recorded(), std::nullopt);
  EXPECT_EQ(bar.title, "kernel 3 of 7 - sequential addressing");
  EXPECT_EQ(bar.figures,
            "H100 (2^22 ints): 28.3 \xC2\xB5s, 592 GB/s read  |  Harris G80: 9.74 GB/s");
  EXPECT_EQ(bar.what_changed, ladder.steps[2].what_changed);
  EXPECT_EQ(lesson_bar_text(ladder, 5, nullptr, std::nullopt).figures, "Harris G80: 44.0 GB/s");
}

TEST(Lessons, KeysTurnToTheNextKernelPastTheLastStepAndBackBeforeTheFirst) {
  const LessonPlan& ladder = lesson_of(LessonId::HarrisLadder);
  EXPECT_EQ(lesson_turn(ladder, 0, 7, 8, true), std::optional<std::size_t>(1));
  EXPECT_EQ(lesson_turn(ladder, 0, 6, 8, true), std::nullopt);  // inside the trace
  EXPECT_EQ(lesson_turn(ladder, 6, 7, 8, true), std::nullopt);  // the lesson's end
  EXPECT_EQ(lesson_turn(ladder, 3, 0, 8, false), std::optional<std::size_t>(2));
  EXPECT_EQ(lesson_turn(ladder, 3, 1, 8, false), std::nullopt);
  EXPECT_EQ(lesson_turn(ladder, 0, 0, 8, false), std::nullopt);  // the lesson's start
}

TEST(Lessons, BookDotInputIsIAndTwoI) {
  RunRequest r = lesson_request(lesson_of(LessonId::CudaByExample5).steps[0]);
  EXPECT_EQ(r.input, InputPattern::BookDot);
  EXPECT_EQ(parse_enum<InputPattern>("book-dot"), InputPattern::BookDot);
  for (std::uint64_t i : {0ull, 1ull, 7ull, 33791ull}) {
    EXPECT_EQ(input_of(r, i, 0), static_cast<double>(i));
    EXPECT_EQ(input_of(r, i, 1), 2.0 * static_cast<double>(i));
  }
}

TEST(Lessons, CudaByExamplePresetPrintsTheBooksValue) {
  const LessonPlan& book = lesson_of(LessonId::CudaByExample5);
  RunRequest r = lesson_request(book.steps[0]);
  EXPECT_EQ(r.n, 33u * 1024u);
  EXPECT_EQ(r.block, 256u);
  EXPECT_EQ(r.element_type, ElementType::Float);
  Trace trace = run_on_emulator(r);
  EXPECT_EQ(trace.run.grid_size, 32u);  // min(32, (N + 255) / 256)
  char printed[32];
  std::snprintf(printed, sizeof printed, "%.6g", trace.result);
  EXPECT_STREQ(printed, "2.57236e+13");
  EXPECT_EQ(std::string(book.steps[0].book_prints), printed);
  LessonBarText bar = lesson_bar_text(book, 0, nullptr, trace.result);
  EXPECT_EQ(bar.figures, "the book prints 2.57236e+13  |  this run: 2.57236e+13");
  // No H100 figure: it stands beside Harris's (2^22 ints read once), not the book's two vectors.
  EXPECT_EQ(lesson_bar_text(book, 0, &recorded(), trace.result).figures, bar.figures);
}

TEST(Lessons, BookSectionFiveThreeTwoIsTheSyncInBranchBug) {
  const LessonStep& step = lesson_of(LessonId::CudaByExample5).steps[1];
  const VariantInfo* v = find_variant(step.variant);
  ASSERT_NE(v, nullptr);
  EXPECT_TRUE(v->behaviour.stops_at_divergence);
  EXPECT_NE(std::string(v->lesson.reference).find("CUDA by Example, ch. 5.3.2"), std::string::npos);
  Trace trace = run_on_emulator(lesson_request(step));
  EXPECT_TRUE(trace.divergence.has_value());  // the barrier inside the branch stops the run
}

TEST(Lessons, TheTimingTabShowsEachStepsTypeAndN) {
  const LessonPlan& ladder = lesson_of(LessonId::HarrisLadder);
  for (const LessonStep& step : ladder.steps)
    EXPECT_EQ(lesson_timing(step), (LessonTiming{ElementType::Int, kHarrisElements})) << step.name;
  const LessonStep& dot = lesson_of(LessonId::CudaByExample5).steps.front();
  EXPECT_EQ(lesson_timing(dot), (LessonTiming{dot.type, dot.n}));
  EXPECT_EQ(dot.n, 33u * 1024u);
}

}  // namespace
}  // namespace stridescope
