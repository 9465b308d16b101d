// Canvas labels: word values, bank numbers, row labels ("s[32..63]"), warp labels and lane numbers,
// all sized from the UI's text size.
#include <algorithm>
#include <cfloat>
#include <string>

#include "core/format.h"
#include "ui/canvas/canvas_paint.h"
#include "ui/canvas/canvas_text.h"
#include "ui/canvas/memory_canvas.h"

namespace stridescope {
namespace {

float text_width(float size, const char* text) {
  return ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0, text).x;
}
float text_width(float size, const std::string& text) {
  return text_width(size, text.c_str());
}

ImVec4 warp_color(const Palette& p, WarpState state) {
  switch (state) {
    case WarpState::Full:
      return p.warp_full;
    case WarpState::Divergent:
      return p.warp_divergent;
    case WarpState::Idle:
      break;
  }
  return p.warp_idle;
}

// A group of warps' label colour: their state where they share it, divergent where any diverges,
// else dim (full and idle warps mixed; each warp's bar has its own colour).
ImVec4 group_color(const Palette& p, const CanvasModel& m, unsigned first, unsigned last) {
  bool divergent = false, same = true;
  for (unsigned w = first; w <= last && w < m.warps.size(); ++w) {
    divergent = divergent || m.warps[w].state == WarpState::Divergent;
    same = same && m.warps[w].state == m.warps[first].state;
  }
  if (divergent) return p.warp_divergent;
  return same && first < m.warps.size() ? warp_color(p, m.warps[first].state) : p.text_dim;
}

}  // namespace

void CanvasPaint::text(float size, ImVec2 position, ImVec4 color, const char* text) const {
  list->AddText(ImGui::GetFont(), size, position, ImGui::ColorConvertFloat4ToU32(color), text);
}

float canvas_label_size(float font_size) {
  return std::max(10.0f, font_size * 0.85f);
}

float canvas_label_width(const CanvasShape& shape, float label_size,
                         const std::vector<SharedArray>& arrays) {
  unsigned per_row = words_per_row(shape);
  unsigned last = std::max(shape.words, 1u) - 1;
  float widest = text_width(label_size, word_range_text(arrays, last / per_row * per_row, last));
  for (unsigned first = 0; !arrays.empty() && first < shape.words; first += per_row)
    widest = std::max(
        widest,
        text_width(label_size,
                   word_range_text(arrays, first, std::min(first + per_row, shape.words) - 1)));
  unsigned warps = std::max(1u, (shape.threads + kWarpSize - 1) / kWarpSize);
  std::string warp_label = warps > 8 ? "warps 28\u201331" : "warp " + std::to_string(warps - 1);
  widest = std::max(widest, text_width(label_size, warp_label));
  if (warps >= 2)  // rows thinner than a label are labelled in groups: "warps 6-7"
    widest = std::max(widest, text_width(label_size, "warps " + std::to_string(warps - 2) +
                                                         "\u2013" + std::to_string(warps - 1)));
  widest = std::max(widest, text_width(label_size, "banks"));
  return widest + label_size * 0.8f;
}

float canvas_tag_width(float label_size) {
  return text_width(label_size, "32-way") + label_size * 0.8f;
}

namespace {

bool halves_share_row(const CanvasLayout& l, const CanvasModel& m, unsigned low) {
  if (low + 1 >= l.words || low + 1 >= m.cells.size() || m.cells[low].half != CellHalf::Low)
    return false;
  const Rect a = l.word_rect(low), b = l.word_rect(low + 1);
  return a.y == b.y && b.x > a.x;
}

}  // namespace

Rect element_rect(const CanvasLayout& l, const CanvasModel& m, unsigned w) {
  Rect r = l.word_rect(w);
  if (m.cells[w].half == CellHalf::High && w > 0 && halves_share_row(l, m, w - 1))
    return {r.x, r.y, 0, r.h};
  if (halves_share_row(l, m, w)) {
    const Rect high = l.word_rect(w + 1);
    r.w = high.x + high.w - r.x;
  }
  return r;
}

int element_at(const CanvasLayout& l, const CanvasModel& m, float x, float y) {
  const int place = l.word_place_at(x, y);
  if (place < 0 || unsigned(place) >= m.cells.size()) return -1;
  const auto w = unsigned(place);
  if (m.cells[w].half == CellHalf::High && w > 0)  // its low half's element (its box, its row)
    return l.word_rect(w).contains(x, y) || element_rect(l, m, w - 1).contains(x, y) ? int(w - 1)
                                                                                     : -1;
  return element_rect(l, m, w).contains(x, y) ? place : -1;
}

