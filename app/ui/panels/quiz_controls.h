// The quiz's row over the memory canvas: the conflict degree to predict, reveal, clear, the score.
#pragma once

#include "ui/state/app_context.h"

namespace stridescope {

// Draws the row for the quiz's phase (nothing when it is off or paused).
void quiz_controls(AppContext& ctx);

// →, Enter or ">" with the quiz asking or revealing: brings the Shared memory tab forward if
// another tab is in front (the question must be seen first), else the quiz's forward(). False
// when the quiz does not take the step (off, paused): the caller steps as usual.
bool quiz_forward(AppContext& ctx);

// Turns the quiz on or off (key Q, the timeline's box): on brings the Shared memory tab forward
// and asks for the step after the one shown.
void set_quiz(AppContext& ctx, bool on);

}  // namespace stridescope
