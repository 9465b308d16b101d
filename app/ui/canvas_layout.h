// Canvas layout: where each shared-memory word sits: rows of 32 words, so a column is a bank.
#pragma once

namespace stridescope {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
};

struct CanvasLayout {
  unsigned columns = 1;  // words per row (32, or the block size when smaller)
  unsigned rows = 1;
  float cell = 0;  // cell side in pixels
  float gap = 0;   // space between cells
  float left = 0;  // x of column 0 (room for warp labels on the left)
  float top = 0;   // y of row 0 (room for bank numbers and arrows above)
  Rect cell_rect(unsigned word) const;
};

// Fits `words` cells into a canvas of the given size; `label_width` is reserved left for "warp 12".
CanvasLayout layout_canvas(unsigned words, float width, float height, float label_width,
                           float header_height);

}  // namespace stridescope
