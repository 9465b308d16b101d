// The memory canvas: instanced cells and arrows through the shaders in shaders/, ImGui text on top.
#include "ui/memory_canvas.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>

#include "core/format.h"
#include "ui/gl_program.h"

namespace stridescope {
namespace {

constexpr int kArrowSegments = 24;

ImVec4 role_color(const Palette& p, CellRole role) {
  switch (role) {
    case CellRole::Read:
      return p.cell_read;
    case CellRole::Written:
      return p.cell_written;
    default:
      return p.cell_untouched;
  }
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
  attribute(0, 2, offsetof(CellInstance, x));
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
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  const Palette& p = palette(high_contrast_);

  glUseProgram(cell_program_);
  glUniform2f(glGetUniformLocation(cell_program_, "u_canvas_size"), size_.x, size_.y);
  glUniform1f(glGetUniformLocation(cell_program_, "u_cell"), layout_.cell);
  glUniform1f(glGetUniformLocation(cell_program_, "u_t"), t_);
  set_uniform(cell_program_, "u_band_on", p.band_on);
  set_uniform(cell_program_, "u_band_off", p.band_off);
  set_uniform(cell_program_, "u_conflict", p.conflict);
  glBindVertexArray(cell_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, cell_vbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(cells_.size() * sizeof(CellInstance)),
               cells_.data(), GL_STREAM_DRAW);
  glDisable(GL_BLEND);  // cells are opaque: the fragment shader discards outside the rounded box
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(cells_.size()));
  glEnable(GL_BLEND);

