// Frame pacing: draw while something moves, settle after input, then sleep.
#include "ui/platform/frame_pacing.h"

namespace stridescope {

std::optional<double> FramePacing::after_frame(const FrameState& state, double drawn_in) {
  if (state.capture) return 0.0;
  if (state.had_events) settle_left_ = kSettleFrames;
  if (state.animating) {
    settle_left_ = kSettleFrames;  // the last animated frame is followed by settled ones
    return drawn_in < frame_seconds_ ? frame_seconds_ - drawn_in : 0.0;
  }
  if (settle_left_ > 0) {
    --settle_left_;
    return 0.0;
  }
  return std::nullopt;
}

}  // namespace stridescope
