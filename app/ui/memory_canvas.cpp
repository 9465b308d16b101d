// The memory canvas: instanced word and lane cells and addition arrows through the shaders in
// shaders/, the pointer's focus (hover, click to pin), ImGui text and marks on top.
#include "ui/memory_canvas.h"

#include <algorithm>
#include <cstddef>

#include "ui/canvas_paint.h"
#include "ui/canvas_text.h"
#include "ui/gl_program.h"
#include "ui/test_clicks.h"

namespace stridescope {
namespace {

constexpr int kArrowSegments = 24;

ImVec4 role_color(const Palette& p, CellRole role) {
  switch (role) {
    case CellRole::Read:
      return p.cell_read;
    case CellRole::Written:
      return p.cell_written;
    case CellRole::Untouched:
      break;
  }
  return p.cell_untouched;
}

void copy_color(float* out, ImVec4 c) {
  out[0] = c.x;
  out[1] = c.y;
  out[2] = c.z;
  out[3] = c.w;
}

void set_uniform(GLuint program, const char* name, ImVec4 c) {
  glUniform4f(glGetUniformLocation(program, name), c.x, c.y, c.z, c.w);
}

// 1: framed, -1: dimmed (the focus leaves it out), 0: no focus.
float emphasis(const std::vector<bool>& focused, unsigned index) {
  if (focused.empty()) return 0.0f;
  return index < focused.size() && focused[index] ? 1.0f : -1.0f;
}

bool focus_exists(const CanvasModel& m, CanvasFocus f) {
  switch (f.kind) {
    case CanvasFocus::Kind::Thread:
      return f.index < m.threads.size();
    case CanvasFocus::Kind::Warp:
      return f.index < m.warps.size();
    case CanvasFocus::Kind::Word:
      return f.index < m.cells.size();
    case CanvasFocus::Kind::None:
      break;
  }
  return false;
}

// The legend under the canvas, unless the quiz's banner and the legend would leave the cells less
// than 45% of the height (large text on a small screen): the banner names the quiz's marks.
bool legend_fits(const CanvasView& view, ImVec2 avail) {
  if (!view.legend || view.quiz == nullptr) return view.legend;
  float below = legend_height(view, avail.x) + ImGui::GetStyle().ItemSpacing.y;
  float banner = banner_height(view, avail.x, avail.y - below);
  return avail.y - below - banner >= avail.y * 0.45f;
}

}  // namespace

void MemoryCanvas::init() {
  cell_program_ = build_program("cells.vert.glsl", "cells.frag.glsl");
  arrow_program_ = build_program("arrows.vert.glsl", "arrows.frag.glsl");
  glGenVertexArrays(1, &cell_vao_);
  glGenBuffers(1, &cell_vbo_);
  glBindVertexArray(cell_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, cell_vbo_);
  auto stride = static_cast<GLsizei>(sizeof(CellInstance));
  auto attribute = [&](GLuint index, GLint size, std::size_t offset) {
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, size, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offset));
    glVertexAttribDivisor(index, 1);
  };
  attribute(0, 4, offsetof(CellInstance, rect));
  attribute(1, 4, offsetof(CellInstance, from));
  attribute(2, 4, offsetof(CellInstance, to));
  attribute(3, 2, offsetof(CellInstance, flags));
  glGenVertexArrays(1, &arrow_vao_);
  glGenBuffers(1, &arrow_vbo_);
  glBindVertexArray(arrow_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, arrow_vbo_);
  stride = static_cast<GLsizei>(sizeof(ArrowInstance));
  attribute(0, 2, offsetof(ArrowInstance, from));
  attribute(1, 2, offsetof(ArrowInstance, to));
  glBindVertexArray(0);
}

void MemoryCanvas::shutdown() {
  glDeleteBuffers(1, &cell_vbo_);
  glDeleteBuffers(1, &arrow_vbo_);
  glDeleteVertexArrays(1, &cell_vao_);
  glDeleteVertexArrays(1, &arrow_vao_);
  glDeleteProgram(cell_program_);
  glDeleteProgram(arrow_program_);
}

