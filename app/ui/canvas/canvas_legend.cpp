// Canvas legend: what each colour and mark means, wrapped onto as many lines as the width needs,
// in the canvas labels' text size (a little under the UI's, so that at large text sizes the
// legend leaves the canvas its height).
#include <cfloat>
#include <cmath>
#include <functional>
#include <vector>

#include "ui/canvas/canvas_paint.h"
#include "ui/canvas/memory_canvas.h"

namespace stridescope {
namespace {

// Text: the words themselves in the colour; Dimmed: a fill under the canvas's dimming.
enum class Swatch { Fill, Ring, Text, Dimmed };

struct LegendItem {
  ImVec4 color;
  const char* text;
  Swatch swatch;
};

std::vector<LegendItem> legend_items(const CanvasView& view) {
  const Palette& p = palette(view.high_contrast);
  const CanvasModel& m = *view.current;
  std::vector<LegendItem> items;
  bool waiting = false, exited = false, lost = false, uninitialized = false;
  for (const ThreadState& t : m.threads) {
    waiting |= t.barrier == BarrierWait::Waiting;
    exited |= t.barrier == BarrierWait::Exited;
  }
  for (const CellState& c : m.cells) {
    lost |= c.holds_lost;
    uninitialized |= c.uninitialized_read;
  }
  if (waiting) items.push_back({p.waiting, "waits at barrier", Swatch::Ring});
  if (exited) items.push_back({p.lane_idle, "exited", Swatch::Dimmed});
  if (uninitialized) items.push_back({p.uninitialized, "uninitialized read", Swatch::Ring});
  if (lost) items.push_back({p.lost, "holds lost elements", Swatch::Ring});
  if (!m.hazards.empty()) {
    items.insert(items.end(), {{p.race_read_after_write, "read-after-write", Swatch::Ring},
                               {p.race_write_after_read, "write-after-read", Swatch::Ring},
                               {p.race_write_after_write, "write-after-write", Swatch::Ring}});
  }
  items.insert(items.end(), {{p.cell_written, "written", Swatch::Fill},
                             {p.cell_read, "read", Swatch::Fill},
                             {p.cell_untouched, "untouched", Swatch::Fill}});
  if (view.conflict_column) items.push_back({p.conflict, "bank conflict", Swatch::Ring});
  items.insert(items.end(), {{p.lane_active, "active thread", Swatch::Fill},
                             {p.lane_idle, "idle thread", Swatch::Fill},
                             {p.warp_full, "full warp", Swatch::Text},
                             {p.warp_divergent, "divergent warp", Swatch::Text},
                             {p.warp_idle, "idle warp", Swatch::Text}});
  return items;
}

float legend_text_size() {
  return canvas_label_size(ImGui::GetFontSize());
}

float legend_line_height() {
  return std::ceil(legend_text_size() * 1.3f);
}

float item_width(const LegendItem& item, float s) {
  float swatch = item.swatch == Swatch::Text ? 0 : s * 1.3f;
  return swatch + ImGui::GetFont()->CalcTextSizeA(s, FLT_MAX, 0, item.text).x + s * 1.2f;
}

// Places the items left to right, starting a new line where one would pass `width`; returns the
// number of lines.
int flow(const std::vector<LegendItem>& items, float width,
         const std::function<void(const LegendItem&, float x, int line)>& place) {
  float s = legend_text_size();
  float x = 4;
  int line = 0;
  for (const LegendItem& item : items) {
    float w = item_width(item, s);
    if (x > 4 && x + w - s * 1.2f > width) {
      x = 4;
      ++line;
    }
    if (place) place(item, x, line);
    x += w;
  }
  return line + 1;
}

}  // namespace

float legend_height(const CanvasView& view, float width) {
  return flow(legend_items(view), width, nullptr) * legend_line_height();
}

void draw_legend(const CanvasView& view, ImDrawList* list, ImVec2 at, float width) {
  float s = legend_text_size();
  float line_height = legend_line_height();
  flow(legend_items(view), width, [&](const LegendItem& item, float x, int line) {
    ImVec2 a(at.x + x, at.y + line * line_height);
    ImU32 color = ImGui::ColorConvertFloat4ToU32(item.color);
    if (item.swatch == Swatch::Text) {
      list->AddText(ImGui::GetFont(), s, a, color, item.text);
      return;
    }
    ImVec2 from(a.x, a.y + 2), to(a.x + s, a.y + s);
    if (item.swatch == Swatch::Ring) {
      list->AddRect(from, to, color, 3, 0, 2.5f);
    } else {
      list->AddRectFilled(from, to, color, 3);
    }
    if (item.swatch == Swatch::Dimmed) {  // as exited threads are drawn, with an edge to see it
      list->AddRectFilled(from, to, kExitedDimming, 3);
      list->AddRect(from, to, ImGui::GetColorU32(ImGuiCol_TextDisabled), 3, 0, 1.0f);
    }
    list->AddText(ImGui::GetFont(), s, ImVec2(a.x + s * 1.3f, a.y),
                  ImGui::GetColorU32(ImGuiCol_Text), item.text);
  });
}

}  // namespace stridescope
