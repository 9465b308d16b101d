// Panels stacked in one column share its height: a collapsed panel keeps its title bar and gives
// the rest to the open ones. In the compact view the column is an accordion: one panel open, the
// others their title bars, so the open one is readable on a projector. Pure: tests call it.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "ui/state/window_layout.h"

namespace stridescope {

// The columns of `rects`: groups of two or more shown panels with the same left edge and width,
// each one's top on the bottom of the one above; each group top to bottom.
std::vector<std::vector<std::size_t>> panel_columns(
    const std::vector<std::optional<WindowRect>>& rects);

// In each column: a collapsed panel is `title_height` tall, the open ones share the rest in
// proportion to their heights, and the panels stay stacked from the column's top. A column whose
// panels are all collapsed keeps their title bars at its top.
void share_column_room(std::vector<std::optional<WindowRect>>& rects,
                       const std::vector<bool>& collapsed, float title_height);

// The accordion's open panel after a frame in which the user may have toggled some: one the user
// opened (other than `open`) becomes the open one; the open one the user collapsed hands over to
// the panel under it (the one above, at the column's bottom); else `open` stays. `open` not in the
// column: the column's first panel.
std::size_t accordion_open(const std::vector<std::size_t>& column, std::size_t open,
                           const std::vector<bool>& collapsed_now);

}  // namespace stridescope
