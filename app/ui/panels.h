// The ImGui panels around the canvas: run settings, timeline, step facts, source.
#pragma once

#include <imgui.h>

#include "emu/run_variant.h"
#include "ui/session.h"

namespace stridescope {

struct UiSettings {
  float font_scale = 1.0f;
  bool high_contrast = false;
  bool focus = false;  // presenter view: the canvas across the whole window
  char trace_path[512] = "trace.json";
};

// Variant, block size, n, type, input, seed; re-runs the emulator when a setting changes.
void run_panel(Session& session, RunRequest& request, UiSettings& settings);
// Play/pause, step, scrub, speed.
void timeline_panel(Session& session, UiSettings& settings);
// What this step does, in words and figures.
void facts_panel(Session& session, bool high_contrast);
// The variant's kernel file with the step's lines highlighted.
void source_panel(Session& session, ImFont* mono, bool high_contrast);
// Space, left/right, Home/End, F for the presenter view (ignored while a text field has focus).
void handle_keys(Session& session, UiSettings& settings);

}  // namespace stridescope
