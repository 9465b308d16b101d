// The memory canvas: shared memory as the bank grid and the block's threads by warp, drawn by
// shaders (cells, arrows); labels, links and the hazard lab's marks drawn by ImGui on top.
#pragma once

#include <glad/gl.h>
#include <imgui.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "model/trace_model.h"
#include "ui/arrow_geometry.h"
#include "ui/canvas_layout.h"
#include "ui/canvas_model.h"
#include "ui/quiz.h"
#include "ui/theme.h"

namespace stridescope {

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

class MemoryCanvas {
 public:
  void init();  // needs a current GL context
  void shutdown();
  // Fills the rest of the current ImGui window with the canvas and its legend.
  void draw(const CanvasView& view);
  // While marking: the words, threads or warps clicked in the last draw, once.
  std::vector<CanvasFocus> take_mark_clicks();

 private:
  // A cell is a quad of four of these (two triangles through the index buffer); the colour is mixed
  // here from the previous step's to this step's, and alpha carries the flags: 1 if the
  // bank-conflict ring is on, plus 2 x the emphasis (2: framed, the focus; 1: plain; 0: dimmed).
  // Plain cells (no ring, emphasis 1) are drawn by a cheaper shader than the marked ones: with
  // Mesa's software renderer the fragment shader is most of a large block's frame.
  struct CellVertex {
    float position[2];   // canvas pixels
    float local[2];      // from the cell's top-left corner
    float size[2];       // of the cell
    std::uint32_t cell;  // RGBA8
  };
  static void render_callback(const ImDrawList* list, const ImDrawCmd* command);
  void render_gl();
  void draw_cells_gl(const Palette& p);
  void add_cell(const Rect& r, ImVec4 from, ImVec4 to, bool conflict, std::uint32_t emphasis);
  void draw_cell_range(GLuint program, std::size_t first_cell, std::size_t cells);
  void draw_arrows_gl(const Palette& p);
  void place(const CanvasView& view, ImVec2 origin, ImVec2 size);  // layout_ for this frame
  // What the pointer is on, and the click that pins (or unpins) a warp or a word.
  CanvasFocus track_pointer(const CanvasView& view, ImVec2 mouse, bool hovered, bool clicked);
  CanvasFocus focus_at(float x, float y) const;  // canvas coordinates
  void add_test_clicks();
  void show_tooltip(const CanvasView& view, CanvasFocus hovered) const;
  void build_instances(const CanvasView& view, const CanvasSelection& selection);
  void add_word_instances(const CanvasView& view, const CanvasSelection& selection);
  void add_lane_instances(const CanvasView& view, const CanvasSelection& selection);

  GLuint cell_program_ = 0, plain_cell_program_ = 0, arrow_program_ = 0;
  GLuint cell_vao_ = 0, cell_vbo_ = 0, cell_ebo_ = 0, arrow_vao_ = 0, arrow_vbo_ = 0;
  std::vector<CellVertex> cell_vertices_;    // plain cells (drawn first, then the marked ones)
  std::vector<CellVertex> marked_vertices_;  // a conflict ring, the focus frame or dimmed
  std::size_t indexed_cells_ = 0;            // cells the index buffer covers
  std::vector<Point> arrow_triangles_;
  CanvasLayout layout_;
  CanvasFocus pinned_;                    // a warp or word the user clicked: its links stay shown
  std::vector<CanvasFocus> mark_clicks_;  // clicks while marking (the quiz)
  ImVec2 origin_{}, size_{};              // the GL pass's rectangle (screen pixels)
  float t_ = 1;
  float arrow_scale_ = 1;  // cell side the arrows are sized by
  bool focused_ = false;   // a focus is shown: the arrows step back
  bool high_contrast_ = false;
};

}  // namespace stridescope
