// Canvas overlay: thread-to-word links, the hazard lab's marks (races from the threads to the word,
// lost elements and uninitialized reads on words, threads stuck at a barrier), banner and legend.
#include <algorithm>
#include <cfloat>
#include <string>
#include <vector>

#include "ui/canvas/canvas_paint.h"
#include "ui/canvas/memory_canvas.h"

namespace stridescope {
namespace {

constexpr std::size_t kDefaultLinks = 40;   // a step this small shows its links unasked
constexpr std::size_t kMaxLinks = 2048;     // the serial variant's thread reads every word
constexpr std::size_t kMaxRacesDrawn = 64;  // the tooltip and the facts panel list the rest

ImU32 u32(ImVec4 c) {
  return ImGui::ColorConvertFloat4ToU32(c);
}

ImVec4 hazard_color(const Palette& p, HazardKind kind) {
  switch (kind) {
    case HazardKind::ReadAfterWrite:
      return p.race_read_after_write;
    case HazardKind::WriteAfterRead:
      return p.race_write_after_read;
    case HazardKind::WriteAfterWrite:
      break;
  }
  return p.race_write_after_write;
}

ImVec2 lane_top(const CanvasPaint& paint, unsigned thread) {
  Rect r = paint.layout.lane_rect(thread);
  return paint.at(r.x + r.w / 2, r.y);
}

ImVec2 word_bottom(const CanvasPaint& paint, unsigned word) {
  Rect r = paint.layout.word_rect(word);
  return paint.at(r.x + r.w / 2, r.y + r.h);
}

// A line with a dark edge, readable over cells of any colour.
void edged_line(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 color, float thickness) {
  list->AddLine(a, b, IM_COL32(0, 0, 0, 170), thickness + 2.0f);
  list->AddLine(a, b, color, thickness);
}

// Races: a ring on the word, lines from both threads' lanes to it. With a focus, the races on its
// words stay bright and the others step back.
void draw_races(const CanvasPaint& paint, const CanvasSelection& selection, float thick) {
  const CanvasModel& m = paint.model;
  for (std::size_t i = 0; i < m.hazards.size() && i < kMaxRacesDrawn; ++i) {
    const CanvasHazard& h = m.hazards[i];
    if (h.word >= m.cells.size()) continue;
    ImVec4 race = hazard_color(paint.palette, h.kind);
    if (!selection.words.empty() && !selection.words[h.word]) race.w = 0.25f;
    ImU32 color = u32(race);
    Rect r = paint.layout.word_rect(h.word);
    paint.list->AddRect(paint.at(r.x - thick, r.y - thick),
                        paint.at(r.x + r.w + thick, r.y + r.h + thick), color, 5, 0, thick);
    for (unsigned t : {h.first_thread, h.second_thread}) {
      if (t >= m.threads.size()) continue;
      Rect lane = paint.layout.lane_rect(t);
      paint.list->AddRect(paint.at(lane.x - 1, lane.y - 1),
                          paint.at(lane.x + lane.w + 1, lane.y + lane.h + 1), color, 3, 0,
                          thick * 0.7f);
      edged_line(paint.list, lane_top(paint, t), word_bottom(paint, h.word), color, thick * 0.6f);
    }
  }
}

void draw_word_marks(const CanvasPaint& paint, float thick) {
  const Palette& p = paint.palette;
  const CanvasModel& m = paint.model;
  for (unsigned w = 0; w < m.cells.size(); ++w) {
    const CellState& c = m.cells[w];
    if (!c.holds_lost && !c.uninitialized_read) continue;
    Rect r = paint.layout.word_rect(w);
    ImVec2 a = paint.at(r.x, r.y), b = paint.at(r.x + r.w, r.y + r.h);
    float side = std::min(r.w, r.h);
    if (c.holds_lost) {  // an orange cross in the top-right corner, and a frame
      ImU32 color = u32(p.lost);
      float k = side * 0.28f;
      paint.list->AddLine(ImVec2(b.x - k - 3, a.y + 3), ImVec2(b.x - 3, a.y + 3 + k), color, thick);
      paint.list->AddLine(ImVec2(b.x - 3, a.y + 3), ImVec2(b.x - k - 3, a.y + 3 + k), color, thick);
      paint.list->AddRect(a, b, color, 4, 0, thick * 0.6f);
    }
    if (c.uninitialized_read) {  // a '?' on a dark badge, readable on any cell colour
      ImU32 color = u32(p.uninitialized);
      float text = std::max(side * 0.38f, paint.font_size * 0.6f);
      ImVec2 badge(a.x + thick, a.y + thick);
      paint.list->AddRectFilled(badge, ImVec2(badge.x + text * 0.75f, badge.y + text),
                                IM_COL32(0, 0, 0, 230), 3);
      paint.list->AddText(ImGui::GetFont(), text, ImVec2(badge.x + text * 0.1f, badge.y), color,
                          "?");
      paint.list->AddRect(ImVec2(a.x + thick / 2, a.y + thick / 2),
                          ImVec2(b.x - thick / 2, b.y - thick / 2), color, 4, 0, thick);
    }
  }
}

// Threads stuck at a divergent barrier: a red frame; threads that exited instead: dimmed.
void draw_barrier_marks(const CanvasPaint& paint, float thick) {
  const CanvasModel& m = paint.model;
  for (unsigned t = 0; t < m.threads.size(); ++t) {
    BarrierWait state = m.threads[t].barrier;
    if (state == BarrierWait::None) continue;
    Rect r = paint.layout.lane_rect(t);
    ImVec2 a = paint.at(r.x, r.y), b = paint.at(r.x + r.w, r.y + r.h);
    if (state == BarrierWait::Waiting) {
      paint.list->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1),
                          u32(paint.palette.waiting), 4, 0, thick);
    } else {
      paint.list->AddRectFilled(a, b, kExitedDimming, 4);
    }
  }
}

}  // namespace

