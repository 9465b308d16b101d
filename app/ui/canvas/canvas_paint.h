// What the memory canvas lays out with ImGui: labels and values (into draw lists of its own,
// painted into the canvas image), links, the hazard lab's marks, the banner and the legend (on
// top). Free functions over one painting context.
#pragma once

#include <imgui.h>

#include "ui/canvas/canvas_layout.h"
#include "ui/canvas/canvas_model.h"
#include "ui/platform/theme.h"
#include "ui/state/quiz.h"

namespace stridescope {

struct CanvasView;

inline constexpr ImU32 kExitedDimming = IM_COL32(0, 0, 0, 160);  // over threads that exited

struct CanvasPaint {
  const CanvasView& view;
  const CanvasModel& model;
  const CanvasLayout& layout;
  const Palette& palette;
  ImDrawList* list;
  ImVec2 origin;     // screen position of the layout's (0, 0)
  float font_size;   // the UI's text size
  float label_size;  // canvas labels: bank numbers, row and warp labels

  ImVec2 at(float x, float y) const { return ImVec2(origin.x + x, origin.y + y); }
  void text(float size, ImVec2 position, ImVec4 color, const char* text) const;
};

// Sizes of canvas labels for the UI's text size.
float canvas_label_size(float font_size);
// The left column's width for this block: its widest row label ("s[992..1023]") or warp label.
// The row labels' column: the widest of "s[992..1023]" (or the program's array names), "warp 31".
float canvas_label_width(const CanvasShape& shape, float label_size,
                         const std::vector<SharedArray>& arrays = {});
float canvas_tag_width(float label_size);  // the right column: "32-way"

void draw_values(const CanvasPaint& paint);

// Word w's box: its cell; both halves of a double (CellHalf) as one box where they share a row
// (the low half's, w 0 for the high half's), else each its own cell.
Rect element_rect(const CanvasLayout& l, const CanvasModel& m, unsigned w);
// The word whose element's box holds a point (a two-word element's low half, also between its
// two cells), or -1.
int element_at(const CanvasLayout& l, const CanvasModel& m, float x, float y);
void draw_bank_header(const CanvasPaint& paint);
void draw_row_labels(const CanvasPaint& paint);
void draw_warp_labels(const CanvasPaint& paint);
void draw_lane_numbers(const CanvasPaint& paint);

// Lines from threads to the words they touched: the focus's, or every touch of a small step.
void draw_links(const CanvasPaint& paint, const CanvasSelection& selection);
// Races (lines from both threads to the word), lost elements, uninitialized reads, and threads
// stuck at a divergent barrier; races away from the selection (if any) faint.
void draw_lab_overlay(const CanvasPaint& paint, const CanvasSelection& selection);

// The quiz: marks (a white ring and dot), then right (green ring), wrong (red cross) and missed
// (dashed frame) on words and threads.
void draw_quiz_marks(const CanvasPaint& paint, const QuizOverlay& quiz);

// The banners over the canvas (a divergent barrier, the quiz) for a canvas `height` tall with them.
float banner_height(const CanvasView& view, float width, float height);
void draw_banner(const CanvasView& view, ImDrawList* list, ImVec2 at, float width, float height);

// The legend, wrapped onto as many lines as `width` needs.
float legend_height(const CanvasView& view, float width);
void draw_legend(const CanvasView& view, ImDrawList* list, ImVec2 at, float width);

}  // namespace stridescope
