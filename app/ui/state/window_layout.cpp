// The panels' rectangles from their placements (ui/state/window_layout.h).
#include "ui/state/window_layout.h"

#include <algorithm>
#include <cmath>

namespace stridescope {
namespace {

constexpr float kEdge = 1.0f;  // pixels: edges closer than this are one edge

bool near(float a, float b) {
  return std::fabs(a - b) < kEdge;
}

bool side_by_side(const WindowRect& a, const WindowRect& b) {
  return a.x < b.x + b.w - kEdge && b.x < a.x + a.w - kEdge;
}

// Grows rects[i] to `need` pixels tall across one horizontal edge (see resolve_layout).
void grow(std::vector<std::optional<WindowRect>>& rects, const std::vector<float>& min_heights,
          std::size_t i, float need, float display_h) {
  WindowRect& r = *rects[i];
  bool up = near(r.y + r.h, display_h);  // on the bottom edge: its top moves up
  float seam = up ? r.y : r.y + r.h;
  std::size_t n = rects.size();
  std::vector<char> with(n, 0), against(n, 0);  // move with i's edge; give way to it
  with[i] = 1;
  for (bool more = true; more;) {
    more = false;
    for (std::size_t j = 0; j < n; ++j) {
      if (!rects[j] || with[j] || against[j]) continue;
      const WindowRect& o = *rects[j];
      bool same = up ? near(o.y, seam) : near(o.y + o.h, seam);
      bool opposite = up ? near(o.y + o.h, seam) : near(o.y, seam);
      if (!same && !opposite) continue;
      bool touches = false;
      for (std::size_t k = 0; k < n; ++k)
        touches |= (with[k] || against[k]) && side_by_side(o, *rects[k]);
      if (!touches) continue;
      (same ? with : against)[j] = 1;
      more = true;
    }
  }
  float d = need - r.h;
  for (std::size_t j = 0; j < n; ++j) {
    if (!against[j]) continue;
    float keep = std::max(j < min_heights.size() ? min_heights[j] : 0.0f, display_h * 0.12f);
    d = std::min(d, rects[j]->h - keep);
  }
  if (d <= 0) return;
  for (std::size_t j = 0; j < n; ++j) {
    WindowRect* o = rects[j] ? &*rects[j] : nullptr;
    if (o == nullptr) continue;
    if (with[j]) {
      if (up) o->y -= d;
      o->h += d;
    } else if (against[j]) {
      if (!up) o->y += d;
      o->h -= d;
    }
  }
}

}  // namespace

LayoutMode layout_mode(bool presenter, float display_w, float font_size) {
  bool compact = display_w < kCompactEms * font_size;
  if (presenter) return compact ? LayoutMode::CompactPresenter : LayoutMode::Presenter;
  return compact ? LayoutMode::Compact : LayoutMode::Normal;
}

const std::optional<Placement>& placement_in(const PanelLayout& layout, LayoutMode mode) {
  return placement_in(const_cast<PanelLayout&>(layout), mode);
}

std::optional<Placement>& placement_in(PanelLayout& layout, LayoutMode mode) {
  switch (mode) {
    case LayoutMode::Presenter:
      return layout.presenter;
    case LayoutMode::Compact:
      return layout.compact;
    case LayoutMode::CompactPresenter:
      return layout.compact_presenter;
    case LayoutMode::Normal:
      break;
  }
  return layout.normal;
}

WindowRect to_pixels(const Placement& where, float display_w, float display_h) {
  return {std::round(where.x * display_w), std::round(where.y * display_h),
          std::round(where.w * display_w), std::round(where.h * display_h)};
}

Placement to_fractions(const WindowRect& rect, float display_w, float display_h) {
  if (display_w <= 0 || display_h <= 0) return {};
  return {rect.x / display_w, rect.y / display_h, rect.w / display_w, rect.h / display_h};
}

std::vector<std::optional<WindowRect>> resolve_layout(
    const std::vector<std::optional<Placement>>& places, const std::vector<float>& min_heights,
    float display_w, float display_h) {
  std::vector<std::optional<WindowRect>> rects(places.size());
  for (std::size_t i = 0; i < places.size(); ++i) {
    if (places[i]) rects[i] = to_pixels(*places[i], display_w, display_h);
  }
  for (std::size_t i = 0; i < rects.size() && i < min_heights.size(); ++i) {
    if (!rects[i]) continue;
    float need = std::min(min_heights[i], display_h * 0.6f);
    if (need > rects[i]->h + 0.5f) grow(rects, min_heights, i, need, display_h);
  }
  return rects;
}

WindowRect clamp_inside(WindowRect r, float display_w, float display_h, float least) {
  r.w = std::clamp(r.w, std::min(least, display_w), display_w);
  r.h = std::clamp(r.h, std::min(least, display_h), display_h);
  r.x = std::clamp(r.x, 0.0f, display_w - r.w);
  r.y = std::clamp(r.y, 0.0f, display_h - r.h);
  return r;
}

}  // namespace stridescope
