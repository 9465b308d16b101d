// A slider's text beside its grab, never under it: ImGui draws a slider's value over its grab,
// and with a few steps (a trace of ten) the grab is a tenth of the track, wide enough to hide
// "step 2" behind it. The slider is drawn without text; its text goes to the larger free side.
// The geometry is pure (tested in tests/gui/test_slider_text.cpp).
#pragma once

#include <optional>

namespace stridescope {

struct GrabSpan {
  float x0 = 0, x1 = 0;
};

// Where ImGui (1.86) draws the grab of a horizontal slider whose frame spans [left, right], at
// `t` (0..1) along it: its 2-pixel padding, its grab `grab_size` wide.
GrabSpan slider_grab(float left, float right, float t, float grab_size);

// An integer slider's grab over `values` values: the track shared among them, at least
// `min_size` (ImGui's style.GrabMinSize).
float int_slider_grab_size(float left, float right, int values, float min_size);

// Where a text `width` wide starts: centred in the larger part of the frame beside the grab,
// `padding` from the frame's and the grab's edges; none when it fits on neither side.
std::optional<float> text_beside_grab(float left, float right, GrabSpan grab, float width,
                                      float padding);

// After an ImGui slider drawn with an empty format, whose frame spans [left, right] (its label, if
// any, lies beyond): its `text` in the larger free part of it, or `fallback` (shorter) where `text`
// fits on neither side, or nothing.
void draw_slider_text(const char* text, const char* fallback, float left, float right, float t,
                      float grab_size);

}  // namespace stridescope
