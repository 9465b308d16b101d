// When the window draws its next frame: at once while something animates (no faster than the
// display), a few frames after input so that ImGui settles, and otherwise not until an event or a
// piece of background work (a tracing, a dialog) has news. Pure: the loop asks, this answers.
#pragma once

#include <optional>

namespace stridescope {

struct FrameState {
  bool capture = false;     // a screenshot, benchmark or export: every frame at once, no waiting
  bool animating = false;   // playing, a transition, a layout or a panel that moves
  bool had_events = false;  // input or window events arrived since the last frame
};

class FramePacing {
 public:
  // Frames drawn after the last event before the window may sleep: ImGui lays out an auto-sized
  // window or opens a popup a frame after the click that asked for it, the layout follows a panel
  // whose contents changed height a frame later.
  static constexpr int kSettleFrames = 3;

  explicit FramePacing(double display_hz) : frame_seconds_(1.0 / display_hz) {}

  // After a frame that took `drawn_in` seconds: how long to wait for events before drawing the
  // next one anyway (0: at once), or nothing: sleep until an event or background news.
  std::optional<double> after_frame(const FrameState& state, double drawn_in);

 private:
  double frame_seconds_;
  int settle_left_ = kSettleFrames + 2;  // the first frames lay the windows out
};

}  // namespace stridescope