void draw_links(const CanvasPaint& paint, const CanvasSelection& selection) {
  bool focused = !selection.empty();
  const std::vector<Touch>& links = focused ? selection.links : paint.model.touches;
  if (!focused && (links.size() > kDefaultLinks || !paint.model.hazards.empty())) return;
  float thickness = std::clamp(paint.layout.lane_pitch * 0.1f, 1.5f, 3.5f);
  if (!focused) thickness = std::max(1.0f, thickness * 0.6f);
  for (std::size_t i = 0; i < links.size() && i < kMaxLinks; ++i) {
    const Touch& link = links[i];
    ImVec4 color = link.written ? paint.palette.cell_written : paint.palette.cell_read;
    if (!focused) color.w = 0.55f;
    ImVec2 from = lane_top(paint, link.thread), to = word_bottom(paint, link.word);
    if (focused) {
      edged_line(paint.list, from, to, u32(color), thickness);
    } else {
      paint.list->AddLine(from, to, u32(color), thickness);
    }
  }
}

void draw_lab_overlay(const CanvasPaint& paint, const CanvasSelection& selection) {
  float thick = std::clamp(paint.layout.pitch * 0.08f, 2.0f, 5.0f);
  draw_races(paint, selection, thick);
  draw_word_marks(paint, thick);
  draw_barrier_marks(paint, thick);
}

namespace {

float one_banner_height(const std::string& text, float width, float size) {
  if (text.empty()) return 0;
  float pad = size * 0.5f;
  const char* begin = text.c_str();
  return ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, width - 4 * pad, begin).y + 3 * pad;
}

// A filled box across the canvas with the text wrapped inside; returns its height.
float draw_one_banner(const std::string& text, ImDrawList* list, ImVec2 at, float width, float size,
                      ImU32 fill, ImU32 frame, ImU32 ink) {
  float height = one_banner_height(text, width, size);
  if (height == 0) return 0;
  float pad = size * 0.5f;
  ImVec2 a(at.x + pad, at.y + pad / 2);
  ImVec2 b(at.x + width - pad, at.y + height - pad / 2);
  list->AddRectFilled(a, b, fill, 6);
  list->AddRect(a, b, frame, 6, 0, 2.5f);
  list->AddText(ImGui::GetFont(), size, ImVec2(a.x + pad, a.y + pad), ink, text.c_str(), nullptr,
                width - 4 * pad);
  return height;
}

// The quiz's banner in the text size where it takes at most a third of the canvas's height
// (`height`), else smaller, down to 0.7 of it: the canvas keeps its room.
float quiz_banner_size(const std::string& text, float width, float height) {
  float font = ImGui::GetFontSize();
  for (float scale : {1.0f, 0.85f}) {
    if (one_banner_height(text, width, font * scale) <= height / 3) return font * scale;
  }
  return font * 0.7f;
}

}  // namespace

float banner_height(const CanvasView& view, float width, float height) {
  float quiz = quiz_banner_size(view.quiz_banner, width, height);
  return one_banner_height(view.banner, width, ImGui::GetFontSize()) +
         one_banner_height(view.quiz_banner, width, quiz);
}

// The warning (a divergent barrier) in dark red, the quiz's banner under it in dark blue.
void draw_banner(const CanvasView& view, ImDrawList* list, ImVec2 at, float width, float height) {
  const Palette& p = palette(view.high_contrast);
  ImU32 ink = u32(p.text_on_dark);
  float used = draw_one_banner(view.banner, list, at, width, ImGui::GetFontSize(),
                               u32(ImVec4(0.35f, 0.02f, 0.02f, 0.92f)), u32(p.waiting), ink);
  draw_one_banner(view.quiz_banner, list, ImVec2(at.x, at.y + used), width,
                  quiz_banner_size(view.quiz_banner, width, height),
                  u32(ImVec4(0.04f, 0.10f, 0.28f, 0.95f)), u32(p.quiz_mark), ink);
}

}  // namespace stridescope