// One text size for every value: as large as the text size asks and the cells allow, shrunk so
// that most values fit whole (a value that does not fit at that size is written compactly).
float value_size(const CanvasPaint& paint, const CanvasModel& shown, float floor) {
  const CanvasLayout& l = paint.layout;
  Rect cell = l.word_rect(0);
  float size = std::min(paint.font_size * 1.15f, cell.h * 0.6f);
  for (unsigned w = 0; w < shown.cells.size() && w < l.words; ++w) {
    const float room =
        shown.cells[w].half == CellHalf::Whole ? cell.w : element_rect(l, shown, w).w;
    float width = text_width(size, shown.cells[w].text);
    if (room > 0 && width > room * 0.9f) size = std::max(floor, size * room * 0.9f / width);
  }
  return size;
}

// Each word's value; the old values until halfway through a transition.
void draw_values(const CanvasPaint& paint) {
  const CanvasView& view = paint.view;
  const CanvasLayout& l = paint.layout;
  float floor = std::max(9.0f, paint.font_size * 0.4f);
  if (l.word_rect(0).h * 0.6f < floor) return;  // too small to read: the tooltip shows values
  bool show_new = view.t >= 0.5f || view.previous == nullptr;
  const CanvasModel& shown = show_new ? paint.model : *view.previous;
  float size = value_size(paint, shown, floor);
  for (unsigned w = 0; w < shown.cells.size() && w < l.words; ++w) {
    Rect r = element_rect(l, shown, w);
    if (r.w <= 0) continue;  // the high half of a double: its low half's cell writes it
    const char* text = shown.cells[w].text.c_str();
    float width = text_width(size, text);
    for (const std::string* shorter : {&shown.cells[w].compact, &shown.cells[w].tiny}) {
      if (width <= r.w * 0.92f) break;
      text = shorter->c_str();
      width = text_width(size, text);
    }
    if (width > r.w * 0.96f) continue;  // too wide even as "2k": the tooltip shows it
    CellRole role = show_new ? paint.model.cells[w].role : CellRole::Untouched;
    ImVec4 color =
        role == CellRole::Untouched ? paint.palette.text_on_dark : paint.palette.text_on_light;
    paint.text(size, paint.at(r.x + (r.w - width) / 2, r.y + (r.h - size) / 2), color, text);
  }
}

// Bank numbers above the word columns of every panel ("0-1", "2-3" for 8-byte words), thinned
// out when narrow.
void draw_bank_header(const CanvasPaint& paint) {
  const CanvasLayout& l = paint.layout;
  float size = paint.label_size;
  float column = l.banks_per_word * l.pitch;
  float widest = text_width(size, bank_header(l, l.words_per_row - 1));
  unsigned every = 1;
  while (every < l.words_per_row && every * column < widest * 1.5f) every *= 2;
  for (unsigned panel = 0; panel < l.panels; ++panel) {
    for (unsigned c = 0; c < l.words_per_row; c += every) {
      std::string text = bank_header(l, c);
      Rect r = l.word_rect(panel * l.rows_per_panel * l.words_per_row + c);
      paint.text(size, paint.at(r.x + (r.w - text_width(size, text)) / 2, l.header_top),
                 paint.palette.text_dim, text.c_str());
    }
  }
  paint.text(size, paint.at(l.left - l.label_width + 4, l.header_top), paint.palette.text_dim,
             l.banks_per_word == 1 ? "bank" : "banks");
}

// "s[32..63]" left of each row of memory (in each panel); where rows are thinner than the label,
// one label for each group of rows, naming them all ("s[0..63]" for two), between them.
void draw_row_labels(const CanvasPaint& paint) {
  const CanvasLayout& l = paint.layout;
  float size = paint.label_size;
  for (RowGroup group : label_groups(l.rows, l.rows_per_panel, l.row_pitch(), size)) {
    unsigned row = group.first, rows = group.count;
    unsigned first = row * l.words_per_row;
    unsigned last = std::min((row + rows) * l.words_per_row, l.words) - 1;
    Rect top = l.word_rect(first), bottom = l.word_rect((row + rows - 1) * l.words_per_row);
    float middle = (top.y + bottom.y + bottom.h - size) / 2;
    paint.text(size, paint.at(top.x - l.label_width + 4, middle), paint.palette.text_dim,
               word_range_text(paint.model.arrays, first, last).c_str());
  }
}

