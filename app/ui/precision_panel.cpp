// The precision panel: one bar per summation, its length the relative error on a log scale.
#include "ui/precision_panel.h"

#include <imgui.h>

#include <chrono>
#include <cmath>
#include <cstdio>

#include "analysis/precision.h"
#include "ui/theme.h"

namespace stridescope {
namespace {

ImVec4 bar_color(const PrecisionRow& row, const Palette& p) {
  if (row.variant.empty()) return p.error;                         // the serial loop
  if (row.element_type == ElementType::Double) return p.text_dim;  // the double run
  if (row.variant == "kahan") return p.warp_full;                  // compensated
  return p.cell_read;                                              // the tree variants
}

void draw_rows(const PrecisionStudy& study, const Palette& p) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  float width = ImGui::GetContentRegionAvail().x;
  float label_width = width * 0.36f,
        numbers_width = ImGui::CalcTextSize("rel 1.23e-07  123.4 ulps").x;
  float bar_width = std::max(60.0f, width - label_width - numbers_width - 24);
  float row_height = ImGui::GetTextLineHeightWithSpacing() * 1.15f;
  ImVec2 origin = ImGui::GetCursorScreenPos();
  float bar_x = origin.x + label_width + 8;
  // Decade ticks: 1e-10 .. 1e-2.
  for (int decade = -10; decade <= -2; ++decade) {
    float x = bar_x + static_cast<float>(log_error_position(std::pow(10.0, decade))) * bar_width;
    list->AddLine(ImVec2(x, origin.y), ImVec2(x, origin.y + row_height * study.rows.size()),
                  ImGui::ColorConvertFloat4ToU32(ImVec4(1, 1, 1, 0.12f)));
    if (decade % 2 == 0) {
      char text[16];
      std::snprintf(text, sizeof text, "1e%d", decade);
      list->AddText(ImVec2(x + 2, origin.y + row_height * study.rows.size() + 2),
                    ImGui::GetColorU32(ImGuiCol_TextDisabled), text);
    }
  }
  for (std::size_t i = 0; i < study.rows.size(); ++i) {
    const PrecisionRow& row = study.rows[i];
    float y = origin.y + row_height * i;
    ImGui::SetCursorScreenPos(ImVec2(origin.x, y));
    ImGui::PushClipRect(ImVec2(origin.x, y), ImVec2(origin.x + label_width, y + row_height), true);
    ImGui::TextUnformatted(row.label.c_str());
    ImGui::PopClipRect();
    float length = static_cast<float>(log_error_position(row.error.relative)) * bar_width;
    ImVec2 a(bar_x, y + row_height * 0.15f),
        b(bar_x + std::max(length, 2.0f), y + row_height * 0.85f);
    list->AddRectFilled(a, b, ImGui::ColorConvertFloat4ToU32(bar_color(row, p)), 3);
    char numbers[64];
    if (row.error.absolute == 0) {
      std::snprintf(numbers, sizeof numbers, "exact");
    } else {
      std::snprintf(numbers, sizeof numbers, "rel %.2e  %.1f ulps", row.error.relative,
                    row.error.ulps);
    }
    list->AddText(ImVec2(bar_x + bar_width + 12, y + row_height * 0.1f),
                  ImGui::GetColorU32(ImGuiCol_Text), numbers);
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + row_height * (study.rows.size() + 1.3f)));
}

}  // namespace

void start_precision_study(PrecisionState& state) {
  if (state.pending.valid()) return;
  state.error.clear();
  std::uint64_t n = state.n, seed = state.seed;
  state.pending = std::async(std::launch::async, [n, seed] { return precision_study(n, seed); });
}

void precision_panel(PrecisionState& state, bool high_contrast) {
  const Palette& p = palette(high_contrast);
  if (state.pending.valid() &&
      state.pending.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    try {
      state.study = state.pending.get();
    } catch (const std::exception& e) {
      state.error = e.what();
    }
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(
      "One float input, summed in different orders. A serial loop adds every element to one "
      "ever larger sum and loses more low bits with each addition; a tree adds numbers of "
      "similar size, so its error grows with log2(n), not n.");
  ImGui::PopTextWrapPos();
  if (state.pending.valid()) {
    ImGui::TextDisabled("computing %llu floats on the CPU emulator...",
                        static_cast<unsigned long long>(state.n));
  } else if (ImGui::Button(state.study ? "Run again" : "Run the study")) {
    start_precision_study(state);
  }
  if (!state.error.empty()) ImGui::TextColored(p.error, "%s", state.error.c_str());
  if (!state.study) return;
  const PrecisionStudy& s = *state.study;
  ImGui::Text("n = %llu uniform floats in [0, 1), seed %llu, blocks of %u; float64 reference %.10g",
              static_cast<unsigned long long>(s.n), static_cast<unsigned long long>(s.seed),
              s.block, s.reference);
  ImGui::TextDisabled(
      "relative error, log scale (red: serial loop, blue: trees, green: Kahan, "
      "grey: double)");
  ImGui::Spacing();
  draw_rows(s, p);
}

}  // namespace stridescope
