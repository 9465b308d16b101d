// The quiz's row over the memory canvas: degree picker, reveal and clear buttons, the run score.
#include "ui/panels/quiz_controls.h"

#include <imgui.h>

#include <string>

namespace stridescope {
namespace {

constexpr unsigned kMaxDegree = 32;  // 32 banks: at most 32 words asked of one bank

// On the same line as the last item when `width` more fits there, else on a new line.
void same_line_if_fits(float width) {
  float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label).x + 2 * ImGui::GetStyle().FramePadding.x;
}

void degree_picker(Quiz& quiz) {
  std::optional<unsigned> degree = quiz.marks().degree;
  std::string shown = degree ? std::to_string(*degree) + "-way" : "degree?";
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("degree?").x + ImGui::GetFrameHeight() * 1.6f);
  if (ImGui::BeginCombo("##degree", shown.c_str())) {
    if (ImGui::Selectable("degree?", !degree)) quiz.set_degree(std::nullopt);
    for (unsigned d = 1; d <= kMaxDegree; ++d) {
      std::string name = std::to_string(d) + "-way";
      if (ImGui::Selectable(name.c_str(), degree == d)) quiz.set_degree(d);
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "the next step's worst bank conflict: the most distinct 4-byte words one bank must\n"
        "serve at once for one warp instruction (1-way: conflict-free)");
  }
}

}  // namespace

bool quiz_forward(AppContext& ctx) {
  QuizPhase phase = ctx.quiz.phase();
  if (phase == QuizPhase::Off || phase == QuizPhase::Paused) return false;
  if (ctx.shown_view != View::Memory) {
    ctx.select_view = View::Memory;
    return true;
  }
  return ctx.quiz.forward(ctx.session);
}

void set_quiz(AppContext& ctx, bool on) {
  ctx.quiz.set_on(on);
  if (on) ctx.select_view = View::Memory;
  ctx.quiz.follow(ctx.session);
}

// One row, so that the canvas keeps its height from asking to revealing.
void quiz_controls(AppContext& ctx) {
  Quiz& quiz = ctx.quiz;
  QuizPhase phase = quiz.phase();
  if (phase == QuizPhase::Predicting) {
    degree_picker(quiz);
    same_line_if_fits(button_width("Reveal (Enter)"));
    if (ImGui::Button("Reveal (Enter)")) quiz.forward(ctx.session);
    same_line_if_fits(button_width("Clear"));
    if (ImGui::Button("Clear")) quiz.clear_marks();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("remove every mark");
  } else if (phase == QuizPhase::Revealed &&
             quiz.shown_step() + 1 < ctx.session.playback().step_count()) {
    std::string next = "Predict step " + std::to_string(quiz.shown_step() + 1) + " (Enter)";
    if (ImGui::Button(next.c_str())) quiz.forward(ctx.session);
  } else if (phase == QuizPhase::Revealed || phase == QuizPhase::Finished) {
    if (ImGui::Button("Back to step 0 (Home)")) ctx.session.playback().first();
  }
}

}  // namespace stridescope