namespace {

// "2-way" right of a row of warps: the highest bank-conflict degree of its warps.
void draw_conflict_tag(const CanvasPaint& paint, unsigned row, float& free_from) {
  const CanvasLayout& l = paint.layout;
  const CanvasModel& m = paint.model;
  unsigned degree = 0;
  for (unsigned w = row * l.warps_per_row; w < (row + 1) * l.warps_per_row; ++w)
    degree = std::max(degree, w < m.warp_degree.size() ? m.warp_degree[w] : 0u);
  Rect r = l.warp_rect(row * l.warps_per_row);
  float y = r.y + (r.h + l.bar_height - paint.label_size) / 2;
  if (degree <= 1 || y < free_from) return;
  std::string tag = std::to_string(degree) + "-way";
  paint.text(paint.label_size, paint.at(l.left + l.grid_width() + paint.label_size * 0.5f, y),
             paint.palette.conflict, tag.c_str());
  free_from = y + paint.label_size;
}

}  // namespace

// One warp per row: "warp 3" coloured by its state (full, divergent, idle); several: "warps 4-7".
// In the compact arrangement, a bar under each warp in its state's colour and labels every few
// rows. Right of the rows, bank-conflict degrees.
void draw_warp_labels(const CanvasPaint& paint) {
  const CanvasLayout& l = paint.layout;
  const CanvasModel& m = paint.model;
  float size = paint.label_size;
  float tags_free_from = -1e9f;
  for (unsigned row = 0; row < l.warp_rows; ++row) draw_conflict_tag(paint, row, tags_free_from);
  float pitch = l.warp_bars ? l.warp_row_pitch : 0.0f;  // 0: every row its own label
  for (RowGroup group : label_groups(l.warp_rows, l.warp_rows, pitch, size)) {
    unsigned row = group.first;
    Rect r = l.warp_row_label_rect(row);
    ImVec2 at = paint.at(r.x + 4, r.y + (r.h - size) / 2);
    if (l.warps_per_row == 1 && group.count > 1) {  // one label for the group: "warps 2-3"
      unsigned last = row + group.count - 1;
      Rect end = l.warp_row_label_rect(last);
      at.y = paint.at(0, (r.y + end.y + end.h - size) / 2).y;
      std::string text = "warps " + std::to_string(row) + "\u2013" + std::to_string(last);
      paint.text(size, at, group_color(paint.palette, m, row, last), text.c_str());
      continue;
    }
    if (l.warps_per_row == 1) {
      if (row < m.warps.size())
        paint.text(size, at, warp_color(paint.palette, m.warps[row].state),
                   ("warp " + std::to_string(row)).c_str());
      continue;
    }
    unsigned first = row * l.warps_per_row;
    unsigned last = std::min(first + l.warps_per_row, l.warps) - 1;
    std::string text = "warps " + std::to_string(first) + "\u2013" + std::to_string(last);
    paint.text(size, at, paint.palette.text_dim, text.c_str());
  }
  if (!l.warp_bars) return;
  for (unsigned w = 0; w < m.warps.size(); ++w) {
    Rect bar = l.warp_bar_rect(w);
    paint.list->AddRectFilled(
        paint.at(bar.x, bar.y), paint.at(bar.x + bar.w, bar.y + bar.h),
        ImGui::ColorConvertFloat4ToU32(warp_color(paint.palette, m.warps[w].state)));
  }
}

// Thread numbers in the lanes of a block of one or two warps, when every number fits (larger
// blocks would be a wall of small numbers: the tooltip names the thread).
void draw_lane_numbers(const CanvasPaint& paint) {
  constexpr std::size_t kMostNumbered = 2 * kWarpSize;
  const CanvasLayout& l = paint.layout;
  const CanvasModel& m = paint.model;
  if (m.threads.empty() || m.threads.size() > kMostNumbered) return;
  float floor = std::max(10.0f, paint.font_size * 0.5f);
  float size = std::min(paint.label_size, l.lane_height * 0.75f);
  float widest = text_width(size, std::to_string(m.threads.size() - 1));
  Rect lane = l.lane_rect(0);
  if (widest > lane.w * 0.9f) size *= lane.w * 0.9f / widest;
  if (size < floor) return;
  for (unsigned t = 0; t < m.threads.size(); ++t) {
    Rect r = l.lane_rect(t);
    std::string text = std::to_string(t);
    ImVec4 color = m.threads[t].active ? paint.palette.text_on_light : paint.palette.text_dim;
    paint.text(size, paint.at(r.x + (r.w - text_width(size, text)) / 2, r.y + (r.h - size) / 2),
               color, text.c_str());
  }
}

}  // namespace stridescope
