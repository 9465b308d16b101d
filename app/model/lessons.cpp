// The lessons' steps (data), the recorded figure of a step from a benchmark report, the keys'
// turns from one step to the next and the lesson bar's words.
#include "model/lessons.h"

#include <cstdio>

namespace stridescope {
namespace {

// Harris's kernels 1..7 at block 64 (kernels 5-7 need whole warps), each traced over one block:
// 64 elements, 128 where a thread adds two while loading, 512 for the grid-stride loop. Harris's
// G80 figures: his table of results, 2^22 ints.
constexpr LessonStep kHarrisLadder[] = {
    {.variant = "interleaved-divergent",
     .name = "interleaved, divergent",
     .what_changed = "The start: only threads whose tid is a multiple of 2 x stride add, so the "
                     "working lanes are scattered and warps diverge from the first step; "
                     "tid % (2 x stride) is slow too.",
     .harris_g80_gbps = 2.083},
    {.variant = "interleaved-strided",
     .name = "interleaved, strided index",
     .what_changed = "Consecutive threads work on index 2 x stride x tid, so whole warps retire, "
                     "but lanes of one warp now hit the same bank: bank conflicts.",
     .harris_g80_gbps = 4.854},
    {.variant = "sequential",
     .name = "sequential addressing",
     .what_changed =
         "The stride halves from blockDim.x / 2 and threads 0 to stride-1 add the upper "
         "half into the lower: no divergence inside busy warps, no bank conflicts.",
     .harris_g80_gbps = 9.741},
    {.variant = "first-add",
     .n = 128,
     .name = "first add during load",
     .what_changed = "Each thread adds two input elements while loading, so half the blocks do "
                     "the same work and no thread idles in the first step.",
     .harris_g80_gbps = 17.377},
    {.variant = "unroll-last-warp",
     .n = 128,
     .name = "last warp unrolled",
     .what_changed = "Once 32 threads or fewer are left they are one warp: __syncwarp() replaces "
                     "__syncthreads() for the last six steps.",
     .harris_g80_gbps = 31.289},
    {.variant = "complete-unroll",
     .n = 128,
     .name = "completely unrolled",
     .what_changed = "The block size is a template argument: the loop and its tests of the "
                     "stride disappear at compile time; the steps are kernel 5's.",
     .harris_g80_gbps = 43.996},
    {.variant = "multi-element",
     .n = 512,
     .name = "multiple elements per thread",
     .what_changed = "Each thread first sums many pairs of elements in a grid-stride loop, in "
                     "registers, so a few blocks cover any n and the tree is paid once per block.",
     .harris_g80_gbps = 62.671},
};

// CUDA by Example, chapter 5: the dot product with the book's setup, then section 5.3.2's
// "optimized (incorrectly)" loop.
constexpr LessonStep kCudaByExample5[] = {
    {.variant = "dot-product",
     .block = 256,
     .type = ElementType::Float,
     .n = 33 * 1024,
     .input = InputPattern::BookDot,
     .source = "CUDA by Example, section 5.3.1",
     .name = "dot product",
     .what_changed = "The book's setup: N = 33 x 1024 floats, a[i] = i and b[i] = 2i, 256 threads "
                     "per block and min(32, (N + 255) / 256) = 32 blocks; each block halves its "
                     "shared cache and the CPU adds the 32 partials.",
     .book_prints = "2.57236e+13"},
    {.variant = "bug-sync-in-branch",  // block 64: 256 leaves no room for the canvas at 1280x720
     .block = 64,
     .type = ElementType::Float,
     .n = 64,
     .source = "CUDA by Example, section 5.3.2",
     .name = "\"optimized (incorrectly)\"",
     .what_changed = "The book's wrong optimization, in the same halving loop over a plain sum: "
                     "__syncthreads() moved inside if (tid < stride), so the threads that skip "
                     "it leave the barrier waiting (barrier divergence).",
     .book_prints = ""},
};

constexpr LessonPlan kLessons[] = {
    {LessonId::HarrisLadder, "Harris's ladder: kernels 1 to 7", "kernel", kHarrisLadder},
    {LessonId::CudaByExample5, "CUDA by Example, chapter 5: dot product", "step", kCudaByExample5},
};

std::string printed(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// Beside Harris's figure only: his input (2^22 ints, read once), the same bytes as the H100's.
std::string recorded_text(const BenchReport& report, const LessonStep& step) {
  if (step.harris_g80_gbps <= 0) return "";
  std::optional<RecordedFigure> f =
      recorded_figure(report, step.variant, ElementType::Int, kHarrisElements);
  if (!f) return "";
  return "H100 (2^22 ints): " + printed("%.1f \xC2\xB5s", f->median_us) + ", " +
         printed("%.0f GB/s", f->gbps) + " read";
}

}  // namespace

const LessonPlan& lesson_of(LessonId id) {
  for (const LessonPlan& lesson : kLessons) {
    if (lesson.id == id) return lesson;
  }
  return kLessons[0];
}

RunRequest lesson_request(const LessonStep& step) {
  RunRequest request;
  request.variant = std::string(step.variant);
  request.block = step.block;
  request.element_type = step.type;
  request.n = step.n;
  request.input = step.input;
  return request;
}

std::optional<RecordedFigure> recorded_figure(const BenchReport& report, std::string_view variant,
                                              ElementType type, std::uint64_t n) {
  const BenchEntry* e = find_entry(report, std::string(variant), type, n);
  if (e == nullptr || e->median_us <= 0) return std::nullopt;
  RecordedFigure f;
  f.median_us = e->median_us;
  f.bytes_read = static_cast<double>(n) * element_bytes(type);
  f.gbps = f.bytes_read / (e->median_us * 1e-6) / 1e9;
  return f;
}

std::optional<std::size_t> lesson_turn(const LessonPlan& lesson, std::size_t index,
                                       std::size_t trace_step, std::size_t trace_steps,
                                       bool forward) {
  if (forward && trace_step + 1 >= trace_steps && index + 1 < lesson.steps.size()) {
    return index + 1;
  }
  if (!forward && trace_step == 0 && index > 0 && index <= lesson.steps.size()) return index - 1;
  return std::nullopt;
}

LessonBarText lesson_bar_text(const LessonPlan& lesson, std::size_t index,
                              const BenchReport* report, std::optional<double> result) {
  const LessonStep& step = lesson.steps[index];
  LessonBarText text;
  text.title = std::string(lesson.unit) + " " + std::to_string(index + 1) + " of " +
               std::to_string(lesson.steps.size()) + " - " +
               (step.source.empty() ? "" : std::string(step.source) + ", ") +
               std::string(step.name);
  text.what_changed = std::string(step.what_changed);
  std::string figures = report ? recorded_text(*report, step) : "";
  auto add = [&figures](const std::string& part) {
    if (part.empty()) return;
    figures += (figures.empty() ? "" : "  |  ") + part;
  };
  if (step.harris_g80_gbps > 0)
    add(printed(step.harris_g80_gbps < 10 ? "Harris G80: %.2f GB/s" : "Harris G80: %.1f GB/s",
                step.harris_g80_gbps));
  if (!step.book_prints.empty()) {
    add("the book prints " + std::string(step.book_prints));
    if (result) add("this run: " + printed("%.6g", *result));
  }
  text.figures = figures;
  return text;
}

LessonTiming lesson_timing(const LessonStep& step) {
  return {step.type, step.harris_g80_gbps > 0 ? kHarrisElements : step.n};
}

}  // namespace stridescope
