// The lesson in the window: its runs opened in turn by the stepping keys, and the bar that says
// which run it is, what changed and its figures (recorded H100 timings, Harris's, the book's).
#include "ui/panels/lesson_bar.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "ui/widgets/widgets.h"

namespace stridescope {
namespace {

// The recorded benchmark the bar's H100 figures come from, loaded once; nullptr if there is none.
const BenchReport* recorded_report() {
  static std::unique_ptr<BenchReport> report = [] {
    std::vector<std::string> files = recorded_bench_files();
    if (files.empty()) return std::unique_ptr<BenchReport>();
    try {
      return std::make_unique<BenchReport>(load_bench(files.front()));
    } catch (const std::exception&) {
      return std::unique_ptr<BenchReport>();
    }
  }();
  return report.get();
}

// The result of the trace on screen when it is the lesson step's own run and it finished.
std::optional<double> shown_result(const Session& session, const LessonStep& step) {
  if (!session.has_trace() || session.trace().run.variant != step.variant) return std::nullopt;
  if (session.trace().divergence) return std::nullopt;
  return session.trace().result;
}

LessonBarText bar_text(const AppContext& ctx) {
  const LessonPlan& lesson = lesson_of(ctx.lesson->id);
  const LessonStep& step = lesson.steps[ctx.lesson->step];
  return lesson_bar_text(lesson, ctx.lesson->step, recorded_report(),
                         shown_result(ctx.session, step));
}

}  // namespace

void open_lesson_step(AppContext& ctx, LessonId id, std::size_t index) {
  const LessonPlan& lesson = lesson_of(id);
  if (index >= lesson.steps.size()) return;
  ctx.program.close();  // a lesson replaces an open program
  ctx.lesson = LessonPlace{id, index};
  ctx.request = lesson_request(lesson.steps[index]);
  ctx.session.run(ctx.request);
}

void end_compare(AppContext& ctx) {
  if (!ctx.lesson) {
    ctx.session.run(ctx.request);
    return;
  }
  // The step the lesson run's own pane showed, where it is one of the panes.
  std::optional<std::size_t> step;
  const LessonStep& at = lesson_of(ctx.lesson->id).steps[ctx.lesson->step];
  const std::vector<CompareRun>& runs = ctx.session.compare_runs();
  const std::vector<AlignedStep>& row = ctx.session.compare_row();
  for (std::size_t r = 0; r < runs.size() && r < row.size(); ++r)
    if (runs[r].variant == at.variant) step = row[r].step;
  open_lesson_step(ctx, ctx.lesson->id, ctx.lesson->step);
  if (step) ctx.session.playback().seek(*step);
}

bool turn_lesson_page(AppContext& ctx, KeyCommand command) {
  if (!ctx.lesson || ctx.session.comparing() || !ctx.session.has_trace()) return false;
  bool forward = command == KeyCommand::Next;
  if (!forward && command != KeyCommand::Previous) return false;
  Playback& play = ctx.session.playback();
  std::optional<std::size_t> to = lesson_turn(lesson_of(ctx.lesson->id), ctx.lesson->step,
                                              play.step(), play.step_count(), forward);
  if (!to) return false;
  open_lesson_step(ctx, ctx.lesson->id, *to);
  if (!forward) ctx.session.playback().seek(ctx.session.playback().step_count() - 1);
  return true;
}

void draw_lesson_bar(AppContext& ctx) {
  ctx.lesson_details_in_facts = false;
  if (!ctx.lesson) return;
  LessonBarText text = bar_text(ctx);
  std::string line = text.title + ": " + text.what_changed;
  float width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  float lines = std::ceil(ImGui::CalcTextSize(line.c_str()).x / width) +
                std::ceil(ImGui::CalcTextSize(text.figures.c_str()).x / width);
  ctx.lesson_details_in_facts = lines > 4;
  wrapped_text(ctx.lesson_details_in_facts ? text.title : line);
  if (!text.figures.empty()) wrapped_text(text.figures, ctx.palette().focus);
  ImGui::Separator();
}

void draw_lesson_details(AppContext& ctx) {
  if (!ctx.lesson || !ctx.lesson_details_in_facts) return;
  LessonBarText text = bar_text(ctx);
  wrapped_text(text.what_changed);
  ImGui::Separator();
}

}  // namespace stridescope