void MemoryCanvas::render_callback(const ImDrawList*, const ImDrawCmd* command) {
  static_cast<MemoryCanvas*>(command->UserCallbackData)->render_gl();
}

void MemoryCanvas::render_gl() {
  GLint viewport[4];
  glGetIntegerv(GL_VIEWPORT, viewport);
  ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  auto x = static_cast<GLint>(origin_.x * scale.x);
  auto w = static_cast<GLsizei>(size_.x * scale.x);
  auto h = static_cast<GLsizei>(size_.y * scale.y);
  auto y = static_cast<GLint>(viewport[3] - (origin_.y + size_.y) * scale.y);
  glViewport(x, y, w, h);
  glEnable(GL_SCISSOR_TEST);
  glScissor(x, y, w, h);
  const Palette& p = palette(high_contrast_);
  draw_cells_gl(p);
  if (!arrows_.empty()) draw_arrows_gl(p);
  glBindVertexArray(0);
  glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
}

void MemoryCanvas::draw_cells_gl(const Palette& p) {
  glUseProgram(cell_program_);
  glUniform2f(glGetUniformLocation(cell_program_, "u_canvas_size"), size_.x, size_.y);
  glUniform1f(glGetUniformLocation(cell_program_, "u_t"), t_);
  set_uniform(cell_program_, "u_conflict", p.conflict);
  set_uniform(cell_program_, "u_focus", p.focus);
  set_uniform(cell_program_, "u_dim", p.canvas_background);
  glBindVertexArray(cell_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, cell_vbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(cells_.size() * sizeof(CellInstance)),
               cells_.data(), GL_STREAM_DRAW);
  glDisable(GL_BLEND);  // cells are opaque: the fragment shader discards outside the rounded box
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(cells_.size()));
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
}

void MemoryCanvas::draw_arrows_gl(const Palette& p) {
  glUseProgram(arrow_program_);
  glUniform2f(glGetUniformLocation(arrow_program_, "u_canvas_size"), size_.x, size_.y);
  glUniform1f(glGetUniformLocation(arrow_program_, "u_t"), t_);
  glUniform1f(glGetUniformLocation(arrow_program_, "u_width"),
              std::clamp(arrow_scale_ * 0.07f, 1.2f, 6.0f));
  glUniform1f(glGetUniformLocation(arrow_program_, "u_head"),
              std::clamp(arrow_scale_ * 0.28f, 5.0f, 22.0f));
  glUniform1i(glGetUniformLocation(arrow_program_, "u_segments"), kArrowSegments);
  ImVec4 color = p.arrow;
  if (focused_) color.w *= 0.3f;
  set_uniform(arrow_program_, "u_color", color);
  glBindVertexArray(arrow_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, arrow_vbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(arrows_.size() * sizeof(ArrowInstance)),
               arrows_.data(), GL_STREAM_DRAW);
  auto count = static_cast<GLsizei>(arrows_.size());
  glUniform1i(glGetUniformLocation(arrow_program_, "u_draw_head"), 0);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 2 * (kArrowSegments + 1), count);
  glUniform1i(glGetUniformLocation(arrow_program_, "u_draw_head"), 1);
  glDrawArraysInstanced(GL_TRIANGLES, 0, 3, count);
}

void MemoryCanvas::add_word_instances(const CanvasView& view, const CanvasSelection& selection) {
  const Palette& p = palette(view.high_contrast);
  const CanvasModel& m = *view.current;
  for (unsigned w = 0; w < m.cells.size(); ++w) {
    CellRole before = view.previous && w < view.previous->cells.size()
                          ? view.previous->cells[w].role
                          : CellRole::Untouched;
    Rect r = layout_.word_rect(w);
    CellInstance c{{r.x, r.y, r.w, r.h}, {}, {}, {m.cells[w].conflict ? 1.0f : 0.0f, 0}};
    copy_color(c.from, role_color(p, before));
    copy_color(c.to, role_color(p, m.cells[w].role));
    c.flags[1] = emphasis(selection.words, w);
    cells_.push_back(c);
  }
}

