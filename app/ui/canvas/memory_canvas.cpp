// The memory canvas: word and lane cells, addition arrows and values painted into one image
// (ui/canvas/canvas_raster.h) that a GL draw copies to the screen, the pointer's focus (hover,
// click to pin), ImGui labels and marks on top.
#include "ui/canvas/memory_canvas.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "ui/canvas/canvas_paint.h"
#include "ui/canvas/canvas_text.h"
#include "ui/canvas/test_clicks.h"
#include "ui/platform/gl_program.h"

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

// How a cell stands out: framed (the focus), dimmed (the focus leaves it out), or plain (no focus).
CellEmphasis emphasis(const std::vector<bool>& focused, unsigned index) {
  if (focused.empty()) return CellEmphasis::Plain;
  return index < focused.size() && focused[index] ? CellEmphasis::Framed : CellEmphasis::Dimmed;
}

std::uint32_t packed(ImVec4 c) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, 1.0f));
}

bool focus_exists(const CanvasModel& m, CanvasFocus f) {
  switch (f.kind) {
    case CanvasFocus::Kind::Thread:
      return f.index < m.threads.size();
    case CanvasFocus::Kind::Warp:
      return f.index < m.warps.size();
    case CanvasFocus::Kind::Word:
      return f.index < m.cells.size();
    case CanvasFocus::Kind::Row:
      return !m.cells.empty();
    case CanvasFocus::Kind::None:
      break;
  }
  return false;
}

// The legend under the canvas, unless it and the banners would leave the cells less than 45% of
// the height (large text on a small screen: the cells first; the quiz's banner names its marks).
bool legend_fits(const CanvasView& view, ImVec2 avail) {
  if (!view.legend) return false;
  float below = legend_height(view, avail.x) + ImGui::GetStyle().ItemSpacing.y;
  float banner = banner_height(view, avail.x, avail.y - below);
  return avail.y - below - banner >= avail.y * 0.45f;
}

// What draw_values's picture depends on, hashed: the values shown (the old ones until halfway),
// the cells' roles (their text colour), the cells' places and the text size.
std::size_t values_fingerprint(const CanvasPaint& paint, ImVec2 clip) {
  const CanvasView& view = paint.view;
  bool show_new = view.t >= 0.5f || view.previous == nullptr;
  const CanvasModel& shown = show_new ? paint.model : *view.previous;
  std::size_t h = std::hash<bool>{}(show_new);
  auto mix = [&h](std::size_t v) { h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2); };
  for (const CellState& c : shown.cells) {
    mix(std::hash<std::string>{}(c.text));
    mix(std::hash<std::string>{}(c.compact));
  }
  for (const CellState& c : paint.model.cells) mix(static_cast<std::size_t>(c.role));
  const CanvasLayout& l = paint.layout;
  Rect first = l.word_rect(0), last = l.word_rect(std::max(l.words, 1u) - 1);
  for (float f : {first.x, first.y, first.w, first.h, last.x, last.y, paint.origin.x,
                  paint.origin.y, clip.x, clip.y, paint.font_size})
    mix(std::hash<float>{}(f));
  mix(std::hash<const void*>{}(&paint.palette));
  return h;
}

std::size_t paints_made = 0;

}  // namespace

std::size_t canvas_paints() {
  return paints_made;
}

