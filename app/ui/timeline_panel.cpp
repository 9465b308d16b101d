// The Timeline panel: play/pause, step, scrub and speed, and the presenter-view switch.
#include <memory>

#include "core/format.h"
#include "ui/widgets.h"

namespace stridescope {
namespace {

void step_buttons(Playback& play) {
  float button = ImGui::GetFrameHeight() * 2.2f;
  if (ImGui::Button("|<", ImVec2(button, 0))) play.first();
  ImGui::SameLine();
  if (ImGui::Button("<", ImVec2(button, 0))) play.previous();
  ImGui::SameLine();
  if (ImGui::Button(play.playing() ? "Pause" : "Play", ImVec2(button * 1.6f, 0)))
    play.toggle_play();
  ImGui::SameLine();
  if (ImGui::Button(">", ImVec2(button, 0))) play.next();
  ImGui::SameLine();
  if (ImGui::Button(">|", ImVec2(button, 0))) play.last();
}

class TimelinePanel final : public Panel {
 public:
  const char* title() const override { return "Timeline"; }
  PanelLayout layout() const override {
    return {Placement{0.22f, 0.85f, 0.52f, 0.15f}, Placement{0.0f, 0.78f, 0.55f, 0.22f}};
  }

  void draw(AppContext& ctx) override {
    if (!ctx.session.has_trace()) return;
    Playback& play = ctx.session.playback();
    step_buttons(play);
    ImGui::SameLine();
    int step = static_cast<int>(ctx.session.shown_step());
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.62f);
    // The label, like any text that reaches a format, goes through printf_literal.
    std::string format = "step %d: " + printf_literal(ctx.session.facts().label.text());
    if (ImGui::SliderInt("##step", &step, 0, static_cast<int>(play.step_count()) - 1,
                         format.c_str())) {
      play.seek(static_cast<std::size_t>(step));
    }
    ImGui::SameLine();
    float speed = play.speed();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    if (ImGui::SliderFloat("steps/s", &speed, 0.25f, 8.0f, "%.2f", ImGuiSliderFlags_Logarithmic)) {
      play.set_speed(speed);
    }
    ImGui::Checkbox("presenter view (F)", &ctx.settings.presenter);
    ImGui::SameLine();
    ImGui::TextDisabled("keys: space play/pause   \u2190 \u2192 step   Home/End first/last");
  }
};

}  // namespace

std::unique_ptr<Panel> make_timeline_panel() {
  return std::make_unique<TimelinePanel>();
}

}  // namespace stridescope