void MemoryCanvas::add_lane_instances(const CanvasView& view, const CanvasSelection& selection) {
  const Palette& p = palette(view.high_contrast);
  const CanvasModel& m = *view.current;
  for (unsigned t = 0; t < m.threads.size(); ++t) {
    bool before = view.previous && t < view.previous->threads.size()
                      ? view.previous->threads[t].active
                      : m.threads[t].active;
    Rect r = layout_.lane_rect(t);
    CellInstance c{{r.x, r.y, r.w, r.h}, {}, {}, {0, emphasis(selection.threads, t)}};
    copy_color(c.from, before ? p.lane_active : p.lane_idle);
    copy_color(c.to, m.threads[t].active ? p.lane_active : p.lane_idle);
    cells_.push_back(c);
  }
}

void MemoryCanvas::build_instances(const CanvasView& view, const CanvasSelection& selection) {
  cells_.clear();
  add_word_instances(view, selection);
  add_lane_instances(view, selection);
  arrows_.clear();
  auto words = static_cast<unsigned>(view.current->cells.size());
  for (const CanvasArrow& a : view.current->arrows) {
    if (a.from_word >= words || a.to_word >= words) continue;
    Rect from = layout_.word_rect(a.from_word), to = layout_.word_rect(a.to_word);
    arrows_.push_back(
        {{from.x + from.w / 2, from.y + from.h * 0.25f}, {to.x + to.w / 2, to.y + to.h * 0.05f}});
  }
  arrow_scale_ = std::min(layout_.pitch, layout_.pitch * layout_.banks_per_word);
}

CanvasFocus MemoryCanvas::track_pointer(const CanvasView& view, ImVec2 mouse, bool hovered,
                                        bool clicked) {
  const CanvasModel& m = *view.current;
  if (!focus_exists(m, pinned_)) pinned_ = {};
  CanvasFocus hover;
  if (hovered) hover = focus_at(mouse.x - origin_.x, mouse.y - origin_.y);
  if (clicked && view.marking) {
    mark_clicks_.push_back(hover);
  } else if (clicked) {
    CanvasFocus pin = hover;  // a click on a thread pins its warp
    if (pin.kind == CanvasFocus::Kind::Thread)
      pin = {CanvasFocus::Kind::Warp, hover.index / kWarpSize};
    pinned_ = pin == pinned_ ? CanvasFocus{} : pin;
  }
  if (!focus_exists(m, hover)) hover = {};
  return hover;
}

CanvasFocus MemoryCanvas::focus_at(float x, float y) const {
  if (int t = layout_.thread_at(x, y); t >= 0) return {CanvasFocus::Kind::Thread, unsigned(t)};
  if (int w = layout_.warp_at(x, y); w >= 0) return {CanvasFocus::Kind::Warp, unsigned(w)};
  if (int word = layout_.word_at(x, y); word >= 0) return {CanvasFocus::Kind::Word, unsigned(word)};
  return {};
}

// Test hook (ui/test_clicks.h): the centre of each named cell, hit as a click there would be.
void MemoryCanvas::add_test_clicks() {
  for (CanvasFocus target : take_test_clicks()) {
    Rect r;
    switch (target.kind) {
      case CanvasFocus::Kind::Word:
        r = layout_.word_rect(target.index);
        break;
      case CanvasFocus::Kind::Thread:
        r = layout_.lane_rect(target.index);
        break;
      case CanvasFocus::Kind::Warp:
        r = layout_.warp_bars ? layout_.warp_bar_rect(target.index)
                              : layout_.warp_row_label_rect(target.index);
        break;
      case CanvasFocus::Kind::None:
        continue;
    }
    mark_clicks_.push_back(focus_at(r.x + r.w / 2, r.y + r.h / 2));
  }
}

std::vector<CanvasFocus> MemoryCanvas::take_mark_clicks() {
  std::vector<CanvasFocus> clicks;
  clicks.swap(mark_clicks_);
  return clicks;
}

