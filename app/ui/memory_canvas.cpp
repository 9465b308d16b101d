// The memory canvas: instanced word and lane cells and addition arrows through the shaders in
// shaders/, the pointer's focus (hover, click to pin), ImGui text and marks on top.
#include "ui/memory_canvas.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "ui/canvas_paint.h"
#include "ui/canvas_text.h"
#include "ui/gl_program.h"
#include "ui/test_clicks.h"

namespace stridescope {
namespace {

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

float smoothstep01(float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

void set_uniform(GLuint program, const char* name, ImVec4 c) {
  glUniform4f(glGetUniformLocation(program, name), c.x, c.y, c.z, c.w);
}

// 2: framed, 0: dimmed (the focus leaves it out), 1: no focus.
std::uint32_t emphasis(const std::vector<bool>& focused, unsigned index) {
  if (focused.empty()) return 1;
  return index < focused.size() && focused[index] ? 2 : 0;
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
  plain_cell_program_ = build_program("cells.vert.glsl", "cells_plain.frag.glsl");
  arrow_program_ = build_program("arrows.vert.glsl", "arrows.frag.glsl");
  glGenVertexArrays(1, &cell_vao_);
  glGenBuffers(1, &cell_vbo_);
  glGenBuffers(1, &cell_ebo_);
  glBindVertexArray(cell_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, cell_vbo_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, cell_ebo_);  // part of the vertex array's state
  auto stride = static_cast<GLsizei>(sizeof(CellVertex));
  auto attribute = [&](GLuint index, GLint size, GLenum type, std::size_t offset) {
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, size, type, type == GL_UNSIGNED_BYTE ? GL_TRUE : GL_FALSE, stride,
                          reinterpret_cast<void*>(offset));
  };
  attribute(0, 2, GL_FLOAT, offsetof(CellVertex, position));
  attribute(1, 2, GL_FLOAT, offsetof(CellVertex, local));
  attribute(2, 2, GL_FLOAT, offsetof(CellVertex, size));
  attribute(3, 4, GL_UNSIGNED_BYTE, offsetof(CellVertex, cell));
  glGenVertexArrays(1, &arrow_vao_);
  glGenBuffers(1, &arrow_vbo_);
  glBindVertexArray(arrow_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, arrow_vbo_);
  stride = static_cast<GLsizei>(sizeof(Point));
  attribute(0, 2, GL_FLOAT, 0);
  glBindVertexArray(0);
}

void MemoryCanvas::shutdown() {
  glDeleteBuffers(1, &cell_vbo_);
  glDeleteBuffers(1, &cell_ebo_);
  glDeleteBuffers(1, &arrow_vbo_);
  glDeleteVertexArrays(1, &cell_vao_);
  glDeleteVertexArrays(1, &arrow_vao_);
  glDeleteProgram(cell_program_);
  glDeleteProgram(plain_cell_program_);
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
  if (!arrow_triangles_.empty()) draw_arrows_gl(p);
  glBindVertexArray(0);
  glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
}

void MemoryCanvas::draw_cells_gl(const Palette& p) {
  std::size_t plain = cell_vertices_.size() / 4, cells = plain + marked_vertices_.size() / 4;
  glBindVertexArray(cell_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, cell_vbo_);
  auto bytes = [](std::size_t vertices) {
    return static_cast<GLsizeiptr>(vertices * sizeof(CellVertex));
  };
  glBufferData(GL_ARRAY_BUFFER, bytes(cells * 4), nullptr, GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, bytes(cell_vertices_.size()), cell_vertices_.data());
  glBufferSubData(GL_ARRAY_BUFFER, bytes(cell_vertices_.size()), bytes(marked_vertices_.size()),
                  marked_vertices_.data());
  if (cells > indexed_cells_) {  // two triangles per cell: 0 1 2, 2 1 3
    std::vector<std::uint32_t> indices;
    indices.reserve(cells * 6);
    for (std::uint32_t c = 0; c < cells; ++c)
      indices.insert(indices.end(), {4 * c, 4 * c + 1, 4 * c + 2, 4 * c + 2, 4 * c + 1, 4 * c + 3});
    glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                 static_cast<GLsizeiptr>(indices.size() * sizeof(std::uint32_t)), indices.data(),
                 GL_STATIC_DRAW);
    indexed_cells_ = cells;
  }
  glDisable(GL_BLEND);  // cells are opaque: the fragment shaders discard outside the rounded box
  draw_cell_range(plain_cell_program_, 0, plain);
  glUseProgram(cell_program_);
  glUniform1f(glGetUniformLocation(cell_program_, "u_t"), t_);
  set_uniform(cell_program_, "u_conflict", p.conflict);
  set_uniform(cell_program_, "u_focus", p.focus);
  set_uniform(cell_program_, "u_dim", p.canvas_background);
  draw_cell_range(cell_program_, plain, cells - plain);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
}

void MemoryCanvas::draw_cell_range(GLuint program, std::size_t first_cell, std::size_t cells) {
  if (cells == 0) return;
  glUseProgram(program);
  glUniform2f(glGetUniformLocation(program, "u_canvas_size"), size_.x, size_.y);
  glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(cells * 6), GL_UNSIGNED_INT,
                 reinterpret_cast<void*>(first_cell * 6 * sizeof(std::uint32_t)));
}

