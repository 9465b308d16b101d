// Columns of panels sharing their height, and the compact view's accordion (panel_columns.h).
#include "ui/state/panel_columns.h"

#include <algorithm>
#include <cmath>

namespace stridescope {
namespace {

bool near(float a, float b) {
  return std::fabs(a - b) <= 1.0f;
}

bool same_column(const WindowRect& a, const WindowRect& b) {
  return near(a.x, b.x) && near(a.w, b.w);
}

}  // namespace

std::vector<std::vector<std::size_t>> panel_columns(
    const std::vector<std::optional<WindowRect>>& rects) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < rects.size(); ++i)
    if (rects[i]) order.push_back(i);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return rects[a]->y < rects[b]->y; });
  std::vector<std::vector<std::size_t>> columns;
  std::vector<bool> taken(rects.size(), false);
  for (std::size_t top : order) {
    if (taken[top]) continue;
    std::vector<std::size_t> column{top};
    taken[top] = true;
    for (std::size_t next : order) {
      const WindowRect& last = *rects[column.back()];
      if (taken[next] || !same_column(last, *rects[next]) || !near(last.y + last.h, rects[next]->y))
        continue;
      column.push_back(next);
      taken[next] = true;
    }
    if (column.size() >= 2) columns.push_back(column);
  }
  return columns;
}

void share_column_room(std::vector<std::optional<WindowRect>>& rects,
                       const std::vector<bool>& collapsed, float title_height) {
  for (const std::vector<std::size_t>& column : panel_columns(rects)) {
    const float top = rects[column.front()]->y;
    const WindowRect& bottom = *rects[column.back()];
    float total = bottom.y + bottom.h - top, open_height = 0;
    std::size_t shut = 0;
    for (std::size_t i : column) {
      if (collapsed[i])
        ++shut;
      else
        open_height += rects[i]->h;
    }
    if (shut == 0) continue;
    float share = open_height > 0 ? (total - shut * title_height) / open_height : 0;
    float y = top;
    for (std::size_t i : column) {
      rects[i]->h = collapsed[i] ? title_height : rects[i]->h * share;
      rects[i]->y = y;
      y += rects[i]->h;
    }
  }
}

std::size_t accordion_open(const std::vector<std::size_t>& column, std::size_t open,
                           const std::vector<bool>& collapsed_now) {
  auto at = std::find(column.begin(), column.end(), open);
  if (at == column.end()) return column.front();
  for (std::size_t i : column)
    if (i != open && !collapsed_now[i]) return i;  // the user opened it
  if (!collapsed_now[open]) return open;
  return std::next(at) != column.end() ? *std::next(at) : *std::prev(at);
}

}  // namespace stridescope