void MemoryCanvas::init() {
  value_list_._Data = ImGui::GetDrawListSharedData();
  label_list_._Data = ImGui::GetDrawListSharedData();
  blit_program_ = link_shader_program("canvas.vert.glsl", "canvas.frag.glsl");
  glGenVertexArrays(1, &blit_vao_);
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  // One texel a pixel, unfiltered: Mesa's software renderer copies such a draw as a plain blit.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

void MemoryCanvas::shutdown() {
  glDeleteTextures(1, &texture_);
  glDeleteVertexArrays(1, &blit_vao_);
  glDeleteProgram(blit_program_);
}

void MemoryCanvas::render_callback(const ImDrawList*, const ImDrawCmd* command) {
  auto* canvas = static_cast<MemoryCanvas*>(command->UserCallbackData);
  canvas->clip_ = command->ClipRect;  // a scrolled pane (Compare) shows only its visible part
  canvas->render_gl();
}

void MemoryCanvas::paint_image(const Palette& p, ImVec2 scale) {
  auto w = static_cast<int>(size_.x * scale.x), h = static_cast<int>(size_.y * scale.y);
  image_.reset(w, h, packed(p.canvas_background));
  CellStyle style{{p.conflict.x, p.conflict.y, p.conflict.z},
                  {p.focus.x, p.focus.y, p.focus.z},
                  {p.canvas_background.x, p.canvas_background.y, p.canvas_background.z},
                  t_};
  for (CellPaint cell : cells_) {
    cell.rect = {cell.rect.x * scale.x, cell.rect.y * scale.y, cell.rect.w * scale.x,
                 cell.rect.h * scale.y};
    paint_cell(image_, cell, style);
  }
  if (arrow_triangles_.empty()) return;
  std::vector<Point> triangles = arrow_triangles_;
  for (Point& point : triangles) point = {point.x * scale.x, point.y * scale.y};
  float rgb[3] = {p.arrow.x, p.arrow.y, p.arrow.z};
  paint_triangles(image_, triangles, rgb, focused_ ? p.arrow.w * 0.3f : p.arrow.w);
}

std::vector<GlyphQuad> MemoryCanvas::glyph_quads(ImVec2 scale) const {
  std::vector<GlyphQuad> quads;
  quads.reserve(static_cast<std::size_t>(value_list_.VtxBuffer.Size + label_list_.VtxBuffer.Size) /
                4);
  // ImGui's glyphs and plain rectangles: four vertices each, top left first, bottom right third.
  for (const ImDrawList* list : {&value_list_, &label_list_}) {
    const ImVector<ImDrawVert>& v = list->VtxBuffer;
    for (int i = 0; i + 3 < v.Size; i += 4) {
      const ImDrawVert &a = v[i], &c = v[i + 2];
      quads.push_back({(a.pos.x - origin_.x) * scale.x, (a.pos.y - origin_.y) * scale.y,
                       (c.pos.x - origin_.x) * scale.x, (c.pos.y - origin_.y) * scale.y, a.uv.x,
                       a.uv.y, c.uv.x, c.uv.y, a.col});
    }
  }
  return quads;
}

void MemoryCanvas::paint_text(std::vector<GlyphQuad> quads) {
  const ImFontAtlas& fonts = *ImGui::GetIO().Fonts;
  GlyphAtlas atlas{fonts.TexPixelsAlpha8, fonts.TexWidth, fonts.TexHeight};
  // New values, a new place, another size or font: ink again.
  if (quads != text_quads_ || image_.width != ink_width_ || image_.height != ink_height_ ||
      atlas.alpha != ink_atlas_) {
    text_ink_ = glyph_ink(image_.width, image_.height, atlas, quads);
    text_quads_ = std::move(quads);
    ink_width_ = image_.width;
    ink_height_ = image_.height;
    ink_atlas_ = atlas.alpha;
  }
  paint_ink(image_, text_ink_);
}

void MemoryCanvas::render_gl() {
  GLint viewport[4];
  glGetIntegerv(GL_VIEWPORT, viewport);
  ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  // Painted and uploaded only when the picture changed (a step, a transition, the pointer's
  // focus, a resize); otherwise the texture of the last paint is copied again.
  PaintInputs inputs{cells_,  arrow_triangles_, t_,       scale.x,       scale.y,
                     size_.x, size_.y,          focused_, high_contrast_};
  std::vector<GlyphQuad> quads = glyph_quads(scale);
  bool repaint = !uploaded_ || inputs != painted_ || quads != text_quads_ ||
                 ImGui::GetIO().Fonts->TexPixelsAlpha8 != ink_atlas_;
  if (repaint) {
    paint_image(palette(high_contrast_), scale);
    paint_text(std::move(quads));
    painted_ = std::move(inputs);
    ++paints_made;
  }
  if (image_.width == 0 || image_.height == 0) return;
  auto x = static_cast<GLint>(origin_.x * scale.x);
  auto y = static_cast<GLint>(viewport[3] - (origin_.y + size_.y) * scale.y);
  glViewport(x, y, image_.width, image_.height);
  glEnable(GL_SCISSOR_TEST);
  // The image where it lies inside the window's clip rectangle (framebuffer pixels, y up).
  auto clip_x0 = std::max(x, static_cast<GLint>(clip_.x * scale.x));
  auto clip_x1 = std::min(x + image_.width, static_cast<GLint>(clip_.z * scale.x));
  auto clip_y0 = std::max(y, static_cast<GLint>(viewport[3] - clip_.w * scale.y));
  auto clip_y1 = std::min(y + image_.height, static_cast<GLint>(viewport[3] - clip_.y * scale.y));
  glScissor(clip_x0, clip_y0, std::max(0, clip_x1 - clip_x0), std::max(0, clip_y1 - clip_y0));
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  if (image_.width != texture_width_ || image_.height != texture_height_) {
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image_.width, image_.height, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, image_.pixels.data());
    texture_width_ = image_.width;
    texture_height_ = image_.height;
  } else if (repaint) {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, image_.width, image_.height, GL_RGBA, GL_UNSIGNED_BYTE,
                    image_.pixels.data());
  }
  uploaded_ = true;
  glDisable(GL_BLEND);  // the image is opaque: it replaces the canvas's pixels
  glUseProgram(blit_program_);
  glUniform1i(glGetUniformLocation(blit_program_, "u_image"), 0);
  glBindVertexArray(blit_vao_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
  glEnable(GL_BLEND);
  glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
}