  if (!arrows_.empty()) {
    glUseProgram(arrow_program_);
    glUniform2f(glGetUniformLocation(arrow_program_, "u_canvas_size"), size_.x, size_.y);
    glUniform1f(glGetUniformLocation(arrow_program_, "u_t"), t_);
    glUniform1f(glGetUniformLocation(arrow_program_, "u_width"),
                std::clamp(layout_.cell * 0.07f, 1.2f, 6.0f));
    glUniform1f(glGetUniformLocation(arrow_program_, "u_head"),
                std::clamp(layout_.cell * 0.28f, 5.0f, 22.0f));
    glUniform1i(glGetUniformLocation(arrow_program_, "u_segments"), kArrowSegments);
    set_uniform(arrow_program_, "u_color", p.arrow);
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
  glBindVertexArray(0);
  glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
}

void MemoryCanvas::build_instances(const CanvasView& view) {
  const Palette& p = palette(view.high_contrast);
  auto words = static_cast<unsigned>(view.current->cells.size());
  cells_.clear();
  for (unsigned w = 0; w < words; ++w) {
    const CellState& now = view.current->cells[w];
    CellRole before = view.previous && w < view.previous->cells.size()
                          ? view.previous->cells[w].role
                          : CellRole::Untouched;
    Rect r = layout_.cell_rect(w);
    CellInstance c{};
    c.x = r.x;
    c.y = r.y;
    copy_color(c.from, role_color(p, before));
    copy_color(c.to, role_color(p, now.role));
    c.flags[0] = now.thread_active ? 1.0f : 0.0f;
    c.flags[1] = now.conflict ? 1.0f : 0.0f;
    cells_.push_back(c);
  }
  arrows_.clear();
  for (const CanvasArrow& a : view.current->arrows) {
    if (a.from_word >= words || a.to_word >= words) continue;
    Rect from = layout_.cell_rect(a.from_word), to = layout_.cell_rect(a.to_word);
    arrows_.push_back(
        {{from.x + from.w / 2, from.y + from.h * 0.25f}, {to.x + to.w / 2, to.y + to.h * 0.05f}});
  }
}

// The hovered cell's value, bank, thread and marks.
void MemoryCanvas::hover_tooltip(const CanvasView& view, ImVec2 origin) const {
  auto words = static_cast<unsigned>(view.current->cells.size());
  ImVec2 mouse = ImGui::GetIO().MousePos;
  for (unsigned w = 0; w < words; ++w) {
    Rect r = layout_.cell_rect(w);
    if (mouse.x >= origin.x + r.x && mouse.x < origin.x + r.x + r.w && mouse.y >= origin.y + r.y &&
        mouse.y < origin.y + r.y + r.h) {
      const CellState& c = view.current->cells[w];
      const char* role = c.role == CellRole::Written ? "written"
                         : c.role == CellRole::Read  ? "read"
                                                     : "untouched";
      std::string lab;
      if (c.holds_lost) lab += "\nholds elements that never reach s[0]";
      if (c.uninitialized_read) lab += "\nread before any thread wrote it";
      if (c.barrier == BarrierWait::Waiting)
        lab += "\nthread " + std::to_string(w) + " waits at the barrier";
      if (c.barrier == BarrierWait::Exited) lab += "\nthread " + std::to_string(w) + " exited";
      for (const CanvasHazard& h : view.current->hazards) {
        if (h.word != w) continue;
        lab += "\nrace: " + hazard_name(h.kind) + ", threads " + std::to_string(h.first_thread) +
               " and " + std::to_string(h.second_thread);
      }
      ImGui::SetTooltip("s[%u] = %s\nbank %u, row %u\nthread %u: %s\n%s this step%s%s", w,
                        cell_value_text(c.value).c_str(), w % kBanks, w / layout_.columns, w,
                        c.thread_active ? "active" : "idle", role,
                        c.conflict ? ", bank conflict" : "", lab.c_str());
    }
  }
}

void MemoryCanvas::draw(const CanvasView& view) {
  const Palette& p = palette(view.high_contrast);
  ImDrawList* list = ImGui::GetWindowDrawList();
  float line = ImGui::GetTextLineHeightWithSpacing();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  avail.y -= line * 1.4f;  // legend
  if (avail.x < 50 || avail.y < 50) return;
  float label_width = ImGui::CalcTextSize("warp 31  ").x;
  auto words = static_cast<unsigned>(view.current->cells.size());
  layout_ = layout_canvas(words, avail.x - label_width, avail.y, label_width, line * 1.2f);
  origin_ = origin;
  size_ = avail;
  t_ = view.t;
  high_contrast_ = view.high_contrast;

  build_instances(view);

  list->AddRectFilled(origin, ImVec2(origin.x + avail.x, origin.y + avail.y),
                      ImGui::ColorConvertFloat4ToU32(p.canvas_background));
  list->AddCallback(&MemoryCanvas::render_callback, this);
  list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
  draw_labels(view, list, origin);
  draw_lab_overlay(view, list, origin);
  draw_banner(view, list, origin);
  ImGui::InvisibleButton("canvas", avail);
  if (ImGui::IsItemHovered()) hover_tooltip(view, origin);
  draw_legend(view, list, ImGui::GetCursorScreenPos());
  ImGui::Dummy(ImVec2(avail.x, line));
}

// Each cell's value, shrunk to fit; the old values until halfway through a transition.
void MemoryCanvas::draw_values(const CanvasView& view, ImDrawList* list, ImVec2 origin) const {
  const Palette& p = palette(view.high_contrast);
  ImFont* font = ImGui::GetFont();
  float font_size = ImGui::GetFontSize();
  bool show_values = t_ >= 0.5f || view.previous == nullptr;
  const CanvasModel& shown = show_values || !view.previous ? *view.current : *view.previous;
  for (unsigned w = 0; w < shown.cells.size(); ++w) {
    Rect r = layout_.cell_rect(w);
    std::string text = cell_value_text(shown.cells[w].value);
    float size = std::min(r.h * 0.40f, font_size * 2.4f);
    ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
    if (extent.x > r.w * 0.92f) {
      size *= r.w * 0.92f / extent.x;
      if (size < font_size * 0.7f) continue;  // too small to read: hover shows it
      extent = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
    }
    CellRole role = show_values ? view.current->cells[w].role : CellRole::Untouched;
    ImVec4 color = role == CellRole::Untouched ? p.text_on_dark : p.text_on_light;
    ImVec2 at(origin.x + r.x + (r.w - extent.x) / 2, origin.y + r.y + (r.h * 0.80f - extent.y) / 2);
    list->AddText(font, size, at, ImGui::ColorConvertFloat4ToU32(color), text.c_str());
  }
}

// Bank numbers above the columns: a column is a bank when rows hold 32 words.
void MemoryCanvas::draw_bank_header(ImDrawList* list, ImVec2 origin, const Palette& p) const {
  ImFont* font = ImGui::GetFont();
  float header_size = ImGui::GetFontSize() * 0.8f;
  float widest = font->CalcTextSizeA(header_size, FLT_MAX, 0, "31").x;
  unsigned every = layout_.cell + layout_.gap >= widest * 1.3f ? 1 : 4;
  for (unsigned c = 0; c < layout_.columns; c += every) {
    Rect r = layout_.cell_rect(c);
    std::string text = std::to_string(c);
    float width = font->CalcTextSizeA(header_size, FLT_MAX, 0, text.c_str()).x;
    list->AddText(font, header_size, ImVec2(origin.x + r.x + (r.w - width) / 2, origin.y + 2),
                  ImGui::ColorConvertFloat4ToU32(p.text_dim), text.c_str());
  }
  list->AddText(font, header_size, ImVec2(origin.x + 2, origin.y + 2),
                ImGui::ColorConvertFloat4ToU32(p.text_dim), "bank");
}

void MemoryCanvas::draw_labels(const CanvasView& view, ImDrawList* list, ImVec2 origin) const {
  const Palette& p = palette(view.high_contrast);
  ImFont* font = ImGui::GetFont();
  float font_size = ImGui::GetFontSize();
  draw_values(view, list, origin);
  draw_bank_header(list, origin, p);
  // Warp labels on the left, coloured by the warp's state, and its conflict degree.
  if (!view.facts) return;
  const auto& warps = view.facts->activity.warps;
  for (unsigned row = 0; row < layout_.rows; ++row) {
    unsigned first_word = row * layout_.columns;
    unsigned warp = first_word / kWarpSize;
    if (warp >= warps.size() || first_word % kWarpSize != 0) continue;
    Rect r = layout_.cell_rect(first_word);
    ImVec4 color = warps[warp].state == WarpState::Full        ? p.warp_full
                   : warps[warp].state == WarpState::Divergent ? p.warp_divergent
                                                               : p.warp_idle;
    std::string text = "warp " + std::to_string(warp);
    float size = std::min(font_size, std::max(r.h * 0.9f, font_size * 0.6f));
    list->AddText(font, size, ImVec2(origin.x + 4, origin.y + r.y + (r.h - size) / 2),
                  ImGui::ColorConvertFloat4ToU32(color), text.c_str());
    unsigned degree = warp < view.facts->conflicts.warp_degree.size()
                          ? view.facts->conflicts.warp_degree[warp]
                          : 0;
    if (degree > 1) {
      std::string tag = std::to_string(degree) + "-way";
      Rect last = layout_.cell_rect(first_word + layout_.columns - 1);
      list->AddText(font, size,
                    ImVec2(origin.x + last.x + last.w + 6, origin.y + r.y + (r.h - size) / 2),
                    ImGui::ColorConvertFloat4ToU32(p.conflict), tag.c_str());
    }
  }
}

namespace {

ImVec4 hazard_color(const Palette& p, HazardKind kind) {
  switch (kind) {
    case HazardKind::ReadAfterWrite:
      return p.race_read_after_write;
    case HazardKind::WriteAfterRead:
      return p.race_write_after_read;
    default:
      return p.race_write_after_write;
  }
}

}  // namespace

void MemoryCanvas::draw_lab_overlay(const CanvasView& view, ImDrawList* list, ImVec2 origin) const {
  const Palette& p = palette(view.high_contrast);
  const CanvasModel& m = *view.current;
  auto rect_min = [&](unsigned w) {
    Rect r = layout_.cell_rect(w);
    return ImVec2(origin.x + r.x, origin.y + r.y);
  };
  float thick = std::clamp(layout_.cell * 0.08f, 2.0f, 5.0f);
  float size = layout_.cell;
  // Races: a ring on the word, and a line from each of the two threads' cells to it.
  constexpr std::size_t kMaxDrawn = 64;
  for (std::size_t i = 0; i < m.hazards.size() && i < kMaxDrawn; ++i) {
    const CanvasHazard& h = m.hazards[i];
    if (h.word >= m.cells.size()) continue;
    ImU32 color = ImGui::ColorConvertFloat4ToU32(hazard_color(p, h.kind));
    ImVec2 a = rect_min(h.word);
    list->AddRect(ImVec2(a.x - thick, a.y - thick), ImVec2(a.x + size + thick, a.y + size + thick),
                  color, 5, 0, thick);
    ImVec2 centre(a.x + size / 2, a.y + size / 2);
    for (unsigned t : {h.first_thread, h.second_thread}) {
      if (t >= m.cells.size() || t == h.word) continue;
      ImVec2 from = rect_min(t);
      from = ImVec2(from.x + size / 2, from.y + size * 0.8f);
      list->AddCircleFilled(from, thick * 1.3f, color);
      ImVec2 mid((from.x + centre.x) / 2, std::max(from.y, centre.y) + size * 0.6f);
      list->AddBezierQuadratic(from, mid, ImVec2(centre.x, a.y + size), color, thick * 0.7f);
    }
  }
  for (unsigned w = 0; w < m.cells.size(); ++w) {
    const CellState& c = m.cells[w];
    ImVec2 a = rect_min(w);
    ImVec2 b(a.x + size, a.y + size);
    if (c.holds_lost) {  // an orange cross in the top-right corner, and a dashed-looking frame
      ImU32 color = ImGui::ColorConvertFloat4ToU32(p.lost);
      float k = size * 0.28f;
      list->AddLine(ImVec2(b.x - k - 3, a.y + 3), ImVec2(b.x - 3, a.y + 3 + k), color, thick);
      list->AddLine(ImVec2(b.x - 3, a.y + 3), ImVec2(b.x - k - 3, a.y + 3 + k), color, thick);
      list->AddRect(a, b, color, 4, 0, thick * 0.6f);
    }
    if (c.uninitialized_read) {
      ImU32 color = ImGui::ColorConvertFloat4ToU32(p.uninitialized);
      float text = std::max(size * 0.38f, ImGui::GetFontSize() * 0.6f);
      ImVec2 badge(a.x + thick, a.y + thick);  // a dark badge: readable on any cell colour
      list->AddRectFilled(badge, ImVec2(badge.x + text * 0.75f, badge.y + text),
                          IM_COL32(0, 0, 0, 230), 3);
      list->AddText(ImGui::GetFont(), text, ImVec2(badge.x + text * 0.1f, badge.y), color, "?");
      list->AddRect(ImVec2(a.x + thick / 2, a.y + thick / 2),
                    ImVec2(b.x - thick / 2, b.y - thick / 2), color, 4, 0, thick);
    }
    if (c.barrier == BarrierWait::Waiting) {  // the thread waits at the barrier: a red frame
      list->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1),
                    ImGui::ColorConvertFloat4ToU32(p.waiting), 4, 0, thick);
    } else if (c.barrier == BarrierWait::Exited) {  // it left without the barrier: dimmed
      list->AddRectFilled(a, b, ImGui::ColorConvertFloat4ToU32(ImVec4(0, 0, 0, 0.6f)), 4);
    }
  }
}

