// The Compare tab's pane arrangement (see compare_layout.h).
#include "ui/panels/compare_layout.h"

#include <algorithm>
#include <cmath>

namespace stridescope {
namespace {

constexpr float kPadding = 16;  // a pane's border and inner padding, both sides together

// A pane of `width` x `height`: where its facts go and its canvas's room ("side": the canvas's
// height, or a third of its width where that is less).
struct PaneFit {
  bool beside = true;
  float title_height = 0, least_height = 0, side = 0;
};

PaneFit fit(const PaneContents& c, float width, float height, bool title_may_wrap = true) {
  PaneFit f;
  float inner = std::max(1.0f, width - kPadding);
  int title_lines = title_may_wrap ? pane_title_lines(c.title_width, inner) : 1;
  f.title_height = c.line_height * static_cast<float>(title_lines);
  f.beside = c.facts_width <= inner * 0.4f;
  float facts = c.line_height * static_cast<float>(c.fact_lines);
  float canvas_w = f.beside ? inner - c.facts_width : inner;
  float above = f.beside ? 0.0f : facts;
  float least_canvas = std::max(c.min_canvas_height, f.beside ? facts : 0.0f);
  f.least_height = kPadding + f.title_height + above + least_canvas;
  float canvas_h = std::max(height, f.least_height) - kPadding - f.title_height - above;
  f.side = std::min(canvas_w / 3.0f, canvas_h);
  // A wrapped title that leaves the canvas less than its least room goes on one line, smaller.
  if (title_lines == 2 && f.least_height > height) return fit(c, width, height, false);
  return f;
}

}  // namespace

int pane_title_lines(float title_width, float inner_width) {
  // 1.8 lines of width: wrapping at blanks leaves a ragged edge, and the text must still fit two.
  return title_width > inner_width && title_width <= 1.8f * inner_width ? 2 : 1;
}

PaneGrid pane_grid(std::size_t panes, float width, float height, float gap,
                   const PaneContents& contents) {
  PaneGrid best;
  float best_side = -1, best_shown = -1;
  for (int cols = 1; cols <= static_cast<int>(std::max<std::size_t>(panes, 1)); ++cols) {
    int rows = static_cast<int>((panes + cols - 1) / cols);
    float w = (width - gap * static_cast<float>(cols - 1)) / static_cast<float>(cols);
    float h = (height - gap * static_cast<float>(rows - 1)) / static_cast<float>(rows);
    PaneFit f = fit(contents, w, h);
    bool fits = f.least_height <= h;
    // The arrangement that shows the most of the panes at once (all of them where it fits: a
    // projector's text may leave none that fits); then the larger canvas wins.
    float total =
        static_cast<float>(rows) * std::max(h, f.least_height) + gap * static_cast<float>(rows - 1);
    float shown = std::min(1.0f, height / std::max(1.0f, total));
    if (shown > best_shown + 0.01f || (shown >= best_shown - 0.01f && f.side > best_side + 0.5f)) {
      best = {cols, rows, w, std::max(h, f.least_height), f.beside, f.title_height, !fits};
      best_side = f.side;
      best_shown = shown;
    }
  }
  return best;
}

}  // namespace stridescope
