// The memory canvas: shared memory as the bank grid and the block's threads by warp; cells, arrows,
// values and labels painted into an image (ui/canvas/canvas_raster.h) that one GL draw copies to
// the screen; links, the hazard lab's and the quiz's marks drawn by ImGui on top.
#pragma once

#include <imgui.h>
#include "ui/platform/gl_api.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/trace_model.h"
#include "ui/canvas/arrow_geometry.h"
#include "ui/canvas/canvas_layout.h"
#include "ui/canvas/canvas_model.h"
#include "ui/canvas/canvas_raster.h"
#include "ui/platform/theme.h"
#include "ui/state/quiz.h"

namespace stridescope {

struct CanvasPaint;

struct CanvasView {
  const CanvasModel* previous = nullptr;  // the step before (animation start)
  const CanvasModel* current = nullptr;
  float t = 1;  // animation progress 0..1
  bool high_contrast = false;
  bool conflict_column = true;  // the run has bank conflicts: room for "2-way", a legend entry
  bool pointer = true;  // follow the mouse (off for screenshots and benchmarks: a fixed picture)
  std::string banner;   // shown across the top in the warning colour (barrier divergence)
  bool legend = true;   // the legend under the canvas (off: the caller draws one for several)
  // The quiz: its banner (under the warning banner), the marks and verdicts on the cells, and
  // whether a click marks a word, thread or warp (instead of pinning its links).
  std::string quiz_banner{};
  const QuizOverlay* quiz = nullptr;
  bool marking = false;
};

// Images the canvases painted since the process started (each canvas paints only when what it
// shows changed): the GUI's frame report says how many of its frames needed one.
std::size_t canvas_paints();

class MemoryCanvas {
 public:
  void init();  // needs a current GL context
  void shutdown();
  // Fills the rest of the current ImGui window with the canvas and its legend.
  void draw(const CanvasView& view);
  // While marking: the words, threads or warps clicked in the last draw, once.
  std::vector<CanvasFocus> take_mark_clicks();
  // Where the last draw put word `word`'s cell: its centre in screen pixels.
  ImVec2 word_centre(unsigned word) const;
  // The words a row label names (a focus of kind Row: its group of memory rows), in order.
  std::vector<unsigned> words_named_by(CanvasFocus row) const;

 private:
  static void render_callback(const ImDrawList* list, const ImDrawCmd* command);
  void render_gl();
  // What the image shows: painted (and uploaded) again only when one of these changed.
  struct PaintInputs {
    std::vector<CellPaint> cells;
    std::vector<Point> arrows;
    float t = 1, scale_x = 1, scale_y = 1, width = 0, height = 0;
    bool focused = false, high_contrast = false;
    bool operator==(const PaintInputs&) const = default;
  };
  void paint_image(const Palette& p, ImVec2 scale);        // image_ for this frame
  std::vector<GlyphQuad> glyph_quads(ImVec2 scale) const;  // value_list_'s and label_list_'s
  void paint_text(std::vector<GlyphQuad> quads);           // inked into image_
  void draw_values_into_image(const CanvasPaint& paint);
  void draw_labels_into_image(const CanvasPaint& paint);
  void add_cell(const Rect& r, ImVec4 from, ImVec4 to, bool conflict, CellEmphasis emphasis);
  void place(const CanvasView& view, ImVec2 origin, ImVec2 size);  // layout_ for this frame
  // What the pointer is on, and the click that pins (or unpins) a warp or a word.
  CanvasFocus track_pointer(const CanvasView& view, ImVec2 mouse, bool hovered, bool clicked);
  CanvasFocus focus_at(float x, float y) const;  // canvas coordinates
  // The label left of memory row `row` (of the group of rows it names), canvas coordinates, and
  // its rows; none past the last row.
  std::optional<std::pair<Rect, RowGroup>> row_label(unsigned row) const;
  void add_test_clicks();
  void show_tooltip(const CanvasView& view, CanvasFocus hovered) const;
  void build_instances(const CanvasView& view, const CanvasSelection& selection);
  void add_word_instances(const CanvasView& view, const CanvasSelection& selection);
  void add_lane_instances(const CanvasView& view, const CanvasSelection& selection);

  GLuint blit_program_ = 0, blit_vao_ = 0, texture_ = 0;
  int texture_width_ = 0, texture_height_ = 0;  // texture_'s storage
  std::vector<CellPaint> cells_;                // words, then lanes (canvas pixels)
  std::vector<Point> arrow_triangles_;
  CanvasImage image_;      // what the GL pass copies to the screen
  PaintInputs painted_;    // what image_ and the texture show
  bool uploaded_ = false;  // the texture holds image_
  // The words' values, laid out by ImGui into a list of their own, then painted into image_.
  ImDrawList value_list_{nullptr};            // ImGui's shared data set by init()
  ImDrawList label_list_{nullptr};            // the canvas's labels, laid out every frame
  std::size_t value_layout_ = 0;              // what value_list_ was laid out for (a hash)
  std::vector<GlyphQuad> text_quads_;         // both lists' glyphs (image pixels) when last inked
  std::vector<InkedPixel> text_ink_;          // and the pixels they ink
  int ink_width_ = 0, ink_height_ = 0;        // of the image text_ink_ was worked out for
  const unsigned char* ink_atlas_ = nullptr;  // and of the atlas
  CanvasLayout layout_;
  CanvasFocus pinned_;                    // a warp or word the user clicked: its links stay shown
  std::vector<CanvasFocus> mark_clicks_;  // clicks while marking (the quiz)
  ImVec2 origin_{}, size_{};              // the GL pass's rectangle (screen pixels)
  ImVec4 clip_{};                         // and the window's clip rectangle it lies in
  float t_ = 1;
  float arrow_scale_ = 1;  // cell side the arrows are sized by
  bool focused_ = false;   // a focus is shown: the arrows step back
  bool high_contrast_ = false;
};

}  // namespace stridescope
