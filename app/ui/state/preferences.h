// User preferences kept between runs: the animation speed, the files opened last and where the user
// moved windows (ImGui's own ini file keeps the rest of its state). The presenter's settings (text
// size, high contrast, presenter view) are not kept: they come from the command line each time
// (README, Preferences).
#pragma once

#include <string>
#include <vector>

#include "ui/state/window_layout.h"

namespace stridescope {

// A window the user moved, as fractions of the display it was moved on.
struct SavedPlacement {
  std::string title;
  Placement where;
};

struct Preferences {
  float speed = 1.0f;
  std::vector<SavedPlacement> layout;
  std::vector<std::string> recent;  // files opened last, newest first (model/recent_files.h)
};

Preferences load_preferences(const std::string& path);  // a missing or damaged file: defaults
// The old file stays whole when the new one cannot be written; throws FileError (core/files.h).
void save_preferences(const Preferences& preferences, const std::string& path);
std::string config_directory();  // $XDG_CONFIG_HOME/stridescope or ~/.config/stridescope

}  // namespace stridescope
