// Where the Compare tab's panes go: columns and rows for two to four panes, and, inside a pane,
// whether its facts sit beside the canvas or above it. The text keeps the window's size (a
// projector's text size 2 included): where the panes do not fit at that size, they scroll. Pure.
#pragma once

#include <cstddef>

namespace stridescope {

// What a pane holds, measured at the text size in use (pixels).
struct PaneContents {
  float title_width = 0;       // its title on one line
  float facts_width = 0;       // its widest fact line
  std::size_t fact_lines = 3;  // fact lines
  float line_height = 16;      // a line of text, with its spacing
  float min_canvas_height = 64;
};

struct PaneGrid {
  int columns = 1, rows = 1;
  float pane_width = 0, pane_height = 0;
  bool facts_beside = true;  // beside the canvas; else above it
  float title_height = 0;    // the title's lines (pane_title_lines; one where the pane is short)
  bool scrolls = false;      // the panes are taller together than the region
};

// A pane's title lines in a pane `inner_width` wide: one where it fits; two where it wraps into
// about two; else one line (the pane then shows the variant's id, or the title drawn smaller: a
// third line would take a small pane's canvas). pane_grid also puts a two-line title on one line
// where the pane is too short for two.
int pane_title_lines(float title_width, float inner_width);

// The panes' arrangement in a region `width` x `height` with `gap` between panes: the one whose
// canvases get the most room (a canvas is wide: 32 banks across, about 3:1) among those that show
// the most of the panes at once, each pane at least as tall as its title, facts and smallest
// canvas (the region scrolls where that does not fit).
PaneGrid pane_grid(std::size_t panes, float width, float height, float gap,
                   const PaneContents& contents);

}  // namespace stridescope
