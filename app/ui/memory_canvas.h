// The memory canvas: shared memory drawn by shaders (cells, arrows), labels drawn by ImGui on top.
#pragma once

#include <glad/gl.h>
#include <imgui.h>

#include <string>
#include <vector>

#include "model/trace_model.h"
#include "ui/canvas_layout.h"
#include "ui/canvas_model.h"
#include "ui/theme.h"

namespace stridescope {

struct CanvasView {
  const CanvasModel* previous = nullptr;  // the step before (animation start)
  const CanvasModel* current = nullptr;
  const StepFacts* facts = nullptr;
  unsigned block_size = 0;
  float t = 1;  // animation progress 0..1
  bool high_contrast = false;
  std::string banner;  // shown across the top in the warning colour (barrier divergence)
};

class MemoryCanvas {
 public:
  void init();  // needs a current GL context
  void shutdown();
  // Fills the rest of the current ImGui window with the canvas.
  void draw(const CanvasView& view);

 private:
  struct CellInstance {
    float x, y;
    float from[4];
    float to[4];
    float flags[2];
  };
  struct ArrowInstance {
    float from[2];
    float to[2];
  };
  static void render_callback(const ImDrawList* list, const ImDrawCmd* command);
  void render_gl();
  void build_instances(const CanvasView& view);  // cells_ and arrows_ for the GL pass
  void hover_tooltip(const CanvasView& view, ImVec2 origin) const;
  void draw_labels(const CanvasView& view, ImDrawList* list, ImVec2 origin) const;
  void draw_values(const CanvasView& view, ImDrawList* list, ImVec2 origin) const;
  void draw_bank_header(ImDrawList* list, ImVec2 origin, const Palette& p) const;
  void draw_legend(const CanvasView& view, ImDrawList* list, ImVec2 at) const;
  // Races, lost values, uninitialized reads and threads stuck at a barrier, over the cells.
  void draw_lab_overlay(const CanvasView& view, ImDrawList* list, ImVec2 origin) const;
  void draw_banner(const CanvasView& view, ImDrawList* list, ImVec2 origin) const;

  GLuint cell_program_ = 0, arrow_program_ = 0;
  GLuint cell_vao_ = 0, cell_vbo_ = 0, arrow_vao_ = 0, arrow_vbo_ = 0;
  std::vector<CellInstance> cells_;
  std::vector<ArrowInstance> arrows_;
  CanvasLayout layout_;
  ImVec2 origin_{}, size_{};
  float t_ = 1;
  bool high_contrast_ = false;
};

}  // namespace stridescope
