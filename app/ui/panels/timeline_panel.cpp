// The Timeline panel: play/pause, step, scrub and speed, the presenter-view switch and the layout
// reset. Its rows wrap to the window's width; the App makes the window as tall as they are.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "core/format.h"
#include "ui/panels/panel.h"
#include "ui/panels/quiz_controls.h"
#include "ui/widgets/slider_text.h"
#include "ui/widgets/widgets.h"

namespace stridescope {
namespace {

// ">" goes through the quiz when it is on: it reveals, or asks for the next step.
void step_buttons(AppContext& ctx) {
  Playback& play = ctx.session.playback();
  float button = ImGui::GetFrameHeight() * 1.6f;
  float play_width = ImGui::CalcTextSize("Pause").x + ImGui::GetStyle().FramePadding.x * 4;
  if (ImGui::Button("|<", ImVec2(button, 0))) play.first();
  ImGui::SameLine();
  if (ImGui::Button("<", ImVec2(button, 0))) play.previous();
  ImGui::SameLine();
  if (ImGui::Button(play.playing() ? "Pause" : "Play", ImVec2(play_width, 0))) play.toggle_play();
  ImGui::SameLine();
  if (ImGui::Button(">", ImVec2(button, 0)) && !quiz_forward(ctx)) play.next();
  ImGui::SameLine();
  if (ImGui::Button(">|", ImVec2(button, 0))) play.last();
}

// On the same line as the last item when `width` more fits there, else on a new line.
void same_line_if_fits(float width) {
  float spacing = ImGui::GetStyle().ItemSpacing.x;
  float right = ImGui::GetItemRectMax().x + spacing + width;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

constexpr const char* kKeys =
    "keys: space play/pause   \u2190 \u2192 or PgUp PgDn step   Home/End "
    "first/last   F presenter   L layout   Q quiz";

// The quiz's switch (key Q); a compare has no quiz (its panes step together).
void quiz_box(AppContext& ctx, float box) {
  same_line_if_fits(box + ImGui::CalcTextSize("quiz (Q)").x);
  bool on = ctx.quiz.on();
  bool comparing = ctx.session.comparing();
  if (comparing) ImGui::BeginDisabled();
  if (ImGui::Checkbox("quiz (Q)", &on)) set_quiz(ctx, on);
  if (comparing) ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("%s", comparing ? "the quiz asks about one run: end the compare first"
                                      : "predict the next step: mark the words it will write and "
                                        "the threads it will use, then reveal (Enter or \u2192)");
  }
}

class TimelinePanel final : public Panel {
 public:
  const char* title() const override { return "Timeline"; }
  void draw(AppContext& ctx) override {
    if (!ctx.session.has_trace()) return;
    if (ctx.exporting) {  // a GIF's viewer cannot press Play: the step bar alone
      step_slider(ctx);
      return;
    }
    float em = ImGui::GetFontSize();
    step_buttons(ctx);
    quiz_box(ctx, ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x);
    // The step slider beside the buttons when it can be 14 text heights wide there, else a row
    // of its own.
    same_line_if_fits(em * 14);
    step_slider(ctx);
    speed_and_switches(ctx);
  }

 private:
  // The step slider across the rest of the row, its text beside its grab
  // (ui/widgets/slider_text.h).
  static void step_slider(AppContext& ctx) {
    Playback& play = ctx.session.playback();
    int step = static_cast<int>(ctx.session.shown_position());
    int steps = static_cast<int>(play.step_count());
    const ImGuiStyle& style = ImGui::GetStyle();
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::SliderInt("##step", &step, 0, steps - 1, ""))
      play.seek(static_cast<std::size_t>(step));
    // Its text beside the grab, never under it (ui/widgets/slider_text.h).
    std::string label = "step " + std::to_string(step) + ": " + ctx.session.facts().label.text();
    float left = ImGui::GetItemRectMin().x, right = ImGui::GetItemRectMax().x;
    draw_slider_text(label.c_str(), ("step " + std::to_string(step)).c_str(), left, right,
                     steps > 1 ? static_cast<float>(step) / static_cast<float>(steps - 1) : 0.0f,
                     int_slider_grab_size(left, right, steps, style.GrabMinSize));
  }

  // The speed, the presenter view's switch, the layout reset and the keys' hint.
  static void speed_and_switches(AppContext& ctx) {
    Playback& play = ctx.session.playback();
    const ImGuiStyle& style = ImGui::GetStyle();
    float em = ImGui::GetFontSize();
    float speed = play.speed();
    float speed_width = std::min(em * 8, ImGui::GetContentRegionAvail().x * 0.4f);
    ImGui::SetNextItemWidth(speed_width);
    if (ImGui::SliderFloat("steps/s", &speed, 0.25f, 8.0f, "", ImGuiSliderFlags_Logarithmic)) {
      play.set_speed(speed);
    }
    char speed_text[16];
    std::snprintf(speed_text, sizeof speed_text, "%.2f", speed);
    // Where the logarithmic slider puts the speed (0.25 to 8 steps/s, ImGui's log scale).
    float t = std::log(speed / 0.25f) / std::log(8.0f / 0.25f);
    float left = ImGui::GetItemRectMin().x;
    draw_slider_text(speed_text, nullptr, left, left + speed_width, t, style.GrabMinSize);
    float box = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x;
    same_line_if_fits(box + ImGui::CalcTextSize("presenter view (F)").x);
    ImGui::Checkbox("presenter view (F)", &ctx.settings.presenter);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kKeys);
    same_line_if_fits(ImGui::CalcTextSize("Reset layout (L)").x + style.FramePadding.x * 2);
    if (ImGui::Button("Reset layout (L)")) ctx.settings.reset_layout = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kKeys);
    // The keys beside the buttons where they fit, else in the buttons' hover text.
    if (float width = ImGui::CalcTextSize(kKeys).x; width <= ImGui::GetContentRegionAvail().x) {
      same_line_if_fits(width);
      ImGui::TextDisabled("%s", kKeys);
    }
  }
};

}  // namespace

std::unique_ptr<Panel> make_timeline_panel() {
  return std::make_unique<TimelinePanel>();
}

}  // namespace stridescope
