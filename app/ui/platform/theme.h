// Themes and fonts: a normal dark theme, a high-contrast presenter theme, scalable fonts.
#pragma once

#include <imgui.h>

namespace stridescope {

struct Palette {
  ImVec4 canvas_background;
  ImVec4 cell_untouched;
  ImVec4 cell_read;
  ImVec4 cell_written;
  ImVec4 lane_active;  // a thread that accessed shared memory in the step
  ImVec4 lane_idle;    // a thread that did not
  ImVec4 conflict;
  ImVec4 arrow;
  ImVec4 focus;  // frame of the hovered or selected threads and words
  ImVec4 text_on_light;
  ImVec4 text_on_dark;
  ImVec4 text_dim;
  ImVec4 warp_full;
  ImVec4 warp_divergent;
  ImVec4 warp_idle;
  ImVec4 source_current;  // background of the step's barrier line
  ImVec4 source_access;   // background of lines that touched shared memory
  ImVec4 error;
  ImVec4 race_read_after_write;
  ImVec4 race_write_after_read;
  ImVec4 race_write_after_write;
  ImVec4 lost;              // values that never reach the result
  ImVec4 uninitialized;     // reads of words nobody wrote
  ImVec4 waiting;           // threads stuck at a divergent barrier
  ImVec4 timing_copy;       // the device copy's bar and curve
  ImVec4 timing_cub;        // CUB's (NVIDIA green)
  ImVec4 timing_series[5];  // the variants', in turn
  // The Timing tab: each family a ramp from its first to its last kernel in ladder order.
  struct TimingFamilies {
    ImVec4 harris_first, harris_last;    // Harris's kernel 1 .. kernel 7
    ImVec4 shuffle_first, shuffle_last;  // tuned .. warp shuffles, cooperative groups
    ImVec4 other_first, other_last;      // serial .. the dot products
    ImVec4 spread;                       // whiskers (q1..q3) on the bars
    ImVec4 unstable;                     // the mark on an unstable point (no curve's colour)
  } timing_families;
  // The quiz: a learner's mark before the reveal, then each mark judged.
  ImVec4 quiz_mark;    // marked: will be written / active
  ImVec4 quiz_right;   // a mark that happened (a ring)
  ImVec4 quiz_wrong;   // a mark that did not (a cross)
  ImVec4 quiz_missed;  // what happened unmarked (a dashed frame)
};

const Palette& palette(bool high_contrast);

// Applies ImGui colours and sizes for the theme and scale (call between frames).
void apply_style(bool high_contrast, float scale);

struct Fonts {
  ImFont* ui = nullptr;
  ImFont* mono = nullptr;
};

// (Re)builds the font atlas at `scale`; falls back to ImGui's built-in font if DejaVu is absent.
Fonts load_fonts(float scale);

}  // namespace stridescope
