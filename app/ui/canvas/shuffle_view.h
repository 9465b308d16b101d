// The shuffle view: one warp's registers at each __shfl_down_sync round of the current step.
#pragma once

#include <cstddef>
#include <vector>

#include "model/trace_model.h"
#include "ui/platform/theme.h"

namespace stridescope {

// Fills the rest of the current ImGui window: a row of 32 lane cells per round (the value each
// lane handed in), arrows from lane l + delta to lane l, and a last row with the sums.
void shuffle_view(const std::vector<WarpShuffleRound>& rounds, unsigned warp, unsigned warps,
                  const Palette& palette);

// The height the view takes at `width` with `rounds` rounds when its cells are as wide as the
// width allows (its title line included), so the canvas above it can keep the rest.
float shuffle_view_height(std::size_t rounds, float width);

}  // namespace stridescope
