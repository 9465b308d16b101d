// Canvas layout: square cells, as large as fit, capped so a 16-word block stays readable.
#include "ui/canvas_layout.h"

#include <algorithm>

namespace stridescope {

Rect CanvasLayout::cell_rect(unsigned word) const {
  unsigned row = word / columns, column = word % columns;
  return {left + column * (cell + gap), top + row * (cell + gap), cell, cell};
}

CanvasLayout layout_canvas(unsigned words, float width, float height, float label_width,
                           float header_height) {
  CanvasLayout layout;
  layout.columns = std::clamp(words, 1u, 32u);
  layout.rows = (words + layout.columns - 1) / layout.columns;
  float usable_w = std::max(1.0f, width - label_width - 8.0f);
  float usable_h = std::max(1.0f, height - header_height - 8.0f);
  // Small blocks get head room above the row for the arcs of the additions.
  float arc_room = layout.rows <= 2 ? 1.2f : 0.0f;
  float pitch = std::min(usable_w / layout.columns, usable_h / (layout.rows + arc_room));
  pitch = std::min(pitch, 140.0f);
  layout.gap = std::max(1.0f, pitch * 0.08f);
  layout.cell = std::max(1.0f, pitch - layout.gap);
  float grid_w = layout.columns * pitch, grid_h = layout.rows * pitch;
  layout.left = label_width + std::max(0.0f, (usable_w - grid_w) / 2);
  layout.top =
      header_height + arc_room * pitch + std::max(0.0f, (usable_h - grid_h - arc_room * pitch) / 2);
  return layout;
}

}  // namespace stridescope