void MemoryCanvas::show_tooltip(const CanvasView& view, CanvasFocus hovered) const {
  const CanvasModel& m = *view.current;
  std::string text;
  switch (hovered.kind) {
    case CanvasFocus::Kind::Thread:
      text = thread_tooltip(m, hovered.index) +
             (view.marking ? "\nclick: mark it (or not) as active in the next step"
                           : "\nclick to keep warp " + std::to_string(hovered.index / kWarpSize) +
                                 "'s links shown");
      break;
    case CanvasFocus::Kind::Warp:
      text = warp_tooltip(m, hovered.index, !view.marking);
      if (view.marking) text += "\nclick: mark (or unmark) all its lanes as active next step";
      break;
    case CanvasFocus::Kind::Word:
      text = word_tooltip(m, hovered.index, layout_.words_per_row);
      if (view.marking) text += "\nclick: mark it (or not) as written in the next step";
      break;
    case CanvasFocus::Kind::None:
      return;
  }
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(text.c_str());
  ImGui::EndTooltip();
}

void MemoryCanvas::place(const CanvasView& view, ImVec2 origin, ImVec2 size) {
  float font = ImGui::GetFontSize();
  float label = canvas_label_size(font);
  const CanvasModel& m = *view.current;
  CanvasShape shape{static_cast<unsigned>(m.cells.size()), m.word_size,
                    static_cast<unsigned>(m.threads.size())};
  bool tags = view.conflict_column || std::any_of(m.warp_degree.begin(), m.warp_degree.end(),
                                                  [](unsigned d) { return d > 1; });
  CanvasMetrics metrics{size.x, size.y, canvas_label_width(shape, label, m.arrays),
                        tags ? canvas_tag_width(label) : 0.0f, label};
  layout_ = layout_canvas(shape, metrics);
  origin_ = origin;
  size_ = size;
}

void MemoryCanvas::draw(const CanvasView& view) {
  const Palette& p = palette(view.high_contrast);
  ImDrawList* list = ImGui::GetWindowDrawList();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  bool with_legend = legend_fits(view, avail);
  float legend = with_legend ? legend_height(view, avail.x) : 0.0f;
  float gap = with_legend ? ImGui::GetStyle().ItemSpacing.y : 0.0f;
  float room = avail.y - legend - gap;
  float banner = banner_height(view, avail.x, room);
  ImVec2 size(avail.x, avail.y - legend - gap - banner);
  if (size.x < 50 || size.y < 50) return;
  ImGui::InvisibleButton("canvas", ImVec2(avail.x, banner + size.y));
  bool hovered = view.pointer && ImGui::IsItemHovered();
  bool clicked = view.pointer && ImGui::IsItemClicked(ImGuiMouseButton_Left);
  place(view, ImVec2(origin.x, origin.y + banner), size);
  t_ = view.t;
  high_contrast_ = view.high_contrast;
  ImVec2 mouse = ImGui::GetIO().MousePos;
  CanvasFocus hover = track_pointer(view, mouse, hovered, clicked);
  if (view.marking) add_test_clicks();
  CanvasSelection selection =
      select(*view.current, hover.kind != CanvasFocus::Kind::None ? hover : pinned_);
  build_instances(view, selection);
  focused_ = !selection.empty();

  list->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + banner + size.y),
                      ImGui::ColorConvertFloat4ToU32(p.canvas_background));
  list->AddCallback(&MemoryCanvas::render_callback, this);
  list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
  float font = ImGui::GetFontSize();
  CanvasPaint paint{view, *view.current, layout_, p, list, origin_, font, canvas_label_size(font)};
  list->PushClipRect(origin_, ImVec2(origin_.x + size_.x, origin_.y + size_.y), true);
  draw_values(paint);
  draw_lane_numbers(paint);
  draw_bank_header(paint);
  draw_row_labels(paint);
  draw_warp_labels(paint);
  draw_lab_overlay(paint, selection);
  draw_links(paint, selection);
  if (view.quiz) draw_quiz_marks(paint, *view.quiz);
  list->PopClipRect();
  draw_banner(view, list, origin, avail.x, room);
  if (hovered) show_tooltip(view, hover);
  if (!with_legend) return;
  draw_legend(view, list, ImGui::GetCursorScreenPos(), avail.x);
  ImGui::Dummy(ImVec2(avail.x, legend));
}

}  // namespace stridescope
