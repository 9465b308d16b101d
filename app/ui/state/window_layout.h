// Where the panels' windows go: each panel's placement (fractions of the display) for the view in
// use, turned into pixels for the display's size and the text size. Pure: tests call it directly.
#pragma once

#include <optional>
#include <vector>

namespace stridescope {

// A window's place as fractions of the display: x, y, width, height.
struct Placement {
  float x = 0, y = 0, w = 1, h = 1;
};

// Where a panel goes in each view (ui/panels/layout_table.h says it for every panel; this file
// picks the view and turns the placement into pixels).
struct PanelLayout {
  std::optional<Placement> normal;     // none: not shown in the normal view
  std::optional<Placement> presenter;  // none: not shown in the presenter view
  std::optional<Placement> compact;    // the normal view on a display narrow for the text size
  std::optional<Placement> compact_presenter;  // the presenter view on such a display
  float min_lines = 0;       // at least this many lines of text tall: neighbours give way
  bool fit_content = false;  // as tall as its contents (measured each frame): neighbours give way
};

// Normal: the five panels side by side. Presenter: the canvas across the window, timeline and
// facts under it. On a display too narrow for the text (fewer than kCompactEms text heights
// across, e.g. 1280x720 at text size 2) each turns compact: the canvas and a column of panels
// beside it, the timeline across the whole width under them.
enum class LayoutMode { Normal, Compact, Presenter, CompactPresenter };
constexpr float kCompactEms = 64;

LayoutMode layout_mode(bool presenter, float display_w, float font_size);
const std::optional<Placement>& placement_in(const PanelLayout& layout, LayoutMode mode);
std::optional<Placement>& placement_in(PanelLayout& layout, LayoutMode mode);

struct WindowRect {
  float x = 0, y = 0, w = 0, h = 0;
  bool inside(float display_w, float display_h) const {
    return x >= 0 && y >= 0 && x + w <= display_w + 0.5f && y + h <= display_h + 0.5f;
  }
};

WindowRect to_pixels(const Placement& where, float display_w, float display_h);
Placement to_fractions(const WindowRect& rect, float display_w, float display_h);

// The panels' rectangles in pixels. A panel shorter than its `min_heights` entry grows across one
// of its horizontal edges (its top when it sits on the display's bottom edge, else its bottom):
// the panels with an edge on that line and overlapping it (and them) side by side give way,
// shrinking to no less than their own minimum or a quarter of the display, and those beside it
// on the same line move with it. Panels without a placement stay absent.
std::vector<std::optional<WindowRect>> resolve_layout(
    const std::vector<std::optional<Placement>>& places, const std::vector<float>& min_heights,
    float display_w, float display_h);

// `rect` moved and shrunk to lie inside the display, no smaller than `least` a side.
WindowRect clamp_inside(WindowRect rect, float display_w, float display_h, float least);

}  // namespace stridescope
