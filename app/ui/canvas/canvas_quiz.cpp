// The quiz's marks on the memory canvas: a learner's marks, and after the reveal each one judged.
#include <algorithm>
#include <cmath>

#include "ui/canvas/canvas_paint.h"

namespace stridescope {
namespace {

constexpr ImU32 kEdge = IM_COL32(0, 0, 0, 200);  // under every mark: readable on any cell

ImU32 u32(ImVec4 c) {
  return ImGui::ColorConvertFloat4ToU32(c);
}

void edged_line(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 color, float thick) {
  list->AddLine(a, b, kEdge, thick + 2.5f);
  list->AddLine(a, b, color, thick);
}

void edged_ring(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 color, float thick) {
  list->AddRect(a, b, kEdge, 4, 0, thick + 2.5f);
  list->AddRect(a, b, color, 4, 0, thick);
}

// A frame of dashes along the rectangle's four sides.
void dashed_frame(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 color, float thick) {
  float dash = std::max(3.0f, thick * 2.2f);
  ImVec2 corners[5] = {a, ImVec2(b.x, a.y), b, ImVec2(a.x, b.y), a};
  for (int side = 0; side < 4; ++side) {
    ImVec2 from = corners[side], to = corners[side + 1];
    float length = std::hypot(to.x - from.x, to.y - from.y);
    for (float s = 0; s < length; s += 2 * dash) {
      float e = std::min(length, s + dash);
      ImVec2 p(from.x + (to.x - from.x) * s / length, from.y + (to.y - from.y) * s / length);
      ImVec2 q(from.x + (to.x - from.x) * e / length, from.y + (to.y - from.y) * e / length);
      edged_line(list, p, q, color, thick);
    }
  }
}

void draw_mark(const CanvasPaint& paint, Rect r, QuizMark mark, float thick) {
  const Palette& p = paint.palette;
  ImDrawList* list = paint.list;
  float out = thick * 0.5f;
  ImVec2 a = paint.at(r.x - out, r.y - out), b = paint.at(r.x + r.w + out, r.y + r.h + out);
  switch (mark) {
    case QuizMark::Marked: {  // a ring and a dot: "I think so"
      edged_ring(list, a, b, u32(p.quiz_mark), thick);
      float dot = std::max(2.0f, std::min(r.w, r.h) * 0.14f);
      ImVec2 c = paint.at(r.x + r.w - dot * 1.8f, r.y + dot * 1.8f);
      list->AddCircleFilled(c, dot + 1.5f, kEdge);
      list->AddCircleFilled(c, dot, u32(p.quiz_mark));
      break;
    }
    case QuizMark::Hit:
      edged_ring(list, a, b, u32(p.quiz_right), thick * 1.2f);
      break;
    case QuizMark::Wrong: {
      ImVec2 c = paint.at(r.x, r.y), d = paint.at(r.x + r.w, r.y + r.h);
      float k = std::min(r.w, r.h) * 0.18f;
      edged_line(list, ImVec2(c.x + k, c.y + k), ImVec2(d.x - k, d.y - k), u32(p.quiz_wrong),
                 thick);
      edged_line(list, ImVec2(d.x - k, c.y + k), ImVec2(c.x + k, d.y - k), u32(p.quiz_wrong),
                 thick);
      edged_ring(list, a, b, u32(p.quiz_wrong), thick * 0.6f);
      break;
    }
    case QuizMark::Missed:
      dashed_frame(list, a, b, u32(p.quiz_missed), thick * 0.8f);
      break;
    case QuizMark::None:
      break;
  }
}

}  // namespace

void draw_quiz_marks(const CanvasPaint& paint, const QuizOverlay& quiz) {
  const CanvasModel& m = paint.model;
  float word_thick = std::clamp(paint.layout.pitch * 0.07f, 2.0f, 5.0f);
  for (unsigned w = 0; w < quiz.words.size() && w < m.cells.size(); ++w) {
    draw_mark(paint, paint.layout.word_rect(w), quiz.words[w], word_thick);
  }
  float lane_thick = std::clamp(paint.layout.lane_pitch * 0.08f, 1.5f, 4.0f);
  for (unsigned t = 0; t < quiz.threads.size() && t < m.threads.size(); ++t) {
    draw_mark(paint, paint.layout.lane_rect(t), quiz.threads[t], lane_thick);
  }
}

}  // namespace stridescope
