// Lessons as data: ordered runs a teacher steps through with the same keys as the steps of a trace
// (Harris's ladder, CUDA by Example's chapter 5), each with what changed and a reference figure;
// the recorded H100 figure of a step is computed from a benchmark report, never typed in.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "catalog/bench/bench_report.h"
#include "catalog/request.h"
#include "core/domain.h"

namespace stridescope {

enum class LessonId { HarrisLadder, CudaByExample5 };

template <>
struct EnumTable<LessonId> {
  static constexpr std::string_view what = "lesson";
  static constexpr std::array<EnumName<LessonId>, 2> names{
      {{LessonId::HarrisLadder, "harris-ladder"}, {LessonId::CudaByExample5, "cuda-by-example-5"}}};
};

// One run of a lesson and what the lesson bar says about it.
struct LessonStep {
  std::string_view variant;  // a catalog id
  unsigned block = 64;
  ElementType type = ElementType::Int;
  std::uint64_t n = 64;
  InputPattern input = InputPattern::Iota;
  std::string_view source = {};   // where it comes from, shown before its name ("" for none)
  std::string_view name;          // "sequential addressing"
  std::string_view what_changed;  // one sentence
  // Harris's G80 bandwidth for this kernel (2^22 ints; Harris, "Optimizing Parallel Reduction in
  // CUDA", NVIDIA 2007, its table of results); 0 where the step has none.
  double harris_g80_gbps = 0;
  std::string_view book_prints = {};  // the value the book prints for this run ("" for none)
};

struct LessonPlan {
  LessonId id;
  std::string_view title;  // for the menu
  std::string_view unit;   // what a step is called: "kernel 3 of 7"
  std::span<const LessonStep> steps;
};

const LessonPlan& lesson_of(LessonId id);

// Where a class is in a lesson: which lesson, which of its steps.
struct LessonPlace {
  LessonId id = LessonId::HarrisLadder;
  std::size_t step = 0;
};

// The run of a step (its variant, block, type, n and input; the variant's own second stage).
RunRequest lesson_request(const LessonStep& step);

// The recorded H100 figure beside Harris's: his input, 2^22 ints.
inline constexpr std::uint64_t kHarrisElements = std::uint64_t{1} << 22;

// What the Timing tab shows for a lesson's step: its element type and the n its figures are
// about (Harris's 2^22 where the step has his figure, else the step's own n).
struct LessonTiming {
  ElementType type = ElementType::Int;
  std::uint64_t n = kHarrisElements;
  bool operator==(const LessonTiming&) const = default;
};
LessonTiming lesson_timing(const LessonStep& step);

// A kernel's recorded time and what it makes in GB/s: the input's bytes (n x the element's size,
// each element read once from global memory) over the median time.
struct RecordedFigure {
  double median_us = 0;
  double bytes_read = 0;
  double gbps = 0;
};
std::optional<RecordedFigure> recorded_figure(const BenchReport& report, std::string_view variant,
                                              ElementType type, std::uint64_t n);

// Where → (forward) or ← leads from step `trace_step` of `trace_steps` of lesson step `index`:
// past the last trace step, the next lesson step (at its first trace step); before the first, the
// previous one (at its last). None inside the trace or at either end of the lesson.
std::optional<std::size_t> lesson_turn(const LessonPlan& lesson, std::size_t index,
                                       std::size_t trace_step, std::size_t trace_steps,
                                       bool forward);

// The lesson bar: "kernel 3 of 7 - sequential addressing" (a source, if any, before the name),
// what changed, and the figures: "H100 (2^22 ints): 28.3 µs, 592 GB/s read" (from `report`, when
// it has the kernel; GB/s of input bytes) and "Harris G80: 9.74 GB/s", or "the book prints ...  |
// this run: ..." (`result`: the trace's result).
struct LessonBarText {
  std::string title;         // "kernel 3 of 7 - sequential addressing"
  std::string what_changed;  // the step's sentence
  std::string figures;       // "" where the step has none
};
LessonBarText lesson_bar_text(const LessonPlan& lesson, std::size_t index,
                              const BenchReport* report, std::optional<double> result);

}  // namespace stridescope
