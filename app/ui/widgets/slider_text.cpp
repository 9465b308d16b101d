// A slider's text beside its grab (see slider_text.h).
#include "ui/widgets/slider_text.h"

#include <imgui.h>

#include <algorithm>

namespace stridescope {
namespace {

constexpr float kGrabPadding = 2;  // ImGui's, between the frame and the grab's track

}  // namespace

GrabSpan slider_grab(float left, float right, float t, float grab_size) {
  float track = right - left - kGrabPadding * 2;
  float size = std::min(grab_size, track);
  float centre = left + kGrabPadding + size / 2 + std::clamp(t, 0.0f, 1.0f) * (track - size);
  return {centre - size / 2, centre + size / 2};
}

float int_slider_grab_size(float left, float right, int values, float min_size) {
  float track = right - left - kGrabPadding * 2;
  return std::max(track / static_cast<float>(std::max(values, 1)), min_size);
}

std::optional<float> text_beside_grab(float left, float right, GrabSpan grab, float width,
                                      float padding) {
  float before = grab.x0 - left, after = right - grab.x1;
  bool right_side = after >= before;
  float room = right_side ? after : before;
  if (width + padding * 2 > room) return std::nullopt;
  float start = right_side ? grab.x1 : left;
  return start + (room - width) / 2;
}

void draw_slider_text(const char* text, const char* fallback, float left, float right, float t,
                      float grab_size) {
  ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  GrabSpan grab = slider_grab(left, right, t, grab_size);
  float padding = ImGui::GetStyle().FramePadding.x;
  for (const char* shown : {text, fallback}) {
    if (shown == nullptr) continue;
    float width = ImGui::CalcTextSize(shown).x;
    if (std::optional<float> x = text_beside_grab(left, right, grab, width, padding)) {
      float y = min.y + (max.y - min.y - ImGui::GetTextLineHeight()) / 2;
      ImGui::GetWindowDrawList()->AddText(ImVec2(*x, y), ImGui::GetColorU32(ImGuiCol_Text), shown);
      return;
    }
  }
}

}  // namespace stridescope