void MemoryCanvas::add_cell(const Rect& r, ImVec4 from, ImVec4 to, bool conflict,
                            CellEmphasis emphasis) {
  float s = smoothstep01(t_);
  ImVec4 c(from.x + (to.x - from.x) * s, from.y + (to.y - from.y) * s, from.z + (to.z - from.z) * s,
           1.0f);
  cells_.push_back({r, packed(c), conflict, emphasis});
}

void MemoryCanvas::add_word_instances(const CanvasView& view, const CanvasSelection& selection) {
  const Palette& p = palette(view.high_contrast);
  const CanvasModel& m = *view.current;
  for (unsigned w = 0; w < m.cells.size(); ++w) {
    CellRole before = view.previous && w < view.previous->cells.size()
                          ? view.previous->cells[w].role
                          : CellRole::Untouched;
    const Rect r = element_rect(layout_, m, w);
    if (r.w <= 0) continue;  // the high half of a double, inside its low half's box
    const bool high_conflict =
        m.cells[w].half == CellHalf::Low && w + 1 < m.cells.size() && m.cells[w + 1].conflict;
    add_cell(r, role_color(p, before), role_color(p, m.cells[w].role),
             m.cells[w].conflict || high_conflict, emphasis(selection.words, w));
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
  cells_.clear();
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
  // A word's focus is its element's: a double's box (its two cells and the gap between them).
  if (hovered && (hover.kind == CanvasFocus::Kind::None || hover.kind == CanvasFocus::Kind::Word))
    if (const int w = element_at(layout_, m, mouse.x - origin_.x, mouse.y - origin_.y); w >= 0)
      hover = {CanvasFocus::Kind::Word, unsigned(w)};
  if (clicked && view.marking) {
    mark_clicks_.push_back(hover);
  } else if (clicked && hover.kind != CanvasFocus::Kind::Row) {
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
  for (unsigned row = 0; row < layout_.rows; ++row) {
    std::optional<std::pair<Rect, RowGroup>> label = row_label(row);
    if (label && label->second.first == row && label->first.contains(x, y))
      return {CanvasFocus::Kind::Row, row};
  }
  return {};
}

std::optional<std::pair<Rect, RowGroup>> MemoryCanvas::row_label(unsigned row) const {
  const CanvasLayout& l = layout_;
  for (RowGroup group : label_groups(l.rows, l.rows_per_panel, l.row_pitch(), l.text_height)) {
    if (row < group.first || row >= group.first + group.count) continue;
    Rect top = l.word_rect(group.first * l.words_per_row);
    Rect bottom = l.word_rect((group.first + group.count - 1) * l.words_per_row);
    return std::pair(Rect{top.x - l.label_width, top.y, l.label_width, bottom.y + bottom.h - top.y},
                     group);
  }
  return std::nullopt;
}

std::vector<unsigned> MemoryCanvas::words_named_by(CanvasFocus row) const {
  std::vector<unsigned> words;
  std::optional<std::pair<Rect, RowGroup>> label = row_label(row.index);
  if (row.kind != CanvasFocus::Kind::Row || !label) return words;
  const RowGroup& g = label->second;
  for (unsigned w = g.first * layout_.words_per_row;
       w < (g.first + g.count) * layout_.words_per_row && w < layout_.words; ++w)
    words.push_back(w);
  return words;
}

// Test hook (ui/canvas/test_clicks.h): the centre of each named cell, hit as a click there would
// be.
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
      case CanvasFocus::Kind::Row:
        if (std::optional<std::pair<Rect, RowGroup>> label = row_label(target.index)) {
          r = label->first;
          break;
        }
        continue;
      case CanvasFocus::Kind::None:
        continue;
    }
    mark_clicks_.push_back(focus_at(r.x + r.w / 2, r.y + r.h / 2));
  }
}