void MemoryCanvas::draw_banner(const CanvasView& view, ImDrawList* list, ImVec2 origin) const {
  if (view.banner.empty()) return;
  const Palette& p = palette(view.high_contrast);
  float pad = ImGui::GetFontSize() * 0.5f;
  float width = size_.x - 2 * pad;
  ImVec2 text = ImGui::CalcTextSize(view.banner.c_str(), nullptr, false, width - 2 * pad);
  ImVec2 a(origin.x + pad, origin.y + size_.y - text.y - 3 * pad);
  ImVec2 b(origin.x + pad + width, origin.y + size_.y - pad);
  list->AddRectFilled(a, b, ImGui::ColorConvertFloat4ToU32(ImVec4(0.35f, 0.02f, 0.02f, 0.92f)), 6);
  list->AddRect(a, b, ImGui::ColorConvertFloat4ToU32(p.waiting), 6, 0, 2.5f);
  list->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(a.x + pad, a.y + pad),
                ImGui::ColorConvertFloat4ToU32(p.text_on_dark), view.banner.c_str(), nullptr,
                width - 2 * pad);
}

void MemoryCanvas::draw_legend(const CanvasView& view, ImDrawList* list, ImVec2 at) const {
  const Palette& p = palette(view.high_contrast);
  float s = ImGui::GetFontSize();
  struct Item {
    ImVec4 color;
    const char* text;
    bool ring;
  };
  std::vector<Item> items = {
      {p.cell_written, "written", false},     {p.cell_read, "read", false},
      {p.cell_untouched, "untouched", false}, {p.band_on, "thread active", false},
      {p.conflict, "bank conflict", true},    {p.warp_divergent, "divergent warp", false}};
  // The hazard lab's marks, only when the step shows them.
  bool lost = false, uninitialized = false, waiting = false;
  for (const CellState& c : view.current->cells) {
    lost |= c.holds_lost;
    uninitialized |= c.uninitialized_read;
    waiting |= c.barrier == BarrierWait::Waiting;
  }
  if (!view.current->hazards.empty()) {
    items.insert(items.begin(), {{p.race_read_after_write, "read-after-write", true},
                                 {p.race_write_after_read, "write-after-read", true},
                                 {p.race_write_after_write, "write-after-write", true}});
  }
  if (lost) items.insert(items.begin(), {p.lost, "holds lost elements", true});
  if (uninitialized) items.insert(items.begin(), {p.uninitialized, "uninitialized read", true});
  if (waiting) items.insert(items.begin(), {p.waiting, "waits at barrier", false});
  float x = at.x + 4;
  float right = at.x + ImGui::GetContentRegionAvail().x;
  for (const Item& item : items) {
    ImU32 color = ImGui::ColorConvertFloat4ToU32(item.color);
    if (x + s * 1.3f + ImGui::CalcTextSize(item.text).x > right)
      break;  // narrow window: fewer items
    if (item.ring) {
      list->AddRect(ImVec2(x, at.y + 2), ImVec2(x + s, at.y + s), color, 3, 0, 2.5f);
    } else {
      list->AddRectFilled(ImVec2(x, at.y + 2), ImVec2(x + s, at.y + s), color, 3);
    }
    x += s * 1.3f;
    list->AddText(ImVec2(x, at.y), ImGui::GetColorU32(ImGuiCol_Text), item.text);
    x += ImGui::CalcTextSize(item.text).x + s * 1.2f;
  }
}

}  // namespace stridescope