void MemoryCanvas::draw_arrows_gl(const Palette& p) {
  glUseProgram(arrow_program_);
  glUniform2f(glGetUniformLocation(arrow_program_, "u_canvas_size"), size_.x, size_.y);
  ImVec4 color = p.arrow;
  if (focused_) color.w *= 0.3f;
  set_uniform(arrow_program_, "u_color", color);
  glBindVertexArray(arrow_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, arrow_vbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(arrow_triangles_.size() * sizeof(Point)),
               arrow_triangles_.data(), GL_STREAM_DRAW);
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(arrow_triangles_.size()));
}

void MemoryCanvas::add_cell(const Rect& r, ImVec4 from, ImVec4 to, bool conflict,
                            std::uint32_t emphasis) {
  float s = smoothstep01(t_);
  ImVec4 c(from.x + (to.x - from.x) * s, from.y + (to.y - from.y) * s, from.z + (to.z - from.z) * s,
           1.0f);
  std::uint32_t cell = (ImGui::ColorConvertFloat4ToU32(c) & 0x00ffffffu) |
                       ((conflict ? 1u : 0u) + 2u * emphasis) << 24;
  std::vector<CellVertex>& vertices = conflict || emphasis != 1 ? marked_vertices_ : cell_vertices_;
  for (int corner = 0; corner < 4; ++corner) {
    float cx = static_cast<float>(corner & 1), cy = static_cast<float>(corner >> 1);
    vertices.push_back({{r.x + cx * r.w, r.y + cy * r.h}, {cx * r.w, cy * r.h}, {r.w, r.h}, cell});
  }
}

void MemoryCanvas::add_word_instances(const CanvasView& view, const CanvasSelection& selection) {
  const Palette& p = palette(view.high_contrast);
  const CanvasModel& m = *view.current;
  for (unsigned w = 0; w < m.cells.size(); ++w) {
    CellRole before = view.previous && w < view.previous->cells.size()
                          ? view.previous->cells[w].role
                          : CellRole::Untouched;
    add_cell(layout_.word_rect(w), role_color(p, before), role_color(p, m.cells[w].role),
             m.cells[w].conflict, emphasis(selection.words, w));
  }
}

void MemoryCanvas::add_lane_instances(const CanvasView& view, const CanvasSelection& selection) {
  const Palette& p = palette(view.high_contrast);
  const CanvasModel& m = *view.current;
  for (unsigned t = 0; t < m.threads.size(); ++t) {
    bool before = view.previous && t < view.previous->threads.size()
                      ? view.previous->threads[t].active
                      : m.threads[t].active;
    add_cell(layout_.lane_rect(t), before ? p.lane_active : p.lane_idle,
             m.threads[t].active ? p.lane_active : p.lane_idle, false,
             emphasis(selection.threads, t));
  }
}

void MemoryCanvas::build_instances(const CanvasView& view, const CanvasSelection& selection) {
  cell_vertices_.clear();
  marked_vertices_.clear();
  add_word_instances(view, selection);
  add_lane_instances(view, selection);
  arrow_triangles_.clear();
  arrow_scale_ = std::min(layout_.pitch, layout_.pitch * layout_.banks_per_word);
  ArrowStyle style{std::clamp(arrow_scale_ * 0.07f, 1.2f, 6.0f),
                   std::clamp(arrow_scale_ * 0.28f, 5.0f, 22.0f)};
  auto words = static_cast<unsigned>(view.current->cells.size());
  for (const CanvasArrow& a : view.current->arrows) {
    if (a.from_word >= words || a.to_word >= words) continue;
    Rect from = layout_.word_rect(a.from_word), to = layout_.word_rect(a.to_word);
    Point start{from.x + from.w / 2, from.y + from.h * 0.25f};
    Point end{to.x + to.w / 2, to.y + to.h * 0.05f};
    style.segments =
        arrow_segments(std::hypot(end.x - start.x, end.y - start.y), view.current->arrows.size());
    add_arrow_triangles(arrow_triangles_, start, end, t_, style);
  }
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