ImVec2 MemoryCanvas::word_centre(unsigned word) const {
  Rect r = layout_.word_rect(word);
  return ImVec2(origin_.x + r.x + r.w / 2, origin_.y + r.y + r.h / 2);
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
    case CanvasFocus::Kind::Row:  // a row label: it marks the words it names
      if (!view.marking) return;
      text = "click: mark (or unmark) all these words as written in the next step";
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

// The values go into the image when ImGui keeps its font atlas's bytes (it does unless told to
// drop them); else ImGui draws them on top as before.
void MemoryCanvas::draw_values_into_image(const CanvasPaint& paint) {
  if (ImGui::GetIO().Fonts->TexPixelsAlpha8 == nullptr) {
    value_list_._ResetForNewFrame();
    value_layout_ = 0;
    return draw_values(paint);
  }
  // Laid out again only when what it shows or where changes (twice a step while playing).
  std::size_t layout = values_fingerprint(paint, size_);
  if (layout == value_layout_ && value_list_.VtxBuffer.Size > 0) return;
  value_layout_ = layout;
  value_list_._ResetForNewFrame();
  value_list_.PushTextureID(ImGui::GetIO().Fonts->TexID);  // AddText checks it is the font's
  value_list_.PushClipRect(origin_, ImVec2(origin_.x + size_.x, origin_.y + size_.y));
  CanvasPaint into_image = paint;
  into_image.list = &value_list_;
  draw_values(into_image);
}

// Lane numbers, bank numbers, row and warp labels, warp bars: laid out every frame (a few hundred
// glyphs), inked again only when they change.
void MemoryCanvas::draw_labels_into_image(const CanvasPaint& paint) {
  label_list_._ResetForNewFrame();
  CanvasPaint into_image = paint;
  if (ImGui::GetIO().Fonts->TexPixelsAlpha8 != nullptr) {
    label_list_.PushTextureID(ImGui::GetIO().Fonts->TexID);
    label_list_.PushClipRect(origin_, ImVec2(origin_.x + size_.x, origin_.y + size_.y));
    into_image.list = &label_list_;
  }
  draw_lane_numbers(into_image);
  draw_bank_header(into_image);
  draw_row_labels(into_image);
  draw_warp_labels(into_image);
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
  draw_values_into_image(paint);
  draw_labels_into_image(paint);
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
