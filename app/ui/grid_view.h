// The grid view: every block's result after each launch, and how the second stage makes them one.
#pragma once

#include <cstddef>

#include "trace/trace.h"
#include "ui/theme.h"

namespace stridescope {

struct GridViewState {
  std::size_t shown = 0;  // rows revealed so far (launches, then the second stage)
  const Trace* for_trace = nullptr;
};

void grid_view(const Trace& trace, GridViewState& state, const Palette& palette);

}  // namespace stridescope
