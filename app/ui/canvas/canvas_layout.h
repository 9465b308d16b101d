// Canvas layout: where each shared-memory word and each thread sits. Memory on top as the bank grid
// (a column is a bank, one row is 128 bytes: 32 four-byte words or 16 eight-byte words; a wide,
// short canvas puts rows in panels side by side), threads below it, lanes grouped by warp.
#pragma once

#include <string>
#include <vector>

namespace stridescope {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  bool contains(float px, float py) const { return px >= x && px < x + w && py >= y && py < y + h; }
  bool operator==(const Rect&) const = default;
};

// What the canvas holds.
struct CanvasShape {
  unsigned words = 0;      // shared-memory words (elements)
  unsigned word_size = 4;  // bytes per word
  unsigned threads = 0;    // threads of the block
};

// The room it has and the sizes of its text, in pixels.
struct CanvasMetrics {
  float width = 0, height = 0;
  float label_width = 0;  // left column: "s[992..1023]", "warp 31"
  float tag_width = 0;    // right column: "32-way"
  float text_height = 0;  // one line of canvas labels (bank numbers, warp labels)
};

struct CanvasLayout {
  // Memory.
  unsigned banks_per_word = 1;  // 1 for 4-byte words, 2 for 8-byte words
  unsigned bank_columns = 32;   // banks across (32, or fewer when the block's memory is smaller)
  unsigned words_per_row = 32;  // bank_columns / banks_per_word
  unsigned rows = 1;            // rows of memory
  unsigned panels = 1;          // memory in 1, 2 or 4 panels side by side (a wide, short canvas)
  unsigned rows_per_panel = 1;
  float panel_stride = 0;  // x distance between panels (each has its own row labels)
  unsigned words = 0;
  float pitch = 0;       // bank column width (and memory row height of 4-byte words)
  float row_scale = 1;   // 8-byte words' rows may be up to twice as tall, where there is room
  float gap = 0;         // space between cells
  float left = 0;        // x of bank column 0 of panel 0
  float header_top = 0;  // y of the bank numbers
  float memory_top = 0;  // y of memory row 0
  // Threads.
  unsigned threads = 0;
  unsigned lanes = 32;  // lanes drawn per warp (the block size when below 32)
  unsigned warps = 1;
  unsigned warps_per_row = 1;  // 1, or 2 or 4 for blocks of more than 8 warps
  unsigned warp_rows = 1;
  bool warp_bars = false;  // a bar under each warp's lanes in its state's colour (several
                           // warps per row; one warp per row has its label coloured instead)
  float bar_height = 0;
  float lane_pitch = 0;
  float lane_height = 0;
  float warp_pitch = 0;      // x distance between warps in one row
  float warp_row_pitch = 0;  // y distance between rows of warps
  float lane_offset = 0;     // y of a row's lanes below its top
  float threads_top = 0;     // y of the first row of warps
  float bottom = 0;          // y below the last row of warps

  Rect word_rect(unsigned word) const;
  Rect lane_rect(unsigned thread) const;
  Rect warp_rect(unsigned warp) const;           // its lanes
  Rect warp_bar_rect(unsigned warp) const;       // under its lanes (warp_bars)
  Rect warp_row_label_rect(unsigned row) const;  // left of a row of warps
  float row_pitch() const { return pitch * row_scale; }
  float panel_left(unsigned panel) const { return left + panel * panel_stride; }
  float grid_width() const { return panel_left(panels - 1) + bank_columns * pitch - gap - left; }
  // The word or thread under a point, or -1.
  int word_at(float x, float y) const;
  // The word whose place (its cell and the gap after it) holds a point, or -1.
  int word_place_at(float x, float y) const;
  int thread_at(float x, float y) const;
  int warp_at(float x, float y) const;  // on its label (one warp per row) or its bar
  float label_width = 0;
  float text_height = 0;
};

// Words in one row of memory: 128 bytes' worth (32 four-byte or 16 eight-byte words), or fewer.
unsigned words_per_row(const CanvasShape& shape);

// Fits the memory grid and the warps into the metrics: square bank columns, as large as fit
// (capped so a 16-word block stays readable), lanes at least a line of text tall.
CanvasLayout layout_canvas(const CanvasShape& shape, const CanvasMetrics& metrics);

// Header text of word column `column`: the bank ("5"), or the banks an 8-byte word spans ("10-11").
std::string bank_header(const CanvasLayout& layout, unsigned column);

// The rows one label names: every row its own where a row is at least about a label tall, else
// groups of 2, 4, ... rows (never across panels), each label naming its whole group ("s[0..63]",
// "warps 2-3"), so that no row goes unnamed.
struct RowGroup {
  unsigned first = 0, count = 1;
  bool operator==(const RowGroup&) const = default;
};
std::vector<RowGroup> label_groups(unsigned rows, unsigned rows_per_panel, float row_pitch,
                                   float label_size);

}  // namespace stridescope
