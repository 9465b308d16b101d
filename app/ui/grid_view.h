// The grid view: every block's result after each launch, and how the second stage makes them one.
#pragma once

#include <cstddef>

#include "trace/trace.h"
#include "ui/theme.h"

namespace stridescope {

struct GridViewState {
  std::size_t shown = 0;       // rows revealed so far (launches, then the second stage)
  std::size_t generation = 0;  // the session's trace generation this state belongs to
  bool playing = false;        // revealing one row after another
  double last_reveal = 0;      // ImGui time of the last reveal
};

inline constexpr double kGridRevealSeconds = 0.9;

// `generation` changes with every new trace (Session::generation): the view then starts over.
void grid_view(const Trace& trace, std::size_t generation, GridViewState& state,
               const Palette& palette);

}  // namespace stridescope
