// The shuffle view: lane cells and lane-to-lane arrows drawn with ImGui's draw list.
#include "ui/canvas/shuffle_view.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/format.h"

namespace stridescope {
namespace {

void lane_row(ImDrawList* list, ImVec2 at, float cell, float gap, const std::vector<double>& values,
              unsigned mask, const Palette& p, bool result_row) {
  for (unsigned lane = 0; lane < kWarpSize && lane < values.size(); ++lane) {
    ImVec2 a(at.x + lane * (cell + gap), at.y), b(a.x + cell, a.y + cell);
    bool in_mask = (mask >> lane & 1u) != 0;
    ImVec4 fill = !in_mask                  ? p.cell_untouched
                  : result_row && lane == 0 ? p.cell_written
                                            : p.cell_read;
    list->AddRectFilled(a, b, ImGui::ColorConvertFloat4ToU32(fill), 3);
    std::string text = compact_value_text(values[lane]);
    float size = std::min(cell * 0.42f, ImGui::GetFontSize());
    if (size < std::max(9.0f, ImGui::GetFontSize() * 0.4f)) continue;  // too small to read
    ImVec2 extent = ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
    if (extent.x > cell * 0.95f) continue;  // too narrow: the tooltip-free view stays readable
    list->AddText(ImGui::GetFont(), size,
                  ImVec2(a.x + (cell - extent.x) / 2, a.y + (cell - extent.y) / 2),
                  ImGui::ColorConvertFloat4ToU32(p.text_on_light), text.c_str());
  }
}

float label_width() {
  return ImGui::CalcTextSize("offset 16  ").x;
}

// A lane cell as wide as `width` allows: 32 cells and their gaps beside the row labels.
float widest_cell(float width) {
  return (width - label_width()) / kWarpSize * 0.86f;
}

}  // namespace

float shuffle_view_height(std::size_t rounds, float width) {
  float cell = std::max(widest_cell(width), 6.0f);
  return ImGui::GetTextLineHeightWithSpacing() + static_cast<float>(rounds + 1) * cell * 1.9f +
         ImGui::GetStyle().ItemSpacing.y;
}

void shuffle_view(const std::vector<WarpShuffleRound>& rounds, unsigned warp, unsigned warps,
                  const Palette& p) {
  if (rounds.empty()) return;
  // One line: the short form where the long one would be cut off (large text on a small screen).
  std::string head =
      "Registers of warp " + std::to_string(warp) + " (of " + std::to_string(warps) + "): ";
  std::string title =
      head + count_text(rounds.size(), "__shfl_down_sync round", "__shfl_down_sync rounds") +
      " in this step";
  if (ImGui::CalcTextSize(title.c_str()).x > ImGui::GetContentRegionAvail().x)
    title = head + count_text(rounds.size(), "round", "rounds");
  ImGui::TextUnformatted(title.c_str());
  ImDrawList* list = ImGui::GetWindowDrawList();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  float label = label_width();
  std::size_t rows = rounds.size() + 1;
  float cell = std::min(widest_cell(avail.x), avail.y / (rows * 1.9f));
  cell = std::max(cell, 6.0f);
  float gap = cell * 0.16f, row_gap = cell * 0.9f;
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    const ShuffleRound& round = *rounds[r].round;
    float y = origin.y + r * (cell + row_gap);
    char text[32];
    std::snprintf(text, sizeof text, "offset %u", round.delta);
    list->AddText(ImVec2(origin.x, y + (cell - ImGui::GetFontSize()) / 2),
                  ImGui::GetColorU32(ImGuiCol_Text), text);
    ImVec2 row(origin.x + label, y);
    lane_row(list, row, cell, gap, round.sent, round.mask, p, false);
    // Arrows to the next row: lane l + delta's value goes to lane l, which adds it.
    ImU32 arrow = ImGui::ColorConvertFloat4ToU32(p.arrow);
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      int source = rounds[r].source[lane];
      if (source < 0) continue;
      ImVec2 from(row.x + source * (cell + gap) + cell / 2, y + cell);
      ImVec2 to(row.x + lane * (cell + gap) + cell / 2, y + cell + row_gap);
      list->AddLine(from, to, arrow, std::max(1.0f, cell * 0.05f));
      list->AddTriangleFilled(ImVec2(to.x, to.y), ImVec2(to.x - cell * 0.12f, to.y - cell * 0.22f),
                              ImVec2(to.x + cell * 0.12f, to.y - cell * 0.22f), arrow);
    }
  }
  float y = origin.y + rounds.size() * (cell + row_gap);
  list->AddText(ImVec2(origin.x, y + (cell - ImGui::GetFontSize()) / 2),
                ImGui::GetColorU32(ImGuiCol_Text), "sums");
  lane_row(list, ImVec2(origin.x + label, y), cell, gap, rounds.back().after,
           rounds.back().round->mask, p, true);
  ImGui::Dummy(ImVec2(avail.x, rows * (cell + row_gap)));
}

}  // namespace stridescope
