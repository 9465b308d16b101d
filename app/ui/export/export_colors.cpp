// The fixed part of an exported GIF's palette: what the app paints flat (cells, lanes, marks,
// window backgrounds), opaque and over the canvas, then greys for text edges.
#include "ui/export/export_colors.h"

#include <imgui.h>

#include <algorithm>

namespace stridescope {
namespace {

Rgb to_rgb(const ImVec4& c, const ImVec4& under) {
  auto channel = [&](float v, float u) {
    float mixed = v * c.w + u * (1 - c.w);
    return static_cast<unsigned char>(std::clamp(mixed, 0.0f, 1.0f) * 255.0f + 0.5f);
  };
  return {channel(c.x, under.x), channel(c.y, under.y), channel(c.z, under.z)};
}

}  // namespace

std::vector<Rgb> export_fixed_colors(const Palette& p) {
  const ImVec4 background = p.canvas_background;
  std::vector<Rgb> colors;
  for (const ImVec4& c : {p.canvas_background,
                          p.cell_untouched,
                          p.cell_read,
                          p.cell_written,
                          p.lane_active,
                          p.lane_idle,
                          p.conflict,
                          p.arrow,
                          p.focus,
                          p.text_on_light,
                          p.text_on_dark,
                          p.text_dim,
                          p.warp_full,
                          p.warp_divergent,
                          p.warp_idle,
                          p.source_current,
                          p.source_access,
                          p.error,
                          p.race_read_after_write,
                          p.race_write_after_read,
                          p.race_write_after_write,
                          p.lost,
                          p.uninitialized,
                          p.waiting}) {
    colors.push_back(to_rgb(c, background));
  }
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec4 window = style.Colors[ImGuiCol_WindowBg];
  for (int i = 0; i < ImGuiCol_COUNT; ++i) colors.push_back(to_rgb(style.Colors[i], window));
  for (int v = 0; v <= 255; v += 17) {
    unsigned char g = static_cast<unsigned char>(v);
    colors.push_back({g, g, g});
  }
  return colors;
}

}  // namespace stridescope
